import { useState } from 'react';
import { API_MESSAGES } from '#shared/messages';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useRequestSignUpCode } from '../api/request-sign-up-code';
import { CodeVerification } from '../components/code-verification';
import '../accounts.css';

/** 'Verificación requerida': the unconfirmed address, resend, back to login, and the code boxes. */
export function Component() {
  useDocumentMeta('Verificación requerida');
  const { toast } = useToast();
  const requestSignUpCode = useRequestSignUpCode();
  const email = useSearchParams()[0].get('email') ?? '';
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      await requestSignUpCode.mutateAsync(email);
      toast({ title: 'Correo de verificación reenviado' });
    } catch (err) {
      const reason = err instanceof ApiError ? err.message : API_MESSAGES.internal;
      toast({ title: `Error al reenviar el correo: ${reason}`, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="container page auth-page">
      <div className="auth-card">
        <h1 className="page-title">Verificación requerida</h1>
        {email ? (
          <p className="muted">
            Tu correo <strong>{email}</strong> aún no ha sido verificado.
          </p>
        ) : (
          <p className="muted">Tu correo aún no ha sido verificado.</p>
        )}
        {email && (
          <button type="button" className={buttonClass('outline')} onClick={resend} disabled={sending}>
            Reenviar correo de verificación
          </button>
        )}
        <Link to={paths.login.getHref()} className={buttonClass('ghost')}>
          Volver a iniciar sesión
        </Link>
      </div>
      {email && <CodeVerification email={email} />}
    </div>
  );
}
