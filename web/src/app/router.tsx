import { Suspense, useEffect } from 'react';
import { type RouteObject, useRoutes } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RecoveryRedirect } from '../lib/recovery-redirect';
import { whenIdle } from '../lib/when-idle';
import {
  lazyScreen as lazy,
  type Preloadable,
  preloadFrom,
  type ScreenModule,
  screenFrom,
} from './lazy-screen';
import { RouteErrorBoundary } from './route-error-boundary';

/** The admin area's chunk; preloaded for a first load of its paths (main.tsx), like any screen. */
const admin = lazy(() => import('../features/admin/routes/admin'));
const { Component: Admin } = admin;
/** The home and /select-university: one screen, one lazy component. */
const chooser = lazy(() => import('../features/universities/routes/select-university'));

/**
 * The rest of the table (more-routes.tsx): the screens of the catch-all route. Preloading a path
 * there loads the table, then that path's screen; the table itself also loads once the first
 * screen is idle, so a later navigation waits for one chunk, not two.
 */
const loadMore = () => import('./more-routes');
const moreTable = lazy(loadMore);
const moreRoutes = {
  Component: moreTable.Component,
  handle: {
    preload: async (pathname: string) => {
      await moreTable.handle.preload(pathname);
      await (await loadMore()).preloadRoute(pathname);
    },
    screen: async (pathname: string) => {
      await moreTable.handle.preload(pathname);
      return (await loadMore()).screenOf(pathname);
    },
  } satisfies Preloadable,
};

/**
 * Every screen is a lazy chunk; only the shell (layout, bar, footer, error page) is in the entry.
 * This table lists the screens people land on (the chooser, the marketplaces, the search, the
 * product) and the catch-all; a new screen goes to more-routes.tsx unless it is one of those
 * (decision 037). The router runs in declarative mode (`useRoutes` in a `BrowserRouter`): the app
 * uses no loaders or actions, and the data router cost ~16 KB gzip more on every first load
 * (docs/decisions/024-phone-speed.md).
 */
export const routes: RouteObject[] = [
  {
    // A password-recovery link on any path goes to /reset-password first (lib/recovery-redirect.tsx).
    element: <RecoveryRedirect />,
    children: [
      {
        path: '/',
        element: (
          <RouteErrorBoundary>
            <AppLayout />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, ...chooser },
          { path: paths.selectUniversity.path, ...chooser },
          {
            path: paths.marketplace.path,
            ...lazy(() => import('../features/marketplace/routes/marketplace')),
          },
          { path: paths.search.path, ...lazy(() => import('../features/marketplace/routes/search')) },
          {
            path: paths.globalMarketplace.path,
            ...lazy(() => import('../features/marketplace/routes/global-marketplace')),
          },
          { path: paths.product.path, ...lazy(() => import('../features/product/routes/product')) },
          // Every other screen: the rest of the table is a chunk of its own (decision 037).
          { path: '*', ...moreRoutes },
        ],
      },
      // The admin area: its own layout (sidebar, no app bar) and its own chunks, never on a student's
      // first route (docs/decisions/027-admin-web.md).
      {
        path: `${paths.admin.dashboard.path}/*`,
        // Its static shell is the area's frame and spinner (issue 38): the first render shows the
        // same once the chunk is in, rather than the fallback below in between.
        handle: admin.handle,
        element: (
          <RouteErrorBoundary>
            <Suspense
              fallback={
                <div className="loading-block">
                  <Spinner size="lg" />
                </div>
              }
            >
              <Admin />
            </Suspense>
          </RouteErrorBoundary>
        ),
      },
    ],
  },
];

/**
 * Loads the screen of `pathname` ahead of the first render (main.tsx), so React's first commit
 * shows it at once. Resolves when it is loaded, or at once for a path without a lazy screen.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await preloadFrom(routes, pathname);
}

/**
 * The screen module of `pathname`, loaded with its component (the server's render, which runs its
 * `prefetch` and then renders it without a Suspense fallback for the screen).
 */
export function screenOf(pathname: string): Promise<ScreenModule | undefined> {
  return screenFrom(routes, pathname);
}

/** The app's routes, rendered inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  // The rest of the table once the first screen is idle: a later navigation then waits for its
  // screen's chunk only.
  useEffect(() => whenIdle(() => void moreTable.handle.preload('').catch(() => {})), []);
  return useRoutes(routes);
}
