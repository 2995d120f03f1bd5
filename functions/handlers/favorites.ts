import { signedIn } from '../commons/auth';
import type { favoritesRoutes } from '#shared/api/favorites';
import type { AreaHandlers } from '../http/router';
import { addFavorite, type FavoriteDeps, listFavorites, removeFavorite } from '../services/favorites';

/** The favorites area's routes (shared/api/favorites.ts), one handler each. */
export const favoritesHandlers: AreaHandlers<typeof favoritesRoutes, FavoriteDeps> = {
  listFavorites: ({ auth }, ctx) => listFavorites(ctx, signedIn(auth)),
  addFavorite: ({ auth, params }, ctx) => addFavorite(ctx, signedIn(auth), params.id),
  removeFavorite: ({ auth, params }, ctx) => removeFavorite(ctx, signedIn(auth), params.id),
};
