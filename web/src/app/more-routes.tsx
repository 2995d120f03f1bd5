import { type RouteObject, useRoutes } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyScreen as lazy, preloadFrom, type ScreenModule, screenFrom } from './lazy-screen';

/**
 * The screens nobody lands on from a shared link or a search engine in the usual case (accounts,
 * profile, favourites, alerts, the catalog's pages, legal texts, the mails' one-click pages...):
 * the router's table lists them here, a chunk of its own that the layout's catch-all route loads
 * (decision 037), so the first route's JavaScript does not carry 27 screens' imports and preload
 * lists. It renders inside the layout's catch-all (`*`) route, below the bar and within its
 * Suspense; an unknown path ends at 'Página no encontrada' as before.
 */
export const routes: RouteObject[] = [
  { path: paths.careers.path, ...lazy(() => import('../features/careers/routes/careers')) },
  { path: paths.career.path, ...lazy(() => import('../features/careers/routes/career')) },
  { path: paths.category.path, ...lazy(() => import('../features/categories/routes/category')) },
  { path: paths.seller.path, ...lazy(() => import('../features/trust/routes/seller')) },
  { path: paths.safeBuying.path, ...lazy(() => import('../features/trust/routes/safe-buying')) },
  { path: paths.terms.path, ...lazy(() => import('../features/legal/routes/terms')) },
  { path: paths.privacy.path, ...lazy(() => import('../features/legal/routes/privacy')) },
  { path: paths.favorites.path, ...lazy(() => import('../features/favorites/routes/favorites')) },
  { path: paths.alerts.path, ...lazy(() => import('../features/alerts/routes/alerts')) },
  { path: paths.alertsUnsubscribe.path, ...lazy(() => import('../features/alerts/routes/unsubscribe')) },
  { path: paths.myPurchases.path, ...lazy(() => import('../features/purchases/routes/my-purchases')) },
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
];

export function Component() {
  return useRoutes(routes);
}

/** Loads the screen of `pathname` ahead, as router.tsx's preloadRoute does for its own table. */
export async function preloadRoute(pathname: string): Promise<void> {
  await preloadFrom(routes, pathname);
}

/** The screen module of `pathname` in this table, as router.tsx's screenOf. */
export function screenOf(pathname: string): Promise<ScreenModule | undefined> {
  return screenFrom(routes, pathname);
}
