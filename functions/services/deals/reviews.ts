import { dealStage, shownName } from '#shared/deals';
import {
  type AdminReviewReport,
  averageOf,
  type PublicReview,
  REVIEW_MESSAGES,
  REVIEW_WINDOW_DAYS,
  type Reputation,
  REVIEWS_PAGE,
  type ReviewBody,
  REVIEW_REPORT_MESSAGES,
  type ReviewReportStatus,
  type ReviewSide,
} from '#shared/reviews';
import { API_MESSAGES } from '#shared/messages';
import type { AuthContext } from '../../commons/auth';
import { ConflictError, ForbiddenError, NotFoundError } from '../../commons/errors';
import type { ProfileRepository } from '../../ports/accounts';
import type { Deal, DealRepository, Review, ReviewRepository } from '../../ports/deals';
import type { IdempotencyClaim } from '../../ports/idempotency';
import type { CommentModerator } from '../../ports/questions';
import { auditOf, requireAdmin } from '../admin/audit';
import { moderateOrRefuse } from '../moderation/comments';

/**
 * Reviews (issue 40): only from a confirmed deal, once per side, within 14 days of the
 * confirmation; neither side sees the other's until both wrote (then both appear at once, in the
 * second's transaction) or the window closes (the sweep, review-windows.ts). One review per pair of
 * people per 30 days counts in an average; the rest are shown but move nothing.
 */
export interface ReviewDeps {
  deals: Pick<DealRepository, 'get'>;
  reviews: ReviewRepository;
  profiles: Pick<ProfileRepository, 'get'>;
  commentModerator: CommentModerator;
  now: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ROUNDS = 3;

/** When a deal's review window closes: 14 days after its confirmation. */
export const reviewUntil = (confirmedAt: Date) =>
  new Date(confirmedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS).toISOString();

/** The caller's side of a deal, or null when they are in neither. */
export const sideOf = (deal: Deal, userId: string): ReviewSide | null =>
  deal.buyer_id === userId ? 'buyer' : deal.seller_id === userId ? 'seller' : null;

/** Whether `side` may still review the deal at `now`. */
export function mayReview(deal: Deal, side: ReviewSide, now: Date): boolean {
  return (
    dealStage(deal, now) === 'confirmed' &&
    !!deal.review_until &&
    Date.parse(deal.review_until) > now.getTime() &&
    !deal[`${side}_reviewed`]
  );
}

/**
 * A review of the other side of a confirmed deal: stars and an optional text, moderated as
 * questions are. The second review makes both visible at once. Answers whether it is visible now.
 */
export async function writeReview(
  deps: ReviewDeps,
  auth: AuthContext,
  productId: number,
  body: ReviewBody,
  claim?: IdempotencyClaim,
): Promise<{ product_id: number; side: ReviewSide; visible: boolean }> {
  let moderated = false;
  for (let round = 0; round < ROUNDS; round++) {
    const deal = await deps.deals.get(productId);
    const side = deal ? sideOf(deal, auth.userId) : null;
    if (!deal || !side) throw new NotFoundError(REVIEW_MESSAGES.notYours);
    const now = deps.now();
    if (dealStage(deal, now) !== 'confirmed') throw new ConflictError(REVIEW_MESSAGES.notConfirmed);
    if (deal[`${side}_reviewed`]) throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);
    if (!mayReview(deal, side, now)) throw new ConflictError(REVIEW_MESSAGES.windowClosed);
    if (body.text && !moderated) {
      await moderateOrRefuse(
        deps.commentModerator,
        { text: body.text, type: 'review', context: deal.title },
        REVIEW_MESSAGES.reviewRejected,
      );
      moderated = true;
    }
    const pair = await deps.reviews.ofDeal(productId);
    const other = side === 'buyer' ? pair.seller : pair.buyer;
    const at = now.toISOString();
    const review: Review = {
      product_id: productId,
      side,
      author_id: auth.userId,
      subject_id: side === 'buyer' ? deal.seller_id : deal.buyer_id,
      title: deal.title,
      stars: body.stars,
      text: body.text,
      created_at: at,
      counted: true,
    };
    // Both written: nothing is due any more (no reminder, no closing).
    const next: Deal = { ...deal, [`${side}_reviewed`]: true, ...(other ? { reviews_done_at: at } : {}) };
    const answer = { product_id: productId, side, visible: other !== null };
    const terms = claim ? { record: claim.record(answer), allowances: [], now: now.getTime() } : undefined;
    let outcome = await deps.reviews.write(deal, next, review, other, at, terms);
    // The pair counted one in the last 30 days: this one is kept and shown, and moves nothing.
    if (outcome === 'pairCounted')
      outcome = await deps.reviews.write(deal, next, { ...review, counted: false }, other, at, terms);
    if (outcome === 'written') return answer;
    if (outcome === 'alreadyReviewed') throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);
  }
  throw new ConflictError(API_MESSAGES.internal);
}

