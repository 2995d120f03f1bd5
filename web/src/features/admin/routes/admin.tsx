import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { AdminLayout } from '../components/admin-layout';
import { ADMIN_TEXTS } from '../texts';
import '../admin.css';

// Signed out, the sign-in (Amplify UI's Authenticator and its styles) loads on its own: an admin
// who is signed in already never downloads it.
const AdminSignIn = lazy(() => import('../components/admin-sign-in'));

/**
 * The area's pages, in the sidebar's order; each is a chunk of its own. One list drives the sidebar
 * and the routes, so a page is listed exactly when it can be opened.
 */
const PAGES = [
  { path: paths.admin.dashboard.path, label: ADMIN_TEXTS.nav.dashboard, Page: lazy(() => import('./dashboard')) },
  { path: paths.admin.products.path, label: ADMIN_TEXTS.nav.products, Page: lazy(() => import('./products')) },
  { path: paths.admin.reports.path, label: ADMIN_TEXTS.nav.reports, Page: lazy(() => import('./reports')) },
  { path: paths.admin.users.path, label: ADMIN_TEXTS.nav.users, Page: lazy(() => import('./users')) },
  {
    path: paths.admin.universities.path,
    label: ADMIN_TEXTS.nav.universities,
    Page: lazy(() => import('./universities')),
  },
  {
    path: paths.admin.universityRequests.path,
    label: ADMIN_TEXTS.nav.universityRequests,
    Page: lazy(() => import('./university-requests')),
  },
  {
    path: paths.admin.exchangeRate.path,
    label: ADMIN_TEXTS.nav.exchangeRate,
    Page: lazy(() => import('./exchange-rate')),
  },
] as const;

const NAV = PAGES.map((p) => ({ to: p.path, label: p.label }));

/**
 * The page of a path. The area's paths are fixed, so they are matched here rather than with
 * react-router's <Routes>, whose route-element parsing would otherwise join the shared vendor chunk
 * on every student's first route.
 */
const pageOf = (pathname: string) => PAGES.find((p) => p.path === (pathname.replace(/\/+$/, '') || '/'));

function Loading() {
  return (
    <div className="loading-block">
      <Spinner size="lg" />
    </div>
  );
}

/** A signed-in person who is not an admin goes home with a toast (the API refuses them anyway). */
function NotAdmin() {
  const { toast } = useToast();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast({ title: ADMIN_TEXTS.notAdmin.title, description: ADMIN_TEXTS.notAdmin.description, variant: 'destructive' });
  }, [toast]);
  return <Navigate to={paths.home.getHref()} replace />;
}

function AdminPage({ pathname }: { pathname: string }) {
  const page = pageOf(pathname);
  if (!page) return <Navigate to={paths.admin.dashboard.getHref()} replace />;
  const { Page } = page;
  return <Page />;
}

/**
 * /admin/*: signed out, Amplify UI's Authenticator (sign-in only); a non-admin, home; an admin, the
 * area (sidebar and the page of the URL).
 */
export function Component() {
  const session = useSession();
  const { pathname } = useLocation();
  // The area's frame while the session is read (its static shell too: the page's first paint).
  if (session.status === 'loading')
    return (
      <AdminLayout user={null} pages={NAV}>
        <Loading />
      </AdminLayout>
    );
  if (session.status === 'signed-out')
    return (
      <Suspense fallback={<Loading />}>
        <AdminSignIn />
      </Suspense>
    );
  if (!session.user.isAdmin) return <NotAdmin />;
  return (
    <AdminLayout user={session.user} pages={NAV}>
      <Suspense fallback={<Loading />}>
        <AdminPage pathname={pathname} />
      </Suspense>
    </AdminLayout>
  );
}
