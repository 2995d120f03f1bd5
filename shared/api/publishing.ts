import * as z from 'zod/mini';
import { moderationResultSchema } from '../moderation';
import {
  createProductBodySchema,
  importUrlBodySchema,
  moderationCheckBodySchema,
  ownProductSchema,
  ownProductsSchema,
  ownStatusBodySchema,
  presignedUploadSchema,
  uploadRequestSchema,
} from '../product-form';
import { listingLinkBodySchema, listingLinkResultSchema } from '../listing-expiry-schemas';
import { idParamsSchema, productDetailSchema } from '../schemas';
import {
  buyerDealSchema,
  dealAnswerBodySchema,
  handoffBodySchema,
  interestedListSchema,
  purchasesSchema,
} from '../deals';
import { replyBodySchema, reviewBodySchema, reviewSideParamsSchema } from '../reviews';
import { defineArea } from './define';

/** Publishing (photos, moderation) and the seller's own listings. */
export const publishingRoutes = defineArea('publishing', {
  checkListing: {
    method: 'POST',
    path: '/api/me/moderation',
    auth: 'user',
    timeoutSeconds: 15,
    uses: { moderation: true, images: true },
    body: moderationCheckBodySchema,
    response: moderationResultSchema,
  },
  createProduct: {
    method: 'POST',
    path: '/api/products',
    auth: 'user',
    status: 201,
    idempotent: true,
    timeoutSeconds: 20,
    // Drawing the photos' WebP sizes (decision 022) is CPU work; Lambda's CPU grows with memory.
    memoryMb: 1024,
    uses: { moderation: true, images: true },
    body: createProductBodySchema,
    response: productDetailSchema,
  },
  createUpload: {
    method: 'POST',
    path: '/api/me/uploads',
    auth: 'user',
    uses: { images: true },
    body: uploadRequestSchema,
    response: presignedUploadSchema,
  },
  importImageFromUrl: {
    method: 'POST',
    path: '/api/me/uploads/from-url',
    auth: 'user',
    timeoutSeconds: 15,
    uses: { images: true },
    body: importUrlBodySchema,
    response: z.object({ key: z.string() }),
  },
  listOwnProducts: { method: 'GET', path: '/api/me/products', auth: 'user', response: ownProductsSchema },
  // 'Mis Compras' (issue 40): the listings the caller contacted or asked about, newest first, and
  // their deals.
  listPurchases: { method: 'GET', path: '/api/me/purchases', auth: 'user', response: purchasesSchema },
  /** The named buyer's answer to '¿Recibiste «…»?' (issue 40); anyone else "not found". */
  answerDeal: {
    method: 'POST',
    path: '/api/me/purchases/{id}/answer',
    auth: 'user',
    params: idParamsSchema,
    body: dealAnswerBodySchema,
    response: buyerDealSchema,
  },
  /**
   * A review of the other side of a confirmed deal (issue 40): its buyer or seller only, once,
   * within 14 days; moderated as questions are. A retry with the same key answers the first answer.
   */
  reviewDeal: {
    method: 'POST',
    path: '/api/me/deals/{id}/review',
    auth: 'user',
    status: 201,
    idempotent: true,
    timeoutSeconds: 15,
    uses: { moderation: true },
    params: idParamsSchema,
    body: reviewBodySchema,
    response: z.object({ product_id: z.number(), side: z.enum(['buyer', 'seller']), visible: z.boolean() }),
  },
  /** The reviewed person's one reply to a visible review of them (issue 40). */
  replyToReview: {
    method: 'POST',
    path: '/api/me/deals/{id}/reviews/{side}/reply',
    auth: 'user',
    timeoutSeconds: 15,
    uses: { moderation: true },
    params: reviewSideParamsSchema,
    body: replyBodySchema,
    response: z.object({ reply_text: z.string(), reply_at: z.string() }),
  },
  // Who came for one of the caller's listings (issue 40): its seller only, anyone else "not found".
  listInterested: {
    method: 'GET',
    path: '/api/me/products/{id}/interested',
    auth: 'user',
    params: idParamsSchema,
    response: interestedListSchema,
  },
  setOwnProductStatus: {
    method: 'PATCH',
    path: '/api/me/products/{id}',
    auth: 'user',
    params: idParamsSchema,
    body: ownStatusBodySchema,
    response: ownProductSchema,
  },
  /** The handoff code the seller types at the meeting (issue 40): the seller's listings only. */
  enterHandoffCode: {
    method: 'POST',
    path: '/api/me/products/{id}/handoff',
    auth: 'user',
    params: idParamsSchema,
    body: handoffBodySchema,
    response: ownProductSchema,
  },
  /** 'Renovar' in the seller's lists (docs/decisions/030): an expired listing is back at once. */
  renewOwnProduct: {
    method: 'POST',
    path: '/api/me/products/{id}/renew',
    auth: 'user',
    params: idParamsSchema,
    response: ownProductSchema,
  },
  /**
   * The expiry reminder's one-click links, without a session: the signed, single-purpose token in
   * the body is the credential (renew, or mark sold), valid once and until 7 days after the expiry.
   */
  renewListingByLink: {
    method: 'POST',
    path: '/api/listing-links/renew',
    auth: 'public',
    uses: { unsubscribeTokens: true },
    body: listingLinkBodySchema,
    response: listingLinkResultSchema,
  },
  sellListingByLink: {
    method: 'POST',
    path: '/api/listing-links/sold',
    auth: 'public',
    uses: { unsubscribeTokens: true },
    body: listingLinkBodySchema,
    response: listingLinkResultSchema,
  },
  deleteOwnProduct: {
    method: 'DELETE',
    path: '/api/me/products/{id}',
    auth: 'user',
    uses: { images: true },
    params: idParamsSchema,
    response: z.object({ id: z.number().check(z.positive()), deleted: z.literal(true) }),
  },
});
