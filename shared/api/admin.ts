import * as z from 'zod/mini';
import {
  adminJobSchema,
  adminProductPageSchema,
  adminProductSchema,
  adminProductsQuerySchema,
  adminReportPageSchema,
  adminReviewReportsQuerySchema,
  adminReportSchema,
  adminReportsQuerySchema,
  adminRequestPageSchema,
  adminRequestsQuerySchema,
  adminUniversityListSchema,
  adminUniversityParamsSchema,
  adminUniversitySchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  dashboardSchema,
  deletedProductSchema,
  jobListSchema,
  jobParamsSchema,
  jobsQuerySchema,
  productStatusBodySchema,
  reportDecisionBodySchema,
  reportParamsSchema,
  requestDecisionBodySchema,
  requestDecisionResultSchema,
  requestParamsSchema,
  universityCreateBodySchema,
  universityDeletionSchema,
  universityUpdateBodySchema,
  userAdminRoleBodySchema,
  userParamsSchema,
  userRoleResultSchema,
  userVerificationBodySchema,
} from '../admin';
import { rateHistorySchema, setRateBodySchema, exchangeRateSchema } from '../exchange-rate-schemas';
import { idParamsSchema } from '../schemas';
import {
  deletedMeetingPointSchema,
  meetingPointBodySchema,
  meetingPointParamsSchema,
  meetingPointSchema,
  meetingPointsParamsSchema,
} from '../trust';
import { adminReviewReportPageSchema, reviewDecisionBodySchema, reviewSideParamsSchema } from '../reviews';
import { defineArea } from './define';

/**
 * The admin area (issue 10; docs/decisions/025 and 026). Every route needs the admin group
 * (the router checks the verified token's groups, then the pool's: decision 043); granting or removing
 * the admin role needs super_admin. Every change writes an audit record. Lists are newest first with
 * opaque cursors. Never cached (an admin's view must be current).
 */
