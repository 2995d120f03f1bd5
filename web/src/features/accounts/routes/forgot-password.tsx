import { type FormEvent, useState } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentHead } from '@/lib/document-meta';
import { accountHead } from '@/lib/page-head/pages';
import { Field } from '@/components/form/field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { forgotPasswordSchema } from '../schemas';
import '../accounts.css';

export function Component() {
  useDocumentHead((ctx) => accountHead('forgotPassword', ctx));
  const { toast } = useToast();
  const requestPasswordReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await requestPasswordReset.mutateAsync(parsed.data.email.toLowerCase());
      setSent(true);
    } catch (err) {
      // e.g. too many requests from this connection: the server's Spanish message says so.
      toast({
        title: 'Error al enviar el correo de recuperación',
        description: err instanceof ApiError ? err.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="container page auth-page">
      {sent ? (
        <div className="auth-card" role="status">
          <h1 className="page-title">Revisa tu correo</h1>
          <p className="muted">
            Si existe una cuenta con {email.trim()}, te enviamos un enlace para restablecer tu contraseña.
          </p>
          <Link to={paths.login.getHref()} className={buttonClass('outline')}>
            Volver a iniciar sesión
          </Link>
        </div>
      ) : (
        // POST: should the form ever be sent without the app (its loader failed too), its field goes
        // in no URL (the origin refuses a POST to a page).
        <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
          <h1 className="page-title">¿Olvidaste tu contraseña?</h1>
          <p className="muted">Te enviaremos un enlace para restablecerla.</p>
          <Field
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onTyped={setEmail}
            error={error}
          />
          <button type="submit" className={buttonClass('primary')} disabled={sending}>
            {sending ? 'Enviando...' : 'Enviar enlace'}
          </button>
          <Link to={paths.login.getHref()}>Volver a iniciar sesión</Link>
        </form>
      )}
    </div>
  );
}
