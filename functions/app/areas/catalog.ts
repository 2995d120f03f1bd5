import { catalogRoutes } from '#shared/api/catalog';
import { catalogHandlers } from '../../handlers/catalog';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { searchParts } from '../parts/search';
import { tableParts } from '../parts/table';
import { trustTableParts } from '../parts/trust';
import { callerOptions, callerParts } from '../parts/tokens';

/**
 * The catalog's parts: the table, the search index, and what knows its callers (the optional caller
 * of the university request form). It also answers API Gateway's `$default` route (unmatched
 * routes: UNMATCHED_ROUTES_AREA), with its router's 404.
 */
export const parts = {
  table: { ...tableParts, ...trustTableParts },
  search: searchParts,
  callers: callerParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** Lambda entry of the catalog area (shared/api/catalog.ts). */
export const handler = createAreaHandler(catalogRoutes, catalogHandlers, () => context, {
  ...callerOptions(context),
  idempotency: () => context.idempotency,
});
