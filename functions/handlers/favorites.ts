import { signedIn } from '../commons/auth';
import type { favoritesRoutes } from '#shared/api/favorites';
import { clientAddress } from '../http/client-ip';
import type { AreaHandlers } from '../http/router';
import {
  addFavorite,
  type FavoriteDeps,
  listFavorites,
  removeFavorite,
} from '../services/favorites/favorites';
import {
  type AlertUnsubscribeDeps,
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  type SavedSearchDeps,
  setSavedSearchEnabled,
  unsubscribeAlerts,
} from '../services/favorites/saved-searches';

/** The favorites area's routes (shared/api/favorites.ts), one handler each. */
export const favoritesHandlers: AreaHandlers<
  typeof favoritesRoutes,
  FavoriteDeps & SavedSearchDeps & AlertUnsubscribeDeps
> = {
  listFavorites: ({ auth }, ctx) => listFavorites(ctx, signedIn(auth)),
  addFavorite: ({ auth, params }, ctx) => addFavorite(ctx, signedIn(auth), params.id),
  removeFavorite: ({ auth, params }, ctx) => removeFavorite(ctx, signedIn(auth), params.id),
  // Saved searches with alerts (docs/decisions/031).
  listAlerts: ({ auth }, ctx) => listSavedSearches(ctx, signedIn(auth)),
  createAlert: ({ auth, body, idempotency }, ctx) =>
    createSavedSearch(ctx, signedIn(auth), body, idempotency),
  updateAlert: ({ auth, params, body }, ctx) =>
    setSavedSearchEnabled(ctx, signedIn(auth), params.alertId, body.enabled),
  deleteAlert: ({ auth, params }, ctx) => deleteSavedSearch(ctx, signedIn(auth), params.alertId),
  markAlertSeen: ({ auth, params }, ctx) => markSavedSearchSeen(ctx, signedIn(auth), params.alertId),
  unsubscribeAlerts: ({ query, event }, ctx) => unsubscribeAlerts(ctx, query.token, clientAddress(event)),
};
