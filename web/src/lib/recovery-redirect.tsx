import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { recoveryRedirect } from './recovery-link';

/**
 * The router's outermost route: a recovery link on another path goes to /reset-password, fragment
 * kept, before any screen renders. As the parent of every screen it wins over their own redirects
 * (a screen's `<Navigate>` to the chooser or to /login would drop the fragment).
 */
export function RecoveryRedirect() {
  const { pathname, hash } = useLocation();
  const target = recoveryRedirect(pathname, hash);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
