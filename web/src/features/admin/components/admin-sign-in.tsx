import { Authenticator, translations } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.layer.css';
import type { SignInInput } from 'aws-amplify/auth';
import { I18n } from 'aws-amplify/utils';
import { type ComponentProps, useEffect, useState } from 'react';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { loadAuth, refreshSession } from '@/lib/session';
import { ADMIN_TEXTS } from '../texts';

/**
 * Amplify UI's dictionaries in Spanish, with the app's own words where they differ (the field is an
 * e-mail address; Cognito's messages said plainly). Registered once, when this chunk loads.
 */
I18n.putVocabularies(translations);
I18n.putVocabularies({
  es: {
    Email: 'Correo electrónico',
    'Enter your Email': 'tu.correo@ucab.edu.ve',
    'Enter your email': 'tu.correo@ucab.edu.ve',
    'Enter your Password': 'Tu contraseña',
    'Sign In': 'Iniciar sesión',
    'Sign in': 'Iniciar sesión',
    'Incorrect username or password.': 'Correo o contraseña incorrectos',
    'User does not exist.': 'Correo o contraseña incorrectos',
    'User is not confirmed.': 'Tu correo necesita verificación.',
  },
});
I18n.setLanguage('es');

/**
 * Signs in with the flow this stage allows: SRP in AWS, USER_PASSWORD_AUTH locally (cognito-local
 * has no SRP). Amplify is the app's own instance, configured once by lib/session.ts.
 */
async function handleSignIn(input: SignInInput) {
  const { auth, config } = await loadAuth();
  return auth.signIn({
    ...input,
    username: input.username.trim().toLowerCase(),
    options: { ...input.options, authFlowType: config.auth.authFlowType },
  });
}

// Typed as `typeof signIn`, whose overload with a server context the Authenticator never uses: it
// calls the service with the form's input alone.
type SignInService = NonNullable<ComponentProps<typeof Authenticator>['services']>['handleSignIn'];
const services = { handleSignIn: handleSignIn as SignInService };

/** Rendered by the Authenticator once signed in: the app's session store takes over. */
function SignedIn() {
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <div className="loading-block">
      <Spinner size="lg" />
    </div>
  );
}

const components = {
  Header: () => (
    <div className="admin-sign-in__header">
      <h1 className="page-title">{ADMIN_TEXTS.signInTitle}</h1>
      <p className="muted">{ADMIN_TEXTS.signInSubtitle}</p>
    </div>
  ),
  SignIn: {
    // Cognito's own recovery mail is off (the app mails its reset link): the app's page resets.
    Footer: () => (
      <div className="admin-sign-in__footer">
        <Link to={paths.forgotPassword.getHref()}>¿Olvidaste tu contraseña?</Link>
        <Link to={paths.home.getHref()}>{ADMIN_TEXTS.nav.backToApp}</Link>
      </div>
    ),
  },
};

const formFields = {
  signIn: {
    username: { type: 'email', autocomplete: 'username', isRequired: true },
    password: { autocomplete: 'current-password', isRequired: true },
  },
};

/** Signed out on /admin: Amplify UI's Authenticator, in Spanish, sign-in only (no sign-up tab). */
export default function AdminSignIn() {
  useDocumentMeta(ADMIN_TEXTS.signInTitle);
  const { toast } = useToast();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    loadAuth()
      .then(() => alive && setReady(true))
      .catch(() => toast({ title: 'Error al iniciar sesión', variant: 'destructive' }));
    return () => {
      alive = false;
    };
  }, [toast]);

  return (
    <main className="admin-sign-in">
      {ready ? (
        <Authenticator hideSignUp components={components} formFields={formFields} services={services}>
          {() => <SignedIn />}
        </Authenticator>
      ) : (
        <div className="loading-block">
          <Spinner size="lg" />
        </div>
      )}
    </main>
  );
}
