import { catalogRoutes } from '#shared/api/catalog';
import { catalogHandlers } from '../../handlers/catalog';
import { createAreaHandler } from '../../http/router';
import { lazyContext } from '../context';
import { basicParts } from '../parts/basics';
import { searchParts } from '../parts/search';
import { tableParts } from '../parts/table';

/** The catalog's parts: the table and the search index. */
export const parts = { table: tableParts, search: searchParts, basics: basicParts };
const context = lazyContext({ ...tableParts, ...searchParts, ...basicParts });

/** Lambda entry of the catalog area (shared/api/catalog.ts). */
export const handler = createAreaHandler(catalogRoutes, catalogHandlers, () => context);