/** The reviewed person's one reply to a visible review of them, moderated as the review was. */
export async function replyToReview(
  deps: Pick<ReviewDeps, 'reviews' | 'commentModerator' | 'now'>,
  auth: AuthContext,
  productId: number,
  side: ReviewSide,
  text: string,
): Promise<{ reply_text: string; reply_at: string }> {
  const pair = await deps.reviews.ofDeal(productId);
  const review = pair[side];
  if (!review || review.hidden_at) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
  if (review.subject_id !== auth.userId) {
    // Its author knows it exists; anyone else must not learn of a review not yet visible.
    if (review.author_id === auth.userId) throw new ForbiddenError(REVIEW_MESSAGES.replyNotYours);
    throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
  }
  if (!review.visible_at) throw new ConflictError(REVIEW_MESSAGES.replyNotVisible);
  if (review.reply_text) {
    if (review.reply_text === text) return { reply_text: review.reply_text, reply_at: review.reply_at ?? '' };
    throw new ConflictError(REVIEW_MESSAGES.alreadyReplied);
  }
  await moderateOrRefuse(
    deps.commentModerator,
    { text, type: 'reply', context: review.title },
    REVIEW_MESSAGES.reviewRejected,
  );
  const at = deps.now().toISOString();
  if (!(await deps.reviews.reply(productId, side, text, at)))
    throw new ConflictError(REVIEW_MESSAGES.alreadyReplied);
  return { reply_text: text, reply_at: at };
}

/** A person's reputation as the pages show it. */
export async function reputationOf(deps: Pick<ReviewDeps, 'reviews'>, userId: string): Promise<Reputation> {
  const r = await deps.reviews.reputation(userId);
  return {
    seller_average: averageOf(r.seller_stars, r.seller_reviews),
    seller_reviews: r.seller_reviews,
    deals_completed: r.deals_sold,
    buyer_average: averageOf(r.buyer_stars, r.buyer_reviews),
    buyer_reviews: r.buyer_reviews,
  };
}

/**
 * A seller's visible reviews, newest first, a page at a time: each with its author's name as it is
 * now ('Usuario eliminado' for an account that is gone) and whether their institutional e-mail is
 * verified, and the seller's reply.
 */
export async function sellerReviews(
  deps: Pick<ReviewDeps, 'reviews' | 'profiles'>,
  sellerId: string,
  cursor?: string,
): Promise<{ items: PublicReview[]; next_cursor: string | null }> {
  const page = await deps.reviews.listOfSeller(sellerId, { limit: REVIEWS_PAGE, cursor });
  // The authors' names as they are now, read side by side (a page holds at most REVIEWS_PAGE).
  const ids = [...new Set(page.items.map((r) => r.author_id))];
  const profiles = await Promise.all(ids.map((id) => deps.profiles.get(id)));
  const authors = new Map(ids.map((id, i) => [id, profiles[i]]));
  return {
    items: page.items.map((r) => {
      const author = authors.get(r.author_id);
      return {
        product_id: r.product_id,
        side: r.side,
        title: r.title,
        author_name: shownName(author),
        author_verified: author?.university_email_verified === true,
        stars: r.stars,
        text: r.text,
        visible_at: r.visible_at ?? r.created_at,
        reply_text: r.reply_text ?? null,
        reply_at: r.reply_at ?? null,
      };
    }),
    next_cursor: page.nextCursor,
  };
}

// ---------------------------------------------------------------- reports of reviews

