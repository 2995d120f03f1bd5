import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useHydrated } from '@/hooks/use-hydrated';
import { useDocumentHead } from '@/lib/document-meta';
import { accountHead } from '@/lib/page-head/pages';
import { getSelectedUniversity } from '@/lib/storage';
import { useSignUp } from '../api/sign-up';
import { CodeVerification } from '../components/code-verification';
import {
  handedPassword,
  handOverPassword,
  pendingRegistrationOf,
  rememberRegistration,
} from '../pending-registration';
import { Field } from '@/components/form/field';
import { nextOf } from '../auth-redirect';
import { GoogleButton } from '../components/google-button';
import { errorMessage, type FieldErrors, fieldErrors, registerSchema } from '../schemas';
import '../accounts.css';

export function Component() {
  useDocumentHead((ctx) => accountHead('register', ctx));
  const location = useLocation();
  const email = useSearchParams()[0].get('email');
  // The registration lives in this browser's storage: the server's render (and the hydration of
  // it) show the code screen's loading state, and it is read once hydrated.
  const hydrated = useHydrated();
  // After the sign-up, /register?email=… is the code screen of this browser's registration (a
  // reload keeps it); its back arrow links to /register itself, a new location with a fresh form.
  if (email)
    return (
      <div className="container page auth-page">
        <CodeVerification
          email={email}
          registration={hydrated ? (pendingRegistrationOf(email)?.registration ?? null) : undefined}
          password={hydrated ? handedPassword(email) : null}
          origin={nextOf(location.search)}
        />
      </div>
    );
  return <RegisterFlow key={location.key} />;
}

function RegisterFlow() {
  const { toast } = useToast();
  const signUp = useSignUp();
  const location = useLocation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', idNumber: '', password: '', confirmPassword: '' });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  // What was typed before the app hydrated the server's form.
  const adopt = (key: keyof typeof form) => (typed: string) => setForm((f) => ({ ...f, [key]: typed }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = registerSchema.safeParse({ ...form, acceptTerms });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const email = parsed.data.email.toLowerCase();
    let registration: string;
    try {
      // The server keeps the details and mails the code (the same answer for every address); the
      // password stays here until the code is confirmed with it.
      ({ registration } = await signUp.mutateAsync({
        email,
        full_name: parsed.data.name,
        national_id: parsed.data.idNumber,
        university_id: getSelectedUniversity() ?? '',
      }));
    } catch (err) {
      const reason = err instanceof ApiError ? err.message : errorMessage(err);
      toast({ title: `Error al registrarse: ${reason}`, variant: 'destructive' });
      setSubmitting(false);
      return;
    }
    rememberRegistration(email, registration);
    handOverPassword(email, parsed.data.password);
    toast({ title: '¡Registro exitoso! Te hemos enviado un código de verificación.' });
    setSubmitting(false);
    navigate(paths.register.getHref(email, nextOf(location.search)));
  };

  // The page to come back to, carried on to the other accounts screen: read once hydrated (the
  // server renders with the listing parameters only, RENDER_QUERY_KEYS, so its HTML has no `next`).
  const linkedNext = useHydrated() ? nextOf(location.search) : undefined;

  return (
    <div className="container page auth-page">
      {/* POST: should the form ever be sent without the app (its loader failed too), its fields, a
          password among them, go in no URL (the origin refuses a POST to a page). */}
      <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
        <h1 className="page-title">Crear cuenta</h1>
        <Field
          label="Nombre completo"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          onTyped={adopt('name')}
          error={errors.name}
        />
        <Field
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          onTyped={adopt('email')}
          error={errors.email}
        />
        <Field
          label="Cédula"
          placeholder="V-12345678"
          value={form.idNumber}
          onChange={set('idNumber')}
          onTyped={adopt('idNumber')}
          error={errors.idNumber}
        />
        <Field
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          onTyped={adopt('password')}
          error={errors.password}
        />
        <Field
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          onTyped={adopt('confirmPassword')}
          error={errors.confirmPassword}
        />
        <label className="auth-card__check">
          <input type="checkbox" checked={acceptTerms} onChange={(e) => setAcceptTerms(e.target.checked)} />
          <span>
            Acepto los{' '}
            <a href={paths.terms.getHref()} target="_blank" rel="noopener noreferrer">
              términos y condiciones
            </a>{' '}
            y la{' '}
            <a href={paths.privacy.getHref()} target="_blank" rel="noopener noreferrer">
              política de privacidad
            </a>
          </span>
        </label>
        {errors.acceptTerms && <p className="field__error">{errors.acceptTerms}</p>}
        <button type="submit" className={buttonClass('primary')} disabled={submitting || !acceptTerms}>
          {submitting ? 'Registrando...' : 'Continuar'}
        </button>
        <GoogleButton origin={nextOf(location.search) ?? '/'} />
        <p className="muted">
          ¿Ya tienes cuenta?{' '}
          <Link to={paths.login.getHref(linkedNext)}>
            Inicia sesión
          </Link>
        </p>
      </form>
    </div>
  );
}
