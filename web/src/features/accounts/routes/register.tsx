import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
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
  useDocumentMeta('Registrarse');
  const location = useLocation();
  const email = useSearchParams()[0].get('email');
  // After the sign-up, /register?email=… is the code screen of this browser's registration (a
  // reload keeps it); its back arrow links to /register itself, a new location with a fresh form.
  if (email)
    return (
      <div className="container page auth-page">
        <CodeVerification
          email={email}
          registration={pendingRegistrationOf(email)?.registration ?? null}
          password={handedPassword(email)}
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

  return (
    <div className="container page auth-page">
      <form className="auth-card" onSubmit={onSubmit} noValidate>
        <h1 className="page-title">Crear cuenta</h1>
        <Field
          label="Nombre completo"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
        />
        <Field
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Cédula"
          placeholder="V-12345678"
          value={form.idNumber}
          onChange={set('idNumber')}
          error={errors.idNumber}
        />
        <Field
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Field
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
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
          <Link to={paths.login.getHref(nextOf(location.search))}>
            Inicia sesión
          </Link>
        </p>
      </form>
    </div>
  );
}
