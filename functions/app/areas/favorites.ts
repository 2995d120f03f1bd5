import { favoritesRoutes } from '#shared/api/favorites';
import { favoritesHandlers } from '../../handlers/favorites';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { tableParts } from '../parts/table';
import { unsubscribeTokenParts } from '../parts/unsubscribe-tokens';
import { callerOptions, callerParts } from '../parts/tokens';

/** The favorites' parts: the table, and the alert mails' unsubscribe links' secret. */
export const parts = {
  table: tableParts,
  unsubscribeTokens: unsubscribeTokenParts,
  callers: callerParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** Lambda entry of the favorites area (shared/api/favorites.ts). */
export const handler = createAreaHandler(favoritesRoutes, favoritesHandlers, () => context, {
  ...callerOptions(context),
  idempotency: () => context.idempotency,
});
