import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/hooks/use-hydrated';
import { useDocumentHead } from '@/lib/document-meta';
import { accountHead } from '@/lib/page-head/pages';
import { Field } from '@/components/form/field';
import { useResetPassword } from '../api/reset-password';
import { type FieldErrors, fieldErrors, resetPasswordSchema } from '../schemas';
import '../accounts.css';

/** The recovery token of a `#type=recovery&token=…` fragment, or null (access not valid). */
export function recoveryToken(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return params.get('type') === 'recovery' && token ? token : null;
}

export function Component() {
  useDocumentHead((ctx) => accountHead('resetPassword', ctx));
  const { toast } = useToast();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  // The link's fragment never reaches the server: its render (and the hydration of it) show the
  // form as the mail's link opens it, and the fragment is read once hydrated. Undefined: not read.
  const hash = useLocation().hash;
  const token = useHydrated() ? recoveryToken(hash) : undefined;
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    const parsed = resetPasswordSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await resetPassword.mutateAsync({ token, password: parsed.data.password });
      toast({ title: '¡Contraseña actualizada exitosamente! Inicia sesión con tu nueva contraseña.' });
      navigate(paths.login.getHref(), { replace: true });
    } catch (err) {
      toast({
        title:
          err instanceof ApiError
            ? `No se pudo actualizar la contraseña: ${err.message}`
            : 'Ocurrió un error al actualizar la contraseña',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="container page auth-page">
      {/* POST: should the form ever be sent without the app (its loader failed too), its fields, a
          password among them, go in no URL (the origin refuses a POST to a page). */}
      <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
        <h1 className="page-title">Restablecer contraseña</h1>
        <p className="muted">
          {token === null ? ACCOUNT_MESSAGES.invalidResetLink : 'Ingresa tu nueva contraseña.'}
        </p>
        <Field
          label="Nueva contraseña"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
          onTyped={(password) => setForm((f) => ({ ...f, password }))}
          error={errors.password}
        />
        <Field
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => setForm((f) => ({ ...f, confirmPassword: e.target.value }))}
          onTyped={(confirmPassword) => setForm((f) => ({ ...f, confirmPassword }))}
          error={errors.confirmPassword}
        />
        <button type="submit" className={buttonClass('primary')} disabled={token === null || saving}>
          {saving ? 'Guardando...' : 'Guardar nueva contraseña'}
        </button>
        <Link to={paths.login.getHref()} className={buttonClass('ghost')}>
          Volver a iniciar sesión
        </Link>
      </form>
    </div>
  );
}
