import { Authenticator, translations } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.layer.css';
import type { SignInInput } from 'aws-amplify/auth';
import { I18n } from 'aws-amplify/utils';
import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { loadAuth, refreshSession } from '@/lib/session';
import { SIGN_IN_FAILED, signInRefusal } from '@/lib/sign-in-errors';
import { ADMIN_TEXTS } from '../texts';

/**
 * Amplify UI's dictionaries in Spanish, with the app's own words where they differ (the field is an
 * e-mail address; the spec's 'Iniciar sesión'). Registered once, when this chunk loads.
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
  },
});
I18n.setLanguage('es');

/** Cognito's refusals in the app's Spanish: what the Authenticator shows, whatever the error. */
export const signInErrorMessage = (error: unknown): string => signInRefusal(error) ?? SIGN_IN_FAILED;

/**
 * Signs in with SRP (Amplify's default), in AWS and locally (decision 059). Amplify is the app's
 * own instance, configured once by lib/session.ts. A refusal reaches the Authenticator in Spanish
 * (signInErrorMessage).
 */
async function handleSignIn(input: SignInInput) {
  const { auth } = await loadAuth();
  try {
    return await auth.signIn({ ...input, username: input.username.trim().toLowerCase() });
  } catch (error) {
    throw new Error(signInErrorMessage(error));
  }
}

// Typed as `typeof signIn`, whose overload with a server context the Authenticator never uses: it
// calls the service with the form's input alone.
type SignInService = NonNullable<ComponentProps<typeof Authenticator>['services']>['handleSignIn'];
const services = { handleSignIn: handleSignIn as SignInService };

/**
 * The few English labels of Amplify UI's primitives that no prop of the Authenticator reaches (the
 * error's 'Dismiss alert' button), read through the same Spanish dictionary as the rest: set on
 * each such element as it appears under `root`.
 */
function useSpanishAriaLabels(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const relabel = () => {
      for (const labelled of element.querySelectorAll('[aria-label]')) {
        const label = labelled.getAttribute('aria-label') ?? '';
        const spanish = I18n.get(label);
        if (spanish !== label) labelled.setAttribute('aria-label', spanish);
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [root]);
}

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
    // The show-password switch's labels are props of Amplify UI's password field, not dictionary words.
    password: {
      autocomplete: 'current-password',
      isRequired: true,
      showPasswordButtonLabel: 'Mostrar contraseña',
      passwordIsHiddenLabel: 'La contraseña está oculta',
      passwordIsShownLabel: 'La contraseña está visible',
    },
  },
};

/** Signed out on /admin: Amplify UI's Authenticator, in Spanish, sign-in only (no sign-up tab). */
export default function AdminSignIn() {
  useDocumentMeta(ADMIN_TEXTS.signInTitle);
  const { toast } = useToast();
  const [ready, setReady] = useState(false);
  const root = useRef<HTMLElement>(null);
  useSpanishAriaLabels(root);
  useEffect(() => {
    let alive = true;
    loadAuth()
      .then(() => alive && setReady(true))
      .catch(() => toast({ title: SIGN_IN_FAILED, variant: 'destructive' }));
    return () => {
      alive = false;
    };
  }, [toast]);

  return (
    <main className="admin-sign-in" ref={root}>
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
