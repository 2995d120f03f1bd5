import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { OptionalPart } from '../ui/optional-part';
import { Spinner } from '../ui/spinner';
import { Navbar } from './navbar';
import { PublishFab, showsPublishShortcut } from './publish-fab';

// Below the screen: a chunk of its own, requested with the first render rather than carried by the
// first route's JavaScript (decision 024). It only adds itself at the end: nothing moves.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

/** The shell around every screen: bar, the lazy route (with a fallback while its chunk loads), footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const fab = showsPublishShortcut(pathname);
  // New screen, top of the page (query-only changes keep the scroll position). Not the first screen:
  // the app's mount (hydrating the server's page) finds it where the browser restored it or where
  // the person has scrolled to meanwhile, and moving it then sent their tap elsewhere.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <div className={fab ? 'app-shell app-shell--fab' : 'app-shell'}>
      <a className="visually-hidden" href="#main">
        Saltar al contenido
      </a>
      <Navbar />
      <main id="main" className="app-main">
        <Suspense
          fallback={
            <div className="loading-block">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {fab && <PublishFab />}
      <OptionalPart>
        <Footer />
      </OptionalPart>
    </div>
  );
}
