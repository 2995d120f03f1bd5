import type { Product, University, UniversityRequest } from '#shared/schemas';
import type { CreateTerms } from './idempotency';

/** A page of items read from a DynamoDB Query; `cursor` is opaque and validated on the way in. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface ProductListingScope {
  university?: string;
  category?: string;
}

export interface ProductRepository {
  /** Allocates the next numeric product id atomically. */
  nextId(): Promise<number>;
  /** Raises the id counter to at least `id` (import keeps ids; new ids continue above them). */
  raiseIdFloor(id: number): Promise<void>;
  /** A product by id; `consistent` reads the latest write (the listing counts need it). */
  get(id: number, opts?: { consistent?: boolean }): Promise<Product | null>;
  /** Many products by id in few calls (the stream's batches), each id's product or null, in order. */
  getMany(ids: readonly number[], opts?: { consistent?: boolean }): Promise<(Product | null)[]>;
  /** Writes a new product; false if the id already exists (nothing is changed then). */
  putIfAbsent(product: Product): Promise<boolean>;
  /**
   * A seller's new listing: written only while its university exists, is not being deleted and
   * still has `sellerDomain`, the seller's institutional domain (decision 042) — 'closed' otherwise;
   * 'idTaken' if the id exists. Nothing is written unless 'created'. With `terms` (decision 041),
   * the request's first answer and the daily slot go in the same transaction: a full allowance is
   * a 429, a twin written first an IdempotencyKeyTakenError.
   */
  publish(
    product: Product,
    sellerDomain: string,
    terms?: CreateTerms,
  ): Promise<'created' | 'idTaken' | 'closed'>;
  /** Active products of a scope, newest or oldest first, from the listing indexes (a Query). */
  listActive(
    scope: ProductListingScope,
    order: 'newest' | 'oldest',
    limit: number,
    cursor?: string,
  ): Promise<Page<Product>>;
  /** Every product of an owner, any status, newest first (the owner index). */
  listByOwner(ownerId: string, limit: number): Promise<Product[]>;
  /**
   * Changes the status if the product belongs to `ownerId` and has status `from`; the listing
   * indexes follow (a product leaves them when it stops being active). Null when the condition fails.
   */
  changeStatus(
    id: number,
    ownerId: string,
    from: Product['status'],
    to: Product['status'],
  ): Promise<Product | null>;
  /** Deletes the product if it belongs to `ownerId`; the deleted product, or null. */
  deleteOwned(id: number, ownerId: string): Promise<Product | null>;
  /**
   * Holds an active product for review by reports (docs/decisions/019): it leaves the listing
   * indexes and stays active. Applies only while it is active, not held, and its last release is
   * still `releasedAt` (null: never released); false otherwise (nothing changed).
   */
  hold(id: number, at: string, releasedAt: string | null): Promise<boolean>;
  /** Lifts a hold (the admin's review): listed again if active. The product, or null when not held. */
  releaseHold(id: number, at: string): Promise<Product | null>;
}

export interface UniversityRepository {
  list(): Promise<University[]>;
  get(id: string): Promise<University | null>;
  /** Creates the university unless it exists; returns false when it existed. */
  putIfAbsent(university: University): Promise<boolean>;
}

export interface UniversityRequestRepository {
  /** Stores a new request; with `terms`, its first answer and its allowances' uses in one transaction. */
  create(request: UniversityRequest, terms?: CreateTerms): Promise<void>;
}
