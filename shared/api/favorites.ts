import * as z from 'zod/mini';
import { favoriteStateSchema } from '../account-schemas';
import {
  alertIdParamsSchema,
  alertUnsubscribeQuerySchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
  updateSavedSearchBodySchema,
} from '../alerts';
import { idParamsSchema, productSummarySchema } from '../schemas';
import { defineArea } from './define';

/**
 * A signed-in user's saved products ('Mis Guardados') and saved searches with alerts ('/alertas',
 * docs/decisions/031): only the owner's, under /api/me.
 */
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
  listAlerts: {
    method: 'GET',
    path: '/api/me/alerts',
    auth: 'user',
    response: savedSearchListSchema,
  },
  createAlert: {
    method: 'POST',
    path: '/api/me/alerts',
    auth: 'user',
    status: 201,
    idempotent: true,
    body: savedSearchInputSchema,
    response: savedSearchSchema,
  },
  updateAlert: {
    method: 'PATCH',
    path: '/api/me/alerts/{alertId}',
    auth: 'user',
    params: alertIdParamsSchema,
    body: updateSavedSearchBodySchema,
    response: savedSearchSchema,
  },
  deleteAlert: {
    method: 'DELETE',
    path: '/api/me/alerts/{alertId}',
    auth: 'user',
    params: alertIdParamsSchema,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
  },
  /** 'Ver resultados': the search's 'Nuevos para ti' are seen. */
  markAlertSeen: {
    method: 'POST',
    path: '/api/me/alerts/{alertId}/seen',
    auth: 'user',
    params: alertIdParamsSchema,
    response: savedSearchSchema,
  },
  /** An alert mail's unsubscribe link (the page /alertas/baja, and List-Unsubscribe one-click). */
  unsubscribeAlerts: {
    method: 'POST',
    path: '/api/alerts/unsubscribe',
    auth: 'public',
    uses: { unsubscribeTokens: true },
    query: alertUnsubscribeQuerySchema,
    response: z.object({ ok: z.literal(true), turned_off: z.number() }),
  },
});
