import { adminRoutes } from '#shared/api/admin';
import { adminHandlers } from '../../handlers/admin';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { roleParts } from '../parts/identity';
import { imageStoreParts } from '../parts/images';
import { jobParts } from '../parts/jobs';
import { tableParts } from '../parts/table';
import { trustTableParts } from '../parts/trust';
import { callerOptions, callerParts } from '../parts/tokens';

/**
 * The admin area's parts: the table, the images bucket (a deleted product's photos), the user pool
 * (the admin role) and the job launcher (reindex, university deletion).
 */
export const parts = {
  table: { ...tableParts, ...trustTableParts },
  images: imageStoreParts,
  roles: roleParts,
  jobs: jobParts,
  callers: callerParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** Lambda entry of the admin area (shared/api/admin.ts). */
export const handler = createAreaHandler(adminRoutes, adminHandlers, () => context, callerOptions(context));
