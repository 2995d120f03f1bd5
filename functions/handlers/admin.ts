import type { adminRoutes } from '#shared/api/admin';
import type { ReviewRepository } from '../ports/deals';
import { decideReview, listReviewReports } from '../services/deals/reviews';
import type { AreaHandlers } from '../http/router';
import type { ImageStore } from '../ports/images';
import type { RoleDirectory } from '../ports/admin';
import type { ExchangeRateStore } from '../ports/exchange-rates';
import { listRates, setRate } from '../services/admin/exchange-rates';
import type { TrustStore } from '../ports/trust';
import {
  createMeetingPoint,
  deleteMeetingPoint,
  updateMeetingPoint,
} from '../services/catalog/meeting-points';
import {
  type AdminDeps,
  dashboard,
  getJob,
  listAudit,
  listJobs,
  listUsers,
  setUserAdminRole,
  setUserVerification,
  startReindex,
} from '../services/admin/admin';
import {
  createUniversity,
  deleteUniversity,
  listStoredUniversities,
  updateUniversity,
} from '../services/catalog/universities';
import { decideUniversityRequest, listUniversityRequests } from '../services/catalog/university-requests';
import {
  deleteAnyProduct,
  getAnyProduct,
  listEveryProduct,
  setAnyProductStatus,
} from '../services/publishing/listings';
import { decideReport, listReportQueue } from '../services/reports/report-decisions';

export type AdminContext = AdminDeps & {
  reviews: ReviewRepository;
  images: ImageStore;
  roles: RoleDirectory;
  exchangeRates: ExchangeRateStore;
  trust: TrustStore;
};

/**
 * The admin area's routes (shared/api/admin.ts), one handler each, mapped to the service of the
 * domain each changes; every service checks the caller's group again.
 */
export const adminHandlers: AreaHandlers<typeof adminRoutes, AdminContext> = {
  adminDashboard: ({ auth }, ctx) => dashboard(ctx, auth),
  adminListAudit: ({ auth, query }, ctx) => listAudit(ctx, auth, query),
  adminListProducts: ({ auth, query }, ctx) => listEveryProduct(ctx, auth, query),
  adminGetProduct: ({ auth, params }, ctx) => getAnyProduct(ctx, auth, params.id),
  adminSetProductStatus: ({ auth, params, body }, ctx) =>
    setAnyProductStatus(ctx, auth, params.id, body.status),
  adminDeleteProduct: ({ auth, params }, ctx) => deleteAnyProduct(ctx, auth, params.id),
  adminListReports: ({ auth, query }, ctx) => listReportQueue(ctx, auth, query),
  adminListReviewReports: ({ auth, query }, ctx) =>
    listReviewReports(ctx, auth, query.status, { limit: query.limit, cursor: query.cursor }),
  adminDecideReview: ({ auth, params, body }, ctx) => decideReview(ctx, auth, params.id, params.side, body),
  adminDecideReport: ({ auth, params, body }, ctx) =>
    decideReport(ctx, auth, params.id, params.reporterId, body),
  adminListUsers: ({ auth, query }, ctx) => listUsers(ctx, auth, query),
  adminSetUserVerification: ({ auth, params, body }, ctx) =>
    setUserVerification(ctx, auth, params.userId, body.university_email_verified),
  adminSetUserAdminRole: ({ auth, params, body }, ctx) =>
    setUserAdminRole(ctx, auth, params.userId, body.admin),
  adminListUniversities: ({ auth }, ctx) => listStoredUniversities(ctx, auth),
  adminCreateUniversity: ({ auth, body }, ctx) => createUniversity(ctx, auth, body),
  adminUpdateUniversity: ({ auth, params, body }, ctx) => updateUniversity(ctx, auth, params.id, body),
  adminDeleteUniversity: ({ auth, params }, ctx) => deleteUniversity(ctx, auth, params.id),
  adminCreateMeetingPoint: ({ auth, params, body }, ctx) => createMeetingPoint(ctx, auth, params.id, body),
  adminUpdateMeetingPoint: ({ auth, params, body }, ctx) =>
    updateMeetingPoint(ctx, auth, params.id, params.pointId, body),
  adminDeleteMeetingPoint: ({ auth, params }, ctx) =>
    deleteMeetingPoint(ctx, auth, params.id, params.pointId),
  adminListUniversityRequests: ({ auth, query }, ctx) => listUniversityRequests(ctx, auth, query),
  adminDecideUniversityRequest: ({ auth, params, body }, ctx) =>
    decideUniversityRequest(ctx, auth, params.requestId, body),
  adminStartReindex: ({ auth }, ctx) => startReindex(ctx, auth),
  adminListJobs: ({ auth, query }, ctx) => listJobs(ctx, auth, query.kind),
  adminGetJob: ({ auth, params }, ctx) => getJob(ctx, auth, params.jobId),
  adminListExchangeRates: ({ auth }, ctx) => listRates(ctx, auth),
  adminSetExchangeRate: ({ auth, body }, ctx) => setRate(ctx, auth, body),
};