export const adminRoutes = defineArea('admin', {
  // Counts from the dispatcher's counter items, the latest reports, the charts and the latest actions.
  adminDashboard: {
    method: 'GET',
    path: '/api/admin/dashboard',
    auth: 'admin',
    response: dashboardSchema,
  },
  // Every admin action, or one entity's history (entity_type + entity_id), newest first.
  adminListAudit: {
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'admin',
    query: auditQuerySchema,
    response: auditPageSchema,
  },

  // ---- Productos
  adminListProducts: {
    method: 'GET',
    path: '/api/admin/products',
    auth: 'admin',
    query: adminProductsQuerySchema,
    response: adminProductPageSchema,
  },
  // Any product whatever its status or hold (the public page answers 404 for those).
  adminGetProduct: {
    method: 'GET',
    path: '/api/admin/products/{id}',
    auth: 'admin',
    params: idParamsSchema,
    response: adminProductSchema,
  },
  adminSetProductStatus: {
    method: 'PUT',
    path: '/api/admin/products/{id}/status',
    auth: 'admin',
    params: idParamsSchema,
    body: productStatusBodySchema,
    response: adminProductSchema,
  },
  // Photos, questions and favorites go with it; its reports keep their snapshot.
  adminDeleteProduct: {
    method: 'DELETE',
    path: '/api/admin/products/{id}',
    auth: 'admin',
    uses: { images: true },
    params: idParamsSchema,
    response: deletedProductSchema,
  },

  // ---- Reportes
  adminListReports: {
    method: 'GET',
    path: '/api/admin/reports',
    auth: 'admin',
    query: adminReportsQuerySchema,
    response: adminReportPageSchema,
  },
  // Reported reviews (issue 40): hide or keep, audited.
  adminListReviewReports: {
    method: 'GET',
    path: '/api/admin/review-reports',
    auth: 'admin',
    query: adminReviewReportsQuerySchema,
    response: adminReviewReportPageSchema,
  },
  adminDecideReview: {
    method: 'PUT',
    path: '/api/admin/reviews/{id}/{side}',
    auth: 'admin',
    params: reviewSideParamsSchema,
    body: reviewDecisionBodySchema,
    response: z.object({ hidden: z.boolean() }),
  },
  adminDecideReport: {
    method: 'PUT',
    path: '/api/admin/products/{id}/reports/{reporterId}',
    auth: 'admin',
    params: reportParamsSchema,
    body: reportDecisionBodySchema,
    response: adminReportSchema,
  },

  // ---- Usuarios
  adminListUsers: {
    method: 'GET',
    path: '/api/admin/users',
    auth: 'admin',
    query: adminUsersQuerySchema,
    response: adminUserPageSchema,
  },
  adminSetUserVerification: {
    method: 'PUT',
    path: '/api/admin/users/{userId}/verification',
    auth: 'admin',
    params: userParamsSchema,
    body: userVerificationBodySchema,
    response: adminUserSchema,
  },
  // super_admin only; never oneself, never a super_admin; effective at the user's next sign-in.
  adminSetUserAdminRole: {
    method: 'PUT',
    path: '/api/admin/users/{userId}/admin',
    auth: 'super_admin',
    uses: { roles: true },
    params: userParamsSchema,
    body: userAdminRoleBodySchema,
    response: userRoleResultSchema,
  },

  // ---- Universidades
  adminListUniversities: {
    method: 'GET',
    path: '/api/admin/universities',
    auth: 'admin',
    response: adminUniversityListSchema,
  },
  adminCreateUniversity: {
    method: 'POST',
    path: '/api/admin/universities',
    auth: 'admin',
    status: 201,
    body: universityCreateBodySchema,
    response: adminUniversitySchema,
  },
  adminUpdateUniversity: {
    method: 'PUT',
    path: '/api/admin/universities/{id}',
    auth: 'admin',
    params: adminUniversityParamsSchema,
    body: universityUpdateBodySchema,
    response: adminUniversitySchema,
  },
  // Gone from selection at once; its products are deleted by a background job (poll the job).
  adminDeleteUniversity: {
    method: 'DELETE',
    path: '/api/admin/universities/{id}',
    auth: 'admin',
    status: 202,
    uses: { jobs: true },
    params: adminUniversityParamsSchema,
    response: universityDeletionSchema,
  },

  // ---- Puntos de encuentro de una universidad (docs/decisions/032); the list is the public route.
  adminCreateMeetingPoint: {
    method: 'POST',
    path: '/api/admin/universities/{id}/meeting-points',
    auth: 'admin',
    status: 201,
    params: meetingPointsParamsSchema,
    body: meetingPointBodySchema,
    response: meetingPointSchema,
  },
  adminUpdateMeetingPoint: {
    method: 'PUT',
    path: '/api/admin/universities/{id}/meeting-points/{pointId}',
    auth: 'admin',
    params: meetingPointParamsSchema,
    body: meetingPointBodySchema,
    response: meetingPointSchema,
  },
  adminDeleteMeetingPoint: {
    method: 'DELETE',
    path: '/api/admin/universities/{id}/meeting-points/{pointId}',
    auth: 'admin',
    params: meetingPointParamsSchema,
    response: deletedMeetingPointSchema,
  },

  // ---- Solicitudes de Universidad
  adminListUniversityRequests: {
    method: 'GET',
    path: '/api/admin/university-requests',
    auth: 'admin',
    query: adminRequestsQuerySchema,
    response: adminRequestPageSchema,
  },
  adminDecideUniversityRequest: {
    method: 'POST',
    path: '/api/admin/university-requests/{requestId}/decision',
    auth: 'admin',
    params: requestParamsSchema,
    body: requestDecisionBodySchema,
    response: requestDecisionResultSchema,
  },

  // ---- Reindexar y tareas
  // 202 with the job (a running reindex is a 409); the job pages the table and swaps the index in.
  adminStartReindex: {
    method: 'POST',
    path: '/api/admin/jobs/reindex',
    auth: 'admin',
    status: 202,
    uses: { jobs: true },
    response: adminJobSchema,
  },
  adminListJobs: {
    method: 'GET',
    path: '/api/admin/jobs',
    auth: 'admin',
    query: jobsQuerySchema,
    response: jobListSchema,
  },
  adminGetJob: {
    method: 'GET',
    path: '/api/admin/jobs/{jobId}',
    auth: 'admin',
    params: jobParamsSchema,
    response: adminJobSchema,
  },
  // The BCV rate's history, newest first, and an admin's entry or correction (decision 033), audited.
  adminListExchangeRates: {
    method: 'GET',
    path: '/api/admin/exchange-rates',
    auth: 'admin',
    response: rateHistorySchema,
  },
  adminSetExchangeRate: {
    method: 'PUT',
    path: '/api/admin/exchange-rates',
    auth: 'admin',
    body: setRateBodySchema,
    response: exchangeRateSchema,
  },
});
