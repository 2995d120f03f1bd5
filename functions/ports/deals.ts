import type { DealState, InterestKind } from '#shared/deals';
import type { AuditEntry } from '#shared/admin';
import type { ReviewReport, ReviewReportStatus, ReviewSide } from '#shared/reviews';
import type { CreateTerms } from './idempotency';
import type { Product } from '#shared/schemas';

/** A person who came for a listing (issue 40), as stored. */
export interface Interest {
  product_id: number;
  user_id: string;
  contacted_at: string | null;
  asked_at: string | null;
  last_at: string;
}

/**
 * Who came for a listing: the signed-in people who asked for its seller's number or asked a
 * question, one record per person and listing. A question records it in its own transaction
 * (QuestionRepository.create); a contact through `record`.
 */
export interface InterestRepository {
  /** Records that `userId` came for the product by `kind` at `at` (a repeat keeps the first time). */
  record(productId: number, userId: string, kind: InterestKind, at: string): Promise<void>;
  /** Whether `userId` came for the product (read consistently: the seller names them at once). */
  has(productId: number, userId: string): Promise<boolean>;
  /** Everyone who came for the product, read consistently (the seller acts on it at once). */
  listOfProduct(productId: number): Promise<Interest[]>;
  /** What a person came for, their latest first (at most `limit`). */
  listOfPerson(userId: string, limit: number): Promise<Interest[]>;
}

/** A listing's deal (issue 40), as stored. */
export interface Deal {
  product_id: number;
  seller_id: string;
  buyer_id: string;
  title: string;
  state: DealState;
  named_at: string;
  sold_at?: string;
  answer_by?: string;
  confirmed_at?: string;
  confirmed_by?: 'buyer' | 'code';
  disputed_at?: string;
  code: string;
  code_tries: number;
  review_until?: string;
  buyer_reviewed?: boolean;
  seller_reviewed?: boolean;
  reminded_at?: string;
  reviews_done_at?: string;
}

/**
 * What a seller's status change does to the listing's deal, in the same transaction as the product:
 * name a buyer (a new deal, or the reserved one sold to the same buyer), leave it, or drop it (a
 * reservation given up, or a sale to someone outside the app).
 */
export type DealChange =
  | { readonly kind: 'keep'; readonly deal: Deal | null }
  | { readonly kind: 'name'; readonly deal: Deal; readonly replacing: Deal | null }
  | { readonly kind: 'drop'; readonly deal: Deal };

/**
 * The deals of listings. Every write is conditioned on the deal (and the product) as read, so a
 * concurrent change wins instead of being undone and a retried one changes nothing twice.
 */
export interface DealRepository {
  get(productId: number): Promise<Deal | null>;
  getMany(productIds: readonly number[]): Promise<(Deal | null)[]>;
  /** A buyer's deals, newest first (at most `limit`). */
  listOfBuyer(buyerId: string, limit: number): Promise<Deal[]>;
  /**
   * The seller's status change with its deal, all or nothing: the product from `from` to `to` (as
   * `ProductRepository.changeStatus` checks it), the deal changed as `change` says, the named buyer
   * still one who came for it. Null when the product or the deal changed since they were read.
   */
  changeStatus(
    product: Product,
    to: Product['status'],
    change: DealChange,
  ): Promise<{ product: Product; deal: Deal | null } | null>;
  /**
   * The buyer's answer, or the code's: the deal as read becomes `next` (false when it changed). A
   * confirmation moves both people's completed-deal counts in the same transaction, and `sell` (a
   * reserved listing confirmed by its code at the meeting) marks the listing sold with it.
   */
  settle(current: Deal, next: Deal, opts?: { sell?: Product }): Promise<boolean>;
}

/** A deal's review by one side (issue 40), as stored. */
export interface Review {
  product_id: number;
  side: ReviewSide;
  author_id: string;
  subject_id: string;
  title: string;
  stars: number;
  text: string | null;
  created_at: string;
  /** Moves the reviewed person's average (one counted review per pair of people per 30 days). */
  counted: boolean;
  visible_at?: string;
  reply_text?: string;
  reply_at?: string;
  hidden_at?: string;
}

export type ReviewWriteOutcome = 'written' | 'alreadyReviewed' | 'pairCounted' | 'changed';

/**
 * Reviews, each written in one transaction with its deal (the side marked as reviewed), the other
 * side's review made visible when it is the second, the averages they move and the pair's
 * counting record.
 */
export interface ReviewRepository {
  /** The deal's two reviews (buyer's, seller's), read consistently. */
  ofDeal(productId: number): Promise<{ buyer: Review | null; seller: Review | null }>;
  /**
   * Writes `review` on the deal as read (`next`: the deal with the side marked). When `other` (the
   * other side's review) exists, both become visible at `now` and count in the averages.
   * 'pairCounted': the pair counted a review in the last 30 days (write it uncounted);
   * 'alreadyReviewed': this side has one; 'changed': the deal changed since it was read.
   */
  write(
    deal: Deal,
    next: Deal,
    review: Review,
    other: Review | null,
    now: string,
    terms?: CreateTerms,
  ): Promise<ReviewWriteOutcome>;
  /** Deals whose review window has a step due at `now` (reminder or closing), at most `limit`. */
  due(now: string, limit: number): Promise<Deal[]>;
  /** The window-closing step: the deal as read becomes `next`; a lone review becomes visible and counts. */
  closeWindow(deal: Deal, next: Deal, lone: Review | null): Promise<boolean>;
  /** The deal as read becomes `next` (the reminder's mark). */
  markReminded(deal: Deal, next: Deal): Promise<boolean>;
  /** A seller's visible reviews, newest first, a page at a time. */
  listOfSeller(
    sellerId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: Review[]; nextCursor: string | null }>;
  /** Sets the reply once, on a visible review; false when it has one or is not visible. */
  reply(productId: number, side: ReviewSide, text: string, at: string): Promise<boolean>;
  /** Stores a report of a review; false when this person reported it already. */
  report(report: ReviewReport): Promise<boolean>;
  /** The pending reports of one review, read consistently. */
  pendingReports(productId: number, side: ReviewSide): Promise<ReviewReport[]>;
  /** Reports of reviews by status, newest first, a page at a time. */
  listReports(
    status: ReviewReportStatus,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: ReviewReport[]; nextCursor: string | null }>;
  /**
   * An admin's decision on a reported review, in one transaction with its audit record: `hide`
   * hides it as read (it leaves the seller's list and, if it counted and was visible, the average);
   * every pending report as read is decided. False when the review or a report changed meanwhile.
   */
  decide(
    review: Review,
    hide: boolean,
    reports: readonly ReviewReport[],
    audit: AuditEntry,
    at: string,
  ): Promise<boolean>;
  /** A person's reputation: completed deals and review sums. */
  reputation(userId: string): Promise<ReputationSums>;
  /** Many people's, in order, read at once (the stream's runs of listings; issue 40). */
  reputations(userIds: readonly string[]): Promise<ReputationSums[]>;
}

/** A person's completed deals and review sums, as stored (nothing yet: zeros). */
export interface ReputationSums {
  deals_sold: number;
  deals_bought: number;
  seller_stars: number;
  seller_reviews: number;
  buyer_stars: number;
  buyer_reviews: number;
}

/** A report of a review (issue 40), as stored. */
export type { ReviewReport } from '#shared/reviews';
