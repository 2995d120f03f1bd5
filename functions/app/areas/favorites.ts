import { favoritesRoutes } from '#shared/api/favorites';
import { favoritesHandlers } from '../../handlers/favorites';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { tableParts } from '../parts/table';

/** The favorites' parts: the table only. */
export const parts = { table: tableParts, basics: basicParts };
const context = lazyContextOf(parts);

/** Lambda entry of the favorites area (shared/api/favorites.ts). */
export const handler = createAreaHandler(favoritesRoutes, favoritesHandlers, () => context);
