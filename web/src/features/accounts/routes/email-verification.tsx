import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { useDocumentHead } from '@/lib/document-meta';
import { accountHead } from '@/lib/page-head/pages';
import { CodeVerification } from '../components/code-verification';
import { handedPassword, pendingRegistrationOf } from '../pending-registration';
import '../accounts.css';

/**
 * 'Verificación requerida' (a sign-in of a registration not confirmed yet lands here): the address,
 * the code boxes for this browser's registration of it, one resend action and back to login. The
 * sign-up mail carries a code, not a link with a session, so there are no tokens here to read (the
 * spec's link flow has no counterpart on this server).
 */
export function Component() {
  useDocumentHead((ctx) => accountHead('emailVerification', ctx));
  const email = useSearchParams()[0].get('email') ?? '';
  // This browser's registration, read once hydrated (the server's render cannot: register.tsx).
  const hydrated = useHydrated();

  return (
    <div className="container page auth-page">
      {email ? (
        <CodeVerification
          email={email}
          registration={hydrated ? (pendingRegistrationOf(email)?.registration ?? null) : undefined}
          password={hydrated ? handedPassword(email) : null}
          variant="sign-in"
        />
      ) : (
        <div className="auth-card">
          <h1 className="page-title">Verificación requerida</h1>
          <p className="muted">Tu correo aún no ha sido verificado.</p>
          <Link to={paths.login.getHref()} className={buttonClass('ghost')}>
            Volver a iniciar sesión
          </Link>
        </div>
      )}
    </div>
  );
}
