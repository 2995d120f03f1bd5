import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { type SessionUser, useSession } from '@/lib/session';
import { Spinner } from '../ui/spinner';

/**
 * Signed-in pages: without a session they go to /login, which brings the person back here
 * afterwards (its `?next=`); while a stored session is restored, a spinner.
 * The API refuses these pages' calls without a token anyway: this only spares a useless screen.
 */
export function RequireSession({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const spinner = (
    <div className="loading-block">
      <Spinner size="lg" />
    </div>
  );
  // The spinner stays while /login loads: the navigation is a transition, which keeps this screen
  // on show meanwhile, and a redirect alone draws nothing (a blank page after the shell's spinner).
  if (session.status === 'signed-out')
    return (
      <>
        <Navigate to={paths.login.getHref(`${location.pathname}${location.search}`)} replace />
        {spinner}
      </>
    );
  if (session.status === 'loading') return spinner;
  return <>{children(session.user)}</>;
}