/**
 * 'Reportar reseña': any signed-in person but its author may report a visible review, once. The
 * admin decides it from the reports screen (decideReview).
 */
export async function reportReview(
  deps: Pick<ReviewDeps, 'reviews' | 'profiles' | 'now'>,
  auth: AuthContext,
  productId: number,
  side: ReviewSide,
  body: { comment: string | null },
): Promise<{ reported: true }> {
  const review = (await deps.reviews.ofDeal(productId))[side];
  // A review nobody can see yet (or hidden) is not there for anyone but its two people.
  if (!review?.visible_at || review.hidden_at) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
  if (review.author_id === auth.userId) throw new ForbiddenError(REVIEW_REPORT_MESSAGES.ownReview);
  const reporter = await deps.profiles.get(auth.userId);
  const stored = await deps.reviews.report({
    product_id: productId,
    side,
    reporter_id: auth.userId,
    reporter_name: reporter?.full_name?.trim() || auth.name?.trim() || 'Usuario',
    comment: body.comment,
    status: 'pending',
    created_at: deps.now().toISOString(),
  });
  if (!stored) throw new ConflictError(REVIEW_REPORT_MESSAGES.alreadyReported);
  return { reported: true };
}

/** The admin's queue of review reports by status, each with the review as it is now. */
export async function listReviewReports(
  deps: Pick<ReviewDeps, 'reviews' | 'profiles'>,
  auth: AuthContext | null,
  status: ReviewReportStatus,
  page: { limit: number; cursor?: string },
): Promise<{ items: AdminReviewReport[]; nextCursor: string | null }> {
  requireAdmin(auth);
  const { items, nextCursor } = await deps.reviews.listReports(status, page);
  const reviews = new Map<number, Awaited<ReturnType<ReviewRepository['ofDeal']>>>();
  for (const id of new Set(items.map((r) => r.product_id))) reviews.set(id, await deps.reviews.ofDeal(id));
  const names = new Map<string, string>();
  const nameOf = async (id: string) => {
    if (!names.has(id)) names.set(id, shownName(await deps.profiles.get(id)));
    return names.get(id) as string;
  };
  const out: AdminReviewReport[] = [];
  for (const r of items) {
    const review = reviews.get(r.product_id)?.[r.side] ?? null;
    out.push({
      product_id: r.product_id,
      side: r.side,
      reporter_id: r.reporter_id,
      reporter_name: r.reporter_name,
      comment: r.comment,
      status: r.status,
      created_at: r.created_at,
      review: review
        ? {
            title: review.title,
            stars: review.stars,
            text: review.text,
            author_name: await nameOf(review.author_id),
            subject_name: await nameOf(review.subject_id),
            hidden: !!review.hidden_at,
          }
        : null,
    });
  }
  return { items: out, nextCursor };
}

/**
 * An admin hides a reported review (it leaves the seller's list and the average it counted in) or
 * keeps it; every pending report of it is decided, with the audit record, in one transaction.
 */
export async function decideReview(
  deps: Pick<ReviewDeps, 'reviews' | 'now'> & { newId: () => string },
  auth: AuthContext | null,
  productId: number,
  side: ReviewSide,
  body: { action: 'hide' | 'keep'; notes: string | null },
): Promise<{ hidden: boolean }> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const review = (await deps.reviews.ofDeal(productId))[side];
    if (!review) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
    const pending = await deps.reviews.pendingReports(productId, side);
    if (pending.length === 0) throw new ConflictError(REVIEW_REPORT_MESSAGES.nothingPending);
    const hide = body.action === 'hide' && !review.hidden_at;
    const audit = auditOf(deps, admin, {
      action: body.action === 'hide' ? 'review.hide' : 'review.keep',
      entityType: 'review',
      entityId: `${productId}:${side}`,
      before: { hidden: !!review.hidden_at, reports: pending.length },
      after: { hidden: hide || !!review.hidden_at },
      notes: body.notes,
    });
    if (await deps.reviews.decide(review, hide, pending, audit, deps.now().toISOString())) {
      return { hidden: hide || !!review.hidden_at };
    }
  }
  throw new ConflictError(API_MESSAGES.internal);
}
