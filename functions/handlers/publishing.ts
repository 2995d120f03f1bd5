import { signedIn } from '../commons/auth';
import type { publishingRoutes } from '#shared/api/publishing';
import type { AreaHandlers } from '../http/router';
import { answerDeal, changeOwnStatus, type DealDeps, enterHandoffCode } from '../services/deals/deals';
import { type InterestDeps, listInterested, listPurchases } from '../services/deals/interests';
import { replyToReview, type ReviewDeps, writeReview } from '../services/deals/reviews';
import { createUpload, importFromUrl } from '../services/publishing/images';
import {
  type ExpiryLinkDeps,
  renewByLink,
  renewOwnProduct,
  sellByLink,
} from '../services/publishing/listing-expiry';
import {
  checkListing,
  deleteOwnProduct,
  listOwnProducts,
  type PublishingDeps,
  publishProduct,
} from '../services/publishing/publishing';

/** The publishing area's routes (shared/api/publishing.ts), one handler each. */
export const publishingHandlers: AreaHandlers<
  typeof publishingRoutes,
  PublishingDeps & ExpiryLinkDeps & InterestDeps & DealDeps & ReviewDeps
> = {
  checkListing: ({ auth, body }, ctx) => checkListing(ctx, signedIn(auth), body),
  createProduct: ({ auth, body, idempotency }, ctx) => publishProduct(ctx, signedIn(auth), body, idempotency),
  createUpload: ({ auth, body }, ctx) => createUpload(ctx, signedIn(auth), body),
  importImageFromUrl: ({ auth, body }, ctx) => importFromUrl(ctx, signedIn(auth), body.url),
  listOwnProducts: ({ auth }, ctx) => listOwnProducts(ctx, signedIn(auth)),
  listInterested: ({ auth, params }, ctx) => listInterested(ctx, signedIn(auth), params.id),
  listPurchases: ({ auth }, ctx) => listPurchases(ctx, signedIn(auth)),
  setOwnProductStatus: ({ auth, params, body }, ctx) =>
    changeOwnStatus(ctx, signedIn(auth), params.id, body.status, body.buyer_id ?? null),
  enterHandoffCode: ({ auth, params, body }, ctx) =>
    enterHandoffCode(ctx, signedIn(auth), params.id, body.code),
  reviewDeal: ({ auth, params, body, idempotency }, ctx) =>
    writeReview(ctx, signedIn(auth), params.id, body, idempotency),
  replyToReview: ({ auth, params, body }, ctx) =>
    replyToReview(ctx, signedIn(auth), params.id, params.side, body.text),
  answerDeal: ({ auth, params, body }, ctx) => answerDeal(ctx, signedIn(auth), params.id, body.received),
  renewOwnProduct: ({ auth, params }, ctx) => renewOwnProduct(ctx, signedIn(auth), params.id),
  renewListingByLink: ({ body }, ctx) => renewByLink(ctx, body.token),
  sellListingByLink: ({ body }, ctx) => sellByLink(ctx, body.token),
  deleteOwnProduct: ({ auth, params }, ctx) => deleteOwnProduct(ctx, signedIn(auth), params.id),
};
