import * as z from 'zod/mini';
import { currentRateSchema } from '../exchange-rate-schemas';
import { sellerContactSchema } from '../product-form';
import {
  healthSchema,
  idParamsSchema,
  listProductsQuerySchema,
  productDetailSchema,
  productPageSchema,
  productSummarySchema,
  universityParamsSchema,
  universityRequestInputSchema,
  universityRequestSchema,
  universitySchema,
} from '../schemas';
import {
  meetingPointListSchema,
  meetingPointsParamsSchema,
  sellerParamsSchema,
  sellerReviewsQuerySchema,
  sellerSchema,
} from '../trust';
import { reviewPageSchema } from '../reviews';
import { defineArea } from './define';

/** Browsing: universities, listings, search, a product and its seller's contact. */
export const catalogRoutes = defineArea('catalog', {
  // Health reports the index too, so its area is granted the search domain. Never cached.
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    cache: 'no-store',
    uses: { search: true },
    response: healthSchema,
  },
  // The BCV's newest official rate (decision 033): public, briefly cached like every public read.
  getExchangeRate: {
    method: 'GET',
    path: '/api/exchange-rate',
    auth: 'public',
    response: currentRateSchema,
  },
  listUniversities: {
    method: 'GET',
    path: '/api/universities',
    auth: 'public',
    response: z.object({ items: z.array(universitySchema) }),
  },
  getUniversity: {
    method: 'GET',
    path: '/api/universities/{id}',
    auth: 'public',
    params: universityParamsSchema,
    response: universitySchema,
  },
  // Anyone may ask; a signed-in student is recorded as the requester (and limited per account).
  createUniversityRequest: {
    method: 'POST',
    path: '/api/university-requests',
    auth: 'public',
    identity: 'optional',
    status: 201,
    idempotent: true,
    body: universityRequestInputSchema,
    response: universityRequestSchema,
  },
  listProducts: {
    method: 'GET',
    path: '/api/products',
    auth: 'public',
    uses: { search: true },
    query: listProductsQuerySchema,
    response: productPageSchema,
  },
  getProduct: {
    method: 'GET',
    path: '/api/products/{id}',
    auth: 'public',
    params: idParamsSchema,
    response: productDetailSchema,
  },
  relatedProducts: {
    method: 'GET',
    path: '/api/products/{id}/related',
    auth: 'public',
    params: idParamsSchema,
    response: z.object({ items: z.array(productSummarySchema) }),
  },
  // The seller's WhatsApp number: signed-in users only (spec), never in public answers.
  getSellerContact: {
    method: 'GET',
    path: '/api/products/{id}/contact',
    auth: 'user',
    ownerRefused: true,
    params: idParamsSchema,
    response: sellerContactSchema,
  },
  // Who the seller is (docs/decisions/032): public, briefly cached; one GetItem and one Query.
  getSeller: {
    method: 'GET',
    path: '/api/sellers/{id}',
    auth: 'public',
    params: sellerParamsSchema,
    response: sellerSchema,
  },
  // A seller's reviews as a seller, the next pages (issue 40): public, one Query of gsi1.
  listSellerReviews: {
    method: 'GET',
    path: '/api/sellers/{id}/reviews',
    auth: 'public',
    params: sellerParamsSchema,
    query: sellerReviewsQuerySchema,
    response: reviewPageSchema,
  },
  // A university's safe meeting points (the contact flow's choice): public, one Query.
  listMeetingPoints: {
    method: 'GET',
    path: '/api/universities/{id}/meeting-points',
    auth: 'public',
    params: meetingPointsParamsSchema,
    response: meetingPointListSchema,
  },
});
