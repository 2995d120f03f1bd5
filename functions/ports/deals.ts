import type { DealState, InterestKind } from '#shared/deals';
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
  /** The completed deals of a person, as seller and as buyer. */
  completedDeals(userId: string): Promise<{ sold: number; bought: number }>;
}
