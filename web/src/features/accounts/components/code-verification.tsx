import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, signUpPasswordSchema } from '#shared/account-schemas';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { API_MESSAGES } from '#shared/messages';
import { CodeInput } from '@/components/form/code-input';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { Field } from '@/components/form/field';
import { ApiError } from '@/lib/api-client';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { useRequestSignUpCode } from '../api/request-sign-up-code';
import { forgetRegistration } from '../pending-registration';

export const SUCCESS_REDIRECT_MS = 1500;

/**
 * Where the code screen is shown: right after registering (back to /register, 'Reenviar código'),
 * or as the 'Verificación requerida' view of an unconfirmed sign-in (/email-verification: back to
 * /login, 'Reenviar correo de verificación'). One heading and one resend action either way.
 */
export type CodeVerificationVariant = 'register' | 'sign-in';

/** Answers after which this browser's registration can confirm nothing more. */
const FINAL_MESSAGES: readonly string[] = [
  ACCOUNT_MESSAGES.registrationInvalid,
  ACCOUNT_MESSAGES.accountExists,
];

/**
 * The 6-digit sign-up code screen: verify (POST /api/auth/confirm), resend, go back. The code
 * confirms this browser's registration (`registration`, its handle) with the password the person
 * chose (`password`, from the register form or the sign-in; asked for here when there is none, as
 * after a reload). Without a registration of this browser there is nothing to confirm: the person
 * registers again (docs/decisions/040).
 */
export function CodeVerification({
  email,
  registration,
  password: givenPassword,
  origin,
  variant = 'register',
}: {
  email: string;
  /** This browser's registration; undefined while it is not read yet (a page being hydrated). */
  registration: string | null | undefined;
  password: string | null;
  origin?: string;
  variant?: CodeVerificationVariant;
}) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const confirmSignUp = useConfirmSignUp();
  const requestSignUpCode = useRequestSignUpCode();
  const [verified, setVerified] = useState(false);
  const [resending, setResending] = useState(false);
  const [typedPassword, setTypedPassword] = useState('');
  const signIn = variant === 'sign-in';
  const password = givenPassword ?? typedPassword;
  const passwordCheck = signUpPasswordSchema.safeParse(password);

  useEffect(() => {
    if (!verified) return;
    // Login then takes the person where they were going before registering.
    const timer = setTimeout(() => navigate(paths.login.getHref(origin)), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, origin]);

  const verify = async (code: string) => {
    if (!registration || !passwordCheck.success) return false;
    try {
      await confirmSignUp.mutateAsync({ registration, code, password });
      forgetRegistration();
      setVerified(true);
      toast({ title: '¡Cuenta verificada exitosamente!' });
      return true;
    } catch (err) {
      if (err instanceof ApiError && FINAL_MESSAGES.includes(err.message)) forgetRegistration();
      toast({
        title: 'Código inválido',
        description: err instanceof ApiError ? err.message : 'El código ingresado no es válido.',
        variant: 'destructive',
      });
      return false;
    }
  };

  const resend = async () => {
    if (!registration) return;
    setResending(true);
    try {
      await requestSignUpCode.mutateAsync(registration);
      toast({ title: signIn ? 'Correo de verificación reenviado' : 'Código reenviado' });
    } catch (err) {
      if (err instanceof ApiError && FINAL_MESSAGES.includes(err.message)) forgetRegistration();
      if (signIn) {
        const reason = err instanceof ApiError ? err.message : API_MESSAGES.internal;
        toast({ title: `Error al reenviar el correo: ${reason}`, variant: 'destructive' });
      } else
        toast({
          title: 'Error',
          description: err instanceof ApiError ? err.message : 'No se pudo reenviar el código.',
          variant: 'destructive',
        });
    } finally {
      setResending(false);
    }
  };

  // The server's render and its hydration: this browser's registration is not read yet.
  if (registration === undefined)
    return (
      <div className="auth-card" aria-busy="true">
        <h1 className="page-title">{signIn ? 'Verificación requerida' : 'Verifica tu correo'}</h1>
        <div className="loading-block">
          <Spinner size="lg" />
        </div>
      </div>
    );

  if (verified)
    return (
      <div className="auth-card" role="status">
        <h1 className="page-title">Verificación exitosa</h1>
        <p className="muted">Tu cuenta está lista. Te llevamos a iniciar sesión…</p>
      </div>
    );

  if (!registration)
    return (
      <div className="auth-card">
        <h1 className="page-title">{signIn ? 'Verificación requerida' : 'Verifica tu correo'}</h1>
        <p className="muted">
          No encontramos en este navegador un registro pendiente de <strong>{email}</strong>, o ya expiró.
          Vuelve a registrarte para recibir un código nuevo.
        </p>
        <Link to={paths.register.getHref()} className={buttonClass('primary')}>
          Registrarse
        </Link>
        {signIn && (
          <Link to={paths.login.getHref()} className={buttonClass('ghost')}>
            Volver a iniciar sesión
          </Link>
        )}
      </div>
    );

  const passwordError =
    typedPassword !== '' && !passwordCheck.success ? passwordCheck.error.issues[0]?.message : undefined;

  return (
    <div className="auth-card">
      {!signIn && (
        <Link to={paths.register.getHref()} className="icon-button" aria-label="Volver al registro">
          ←
        </Link>
      )}
      <h1 className="page-title">{signIn ? 'Verificación requerida' : 'Verifica tu correo'}</h1>
      {signIn ? (
        <p className="muted">
          Tu correo <strong>{email}</strong> aún no ha sido verificado. Ingresa el código de 6 dígitos que te
          enviamos.
        </p>
      ) : (
        <p className="muted">
          Ingresa el código de 6 dígitos que enviamos a <strong>{email}</strong>.
        </p>
      )}
      {givenPassword === null && (
        <Field
          label="Contraseña de tu cuenta"
          type="password"
          autoComplete="new-password"
          value={typedPassword}
          onChange={(e) => setTypedPassword(e.target.value)}
          error={passwordError}
        />
      )}
      <CodeInput onComplete={verify} disabled={!passwordCheck.success} />
      <button type="button" className={buttonClass('outline')} onClick={resend} disabled={resending}>
        {signIn ? 'Reenviar correo de verificación' : 'Reenviar código'}
      </button>
      {signIn && (
        <Link to={paths.login.getHref()} className={buttonClass('ghost')}>
          Volver a iniciar sesión
        </Link>
      )}
    </div>
  );
}
