import * as z from 'zod/mini';
import { favoriteStateSchema } from '../account-schemas';
import { idParamsSchema, productSummarySchema } from '../schemas';
import { defineArea } from './define';

/** A signed-in user's saved products ('Mis Guardados'). */
export const favoritesRoutes = defineArea('favorites', {
  listFavorites: {
    method: 'GET',
    path: '/api/me/favorites',
    auth: 'user',
    response: z.object({ items: z.array(productSummarySchema) }),
  },
  addFavorite: {
    method: 'PUT',
    path: '/api/me/favorites/{id}',
    auth: 'user',
    params: idParamsSchema,
    response: favoriteStateSchema,
  },
  removeFavorite: {
    method: 'DELETE',
    path: '/api/me/favorites/{id}',
    auth: 'user',
    params: idParamsSchema,
    response: favoriteStateSchema,
  },
});
