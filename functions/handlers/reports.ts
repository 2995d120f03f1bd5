import type { reportsRoutes } from '#shared/api/reports';
import { signedIn } from '../commons/auth';
import type { AreaHandlers } from '../http/router';
import { reportReview, type ReviewDeps } from '../services/deals/reviews';
import { ownReportState, type ReportDeps, reportProduct } from '../services/reports/reports';

/** The reports area's routes (shared/api/reports.ts), one handler each. */
export const reportsHandlers: AreaHandlers<typeof reportsRoutes, ReportDeps & Pick<ReviewDeps, 'reviews'>> = {
  reportReview: ({ auth, params, body }, ctx) =>
    reportReview(ctx, signedIn(auth), params.id, params.side, body),
  reportProduct: ({ auth, params, body, idempotency }, ctx) =>
    reportProduct(ctx, signedIn(auth), params.id, body, idempotency),
  getOwnReport: ({ auth, params }, ctx) => ownReportState(ctx, signedIn(auth), params.id),
};
