import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { accountHead } from '@/lib/page-head/pages';
import { loadAuth, refreshSession } from '@/lib/session';
import { useHydrated } from '@/hooks/use-hydrated';
import { nextOf } from '../auth-redirect';
import { Field } from '@/components/form/field';
import { GoogleButton } from '../components/google-button';
import { handOverPassword, pendingRegistrationOf } from '../pending-registration';
import { type FieldErrors, fieldErrors, loginSchema } from '../schemas';
import { SIGN_IN_FAILED, signInRefusal } from '@/lib/sign-in-errors';
import '../accounts.css';

const isUnconfirmed = (err: unknown) => err instanceof Error && err.name === 'UserNotConfirmedException';

export function Component() {
  useDocumentHead((ctx) => accountHead('login', ctx));
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  // Warm Amplify while the person types.
  useEffect(() => {
    loadAuth().catch(() => undefined);
  }, []);

  const toVerification = (address: string) => {
    toast({ title: 'Tu correo necesita verificación. Te hemos redirigido para verificar tu email.' });
    navigate(paths.emailVerification.getHref(address));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { auth } = await loadAuth();
      // SRP (Amplify's default), in AWS and locally (decision 059).
      const result = await auth.signIn({
        username: parsed.data.email.toLowerCase(),
        password: parsed.data.password,
      });
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        toVerification(parsed.data.email);
        return;
      }
      if (!result.isSignedIn) throw new Error(result.nextStep.signInStep);
      await refreshSession();
      toast({ title: '¡Inicio de sesión exitoso!' });
      navigate(nextOf(location.search) ?? '/', { replace: true });
    } catch (err) {
      // No account yet, but this browser registered the address: the code screen, with this password.
      if (pendingRegistrationOf(parsed.data.email)) {
        handOverPassword(parsed.data.email, parsed.data.password);
        toVerification(parsed.data.email);
      } else if (isUnconfirmed(err)) toVerification(parsed.data.email);
      else if (err instanceof Error && err.name === 'UserAlreadyAuthenticatedException') {
        await refreshSession();
        navigate(nextOf(location.search) ?? '/', { replace: true });
      } else {
        // Cognito's refusal in Spanish ('Error al iniciar sesión: {message}'), or the spec's bare title.
        const reason = signInRefusal(err);
        toast({
          title: reason ? `${SIGN_IN_FAILED}: ${reason}` : SIGN_IN_FAILED,
          variant: 'destructive',
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  // The page to come back to, carried on to the other accounts screen: read once hydrated (the
  // server renders with the listing parameters only, RENDER_QUERY_KEYS, so its HTML has no `next`).
  const linkedNext = useHydrated() ? nextOf(location.search) : undefined;

  return (
    <div className="container page auth-page">
      {/* POST: should the form ever be sent without the app (its loader failed too), its fields, a
          password among them, go in no URL (the origin refuses a POST to a page). */}
      <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
        <h1 className="page-title">Iniciar Sesión</h1>
        <Field
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onTyped={setEmail}
          error={errors.email}
        />
        <Field
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onTyped={setPassword}
          error={errors.password}
        />
        <Link to={paths.forgotPassword.getHref()}>¿Olvidaste tu contraseña?</Link>
        <button type="submit" className={buttonClass('primary')} disabled={submitting}>
          {submitting ? 'Ingresando...' : 'Continuar'}
        </button>
        <GoogleButton origin={nextOf(location.search) ?? '/'} />
        <p className="muted">
          ¿No tienes cuenta? <Link to={paths.register.getHref(undefined, linkedNext)}>Regístrate</Link>
        </p>
      </form>
    </div>
  );
}
