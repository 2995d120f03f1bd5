import { type ComponentType, Suspense, lazy as reactLazy } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RouteErrorBoundary } from './route-error-boundary';

type ScreenModule = { Component: ComponentType };
type Loaded = { default: ComponentType };

/**
 * A screen module (exporting `Component`) as a lazy component: its chunk loads when the route first
 * renders, inside the layout's Suspense (the bar and footer are on screen meanwhile). `preload`
 * loads it ahead; once loaded, the component renders at once, without passing through the
 * Suspense fallback: React.lazy takes a thenable, and one that calls back synchronously resolves
 * it on the spot. The first screen relies on this (`preloadRoute`), so React's first commit shows
 * the screen in place of what the HTML painted, never a spinner in between.
 */
const lazy = (load: () => Promise<ScreenModule>) => {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const preload = () => {
    loading ??= load().then(
      (m) => (loaded = { default: m.Component }),
      (err: unknown) => {
        loading = undefined; // A later visit tries again (offline now, online later).
        throw err;
      },
    );
    return loading;
  };
  const Component = reactLazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is the point
        ({ then: (resolve: (m: Loaded) => void) => resolve(loaded as Loaded) } as Promise<Loaded>)
      : preload(),
  );
  return { Component, handle: { preload } };
};

const { Component: Admin } = lazy(() => import('../features/admin/routes/admin'));

/**
 * Every screen is a lazy chunk; only the shell (layout, bar, footer, error page) is in the entry.
 * Later issues add their screens here, each from its own feature folder, so accounts, publishing
 * and admin stay separate chunks. The router runs in declarative mode (`useRoutes` in a
 * `BrowserRouter`): the app uses no loaders or actions, and the data router cost ~16 KB gzip more
 * on every first load (docs/decisions/024-phone-speed.md).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, ...lazy(() => import('../features/universities/routes/select-university')) },
      {
        path: paths.selectUniversity.path,
        ...lazy(() => import('../features/universities/routes/select-university')),
      },
      { path: paths.marketplace.path, ...lazy(() => import('../features/marketplace/routes/marketplace')) },
      { path: paths.search.path, ...lazy(() => import('../features/marketplace/routes/search')) },
      {
        path: paths.globalMarketplace.path,
        ...lazy(() => import('../features/marketplace/routes/global-marketplace')),
      },
      { path: paths.careers.path, ...lazy(() => import('../features/careers/routes/careers')) },
      { path: paths.career.path, ...lazy(() => import('../features/careers/routes/career')) },
      { path: paths.category.path, ...lazy(() => import('../features/categories/routes/category')) },
      { path: paths.product.path, ...lazy(() => import('../features/product/routes/product')) },
      { path: paths.seller.path, ...lazy(() => import('../features/trust/routes/seller')) },
      { path: paths.safeBuying.path, ...lazy(() => import('../features/trust/routes/safe-buying')) },
      { path: paths.terms.path, ...lazy(() => import('../features/legal/routes/terms')) },
      { path: paths.privacy.path, ...lazy(() => import('../features/legal/routes/privacy')) },
      { path: paths.favorites.path, ...lazy(() => import('../features/favorites/routes/favorites')) },
      { path: paths.alerts.path, ...lazy(() => import('../features/alerts/routes/alerts')) },
      { path: paths.alertsUnsubscribe.path, ...lazy(() => import('../features/alerts/routes/unsubscribe')) },
      { path: paths.myPurchases.path, ...lazy(() => import('../features/misc/routes/my-purchases')) },
      { path: paths.chats.path, ...lazy(() => import('../features/misc/routes/chats')) },
      { path: paths.login.path, ...lazy(() => import('../features/accounts/routes/login')) },
      { path: paths.register.path, ...lazy(() => import('../features/accounts/routes/register')) },
      {
        path: paths.emailVerification.path,
        ...lazy(() => import('../features/accounts/routes/email-verification')),
      },
      {
        path: paths.forgotPassword.path,
        ...lazy(() => import('../features/accounts/routes/forgot-password')),
      },
      { path: paths.resetPassword.path, ...lazy(() => import('../features/accounts/routes/reset-password')) },
      { path: paths.authCallback.path, ...lazy(() => import('../features/accounts/routes/auth-callback')) },
      { path: paths.profile.path, ...lazy(() => import('../features/profile/routes/profile')) },
      { path: paths.settings.path, ...lazy(() => import('../features/profile/routes/settings')) },
      { path: paths.unsubscribe.path, ...lazy(() => import('../features/notifications/routes/unsubscribe')) },
      { path: paths.renewByLink.path, ...lazy(() => import('../features/listing-links/routes/renew')) },
      { path: paths.soldByLink.path, ...lazy(() => import('../features/listing-links/routes/sold')) },
      { path: paths.verifyEmail.path, ...lazy(() => import('../features/profile/routes/verify-email')) },
      { path: paths.newProduct.path, ...lazy(() => import('../features/publishing/routes/new-product')) },
      { path: paths.myProducts.path, ...lazy(() => import('../features/profile/routes/my-products')) },
      { path: '*', ...lazy(() => import('../features/misc/routes/not-found')) },
    ],
  },
  // The admin area: its own layout (sidebar, no app bar) and its own chunks, never on a student's
  // first route (docs/decisions/027-admin-web.md).
  {
    path: `${paths.admin.dashboard.path}/*`,
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
];

/**
 * Loads the screen of `pathname` ahead of the first render (main.tsx), so React's first commit
 * shows it at once. Resolves when it is loaded, or at once for a path without a lazy screen.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  const preload = (leaf?.handle as { preload?: () => Promise<unknown> } | undefined)?.preload;
  await preload?.();
}

/** The app's routes, rendered inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
