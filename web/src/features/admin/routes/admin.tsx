import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
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

// Each page is a chunk of its own inside the area.
const Dashboard = lazy(() => import('./dashboard'));

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

/**
 * /admin/*: signed out, Amplify UI's Authenticator (sign-in only); a non-admin, home; an admin, the
 * area (sidebar and the page of the URL).
 */
export function Component() {
  const session = useSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out')
    return (
      <Suspense fallback={<Loading />}>
        <AdminSignIn />
      </Suspense>
    );
  if (!session.user.isAdmin) return <NotAdmin />;
  return (
    <AdminLayout user={session.user}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<Dashboard />} />
          <Route path="*" element={<Navigate to={paths.admin.dashboard.getHref()} replace />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
