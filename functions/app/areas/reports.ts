import { reportsRoutes } from '#shared/api/reports';
import { reportsHandlers } from '../../handlers/reports';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { tableParts } from '../parts/table';
import { callerOptions, callerParts } from '../parts/tokens';

/** The reports' parts: the table only (the hold itself is the stream dispatcher's). */
export const parts = { table: tableParts, callers: callerParts, basics: basicParts };
const context = lazyContextOf(parts);

/** Lambda entry of the reports area (shared/api/reports.ts). */
export const handler = createAreaHandler(reportsRoutes, reportsHandlers, () => context, {
  ...callerOptions(context),
  idempotency: () => context.idempotency,
});
