import { catalogRoutes } from '#shared/api/catalog';
import { catalogHandlers } from '../../handlers/catalog';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { searchParts } from '../parts/search';
import { tableParts } from '../parts/table';
import { trustTableParts } from '../parts/trust';
import { tokenParts } from '../parts/tokens';

/** The catalog's parts: the table, the search index, and the verifier of optional callers. */
export const parts = {
  table: { ...tableParts, ...trustTableParts },
  search: searchParts,
  tokens: tokenParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** Lambda entry of the catalog area (shared/api/catalog.ts). */
export const handler = createAreaHandler(catalogRoutes, catalogHandlers, () => context, {
  tokens: () => context.tokenVerifier,
  idempotency: () => context.idempotency,
});
