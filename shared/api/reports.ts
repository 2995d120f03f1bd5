import * as z from 'zod/mini';
import { reportBodySchema, reportStateSchema } from '../reports';
import { idParamsSchema } from '../schemas';
import { reviewReportBodySchema, reviewSideParamsSchema } from '../reviews';
import { defineArea } from './define';

/**
 * Reports of a product by signed-in users (docs/decisions/019-reports-and-holds.md). The admin's
 * review of them comes with the admin area.
 */
export const reportsRoutes = defineArea('reports', {
  // One report per user and product: a repeat is a 409 the web app shows as information.
  reportProduct: {
    method: 'POST',
    path: '/api/products/{id}/report',
    auth: 'user',
    ownerRefused: true,
    status: 201,
    idempotent: true,
    params: idParamsSchema,
    body: reportBodySchema,
    response: reportStateSchema,
  },
  // 'Reportar reseña' (issue 40): a visible review, once per person; its author is refused (403).
  reportReview: {
    method: 'POST',
    path: '/api/reviews/{id}/{side}/report',
    auth: 'user',
    status: 201,
    params: reviewSideParamsSchema,
    body: reviewReportBodySchema,
    response: z.object({ reported: z.literal(true) }),
  },
  // Whether the caller reported the product already: the dialog then says so instead of opening.
  getOwnReport: {
    method: 'GET',
    path: '/api/products/{id}/report',
    auth: 'user',
    ownerRefused: true,
    params: idParamsSchema,
    response: reportStateSchema,
  },
});
