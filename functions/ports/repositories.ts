import type { AdminJob, AuditEntry } from '#shared/admin';
import type { Product, SellerRating, University, UniversityRequest } from '#shared/schemas';
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

/** A university as the admin sees it: also while it is being deleted. */
export interface StoredUniversity extends University {
  deleting_job_id: string | null;
}

/**
 * Why a university cannot have a domain (docs/decisions/042): another university holds it
 * ('taken'), a parent of it ('under': `other` is that parent) or a subdomain of it ('over').
 */
export interface DomainConflict {
  kind: 'taken' | 'under' | 'over';
  domain: string;
  /** The other university's domain. */
  other: string;
  /** The other university. */
  universityId: string;
}

export interface StoredRequest extends UniversityRequest {
  reviewed_at?: string | null;
}

export interface AdminProductFilter {
  status?: Product['status'];
  university?: string;
  /** Folded words that must all appear in the folded title. */
  words?: string[];
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
  /** Every product of an owner, any status, newest first (the owner index), up to `limit`. */
  listByOwner(ownerId: string, limit: number): Promise<Product[]>;
  /**
   * Stamps the seller's rating on a product of theirs (null: takes it off); false when the product
   * is gone or no longer theirs (issue 40, services/deals/listing-ratings.ts).
   */
  setSellerRating(id: number, ownerId: string, rating: SellerRating | null): Promise<boolean>;
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
  /** Every product, newest first (gsi6), filtered; reads a bounded number of items per call. */
  listEvery(filter: AdminProductFilter, limit: number, cursor?: string): Promise<Page<Product>>;
  /**
   * Writes `next` if the product is still exactly `current` (status and hold), with the audit
   * records of the change in the same transaction; false otherwise (nothing written).
   */
  replace(current: Product, next: Product, audits: AuditEntry[]): Promise<boolean>;
  /** Deletes the product if it is still `current` (status and hold), with its audit records. */
  remove(current: Product, audits: AuditEntry[]): Promise<boolean>;
}

export interface UniversityRepository {
  list(): Promise<University[]>;
  get(id: string): Promise<University | null>;
  /** Creates the university unless it exists; returns false when it existed. */
  putIfAbsent(university: University): Promise<boolean>;
  /** Every university, those being deleted too (the admin's list). */
  listStored(): Promise<StoredUniversity[]>;
  getStored(id: string): Promise<StoredUniversity | null>;
  /**
   * Gives every university without its domain claim (stored before the claims) its claim, so a
   * new or edited domain is checked against all of them (decision 042); how many were claimed.
   */
  backfillDomainClaims(): Promise<number>;
  /**
   * Creates the university with its domain claim (decision 042) and its audit record, atomically:
   * 'exists' when the id exists, the conflict when its domain is another's, a parent or a subdomain
   * of another's.
   */
  create(university: University, audit: AuditEntry): Promise<'created' | 'exists' | DomainConflict>;
  /**
   * Writes the edit, moving the domain claim when the domain changes: 'changed' when the university
   * changed or is being deleted, the conflict when the new domain is refused as on creation.
   */
  update(
    current: StoredUniversity,
    next: University,
    audit: AuditEntry,
  ): Promise<'updated' | 'changed' | DomainConflict>;
  /** Takes the university out of the public list and starts its deletion job, atomically. */
  markDeleting(current: StoredUniversity, job: AdminJob, audit: AuditEntry): Promise<boolean>;
  /** The end of the deletion job: its meeting points, then the university item with its domain claim. */
  remove(id: string, jobId: string): Promise<void>;
}

export interface UniversityRequestRepository {
  /** Stores a new request; with `terms`, its first answer and its allowances' uses in one transaction. */
  create(request: UniversityRequest, terms?: CreateTerms): Promise<void>;
  /** Requests of a status (or every request), newest first. */
  list(status: string | undefined, limit: number, cursor?: string): Promise<Page<StoredRequest>>;
  get(id: string): Promise<StoredRequest | null>;
  /** Stores the decision with its audit record; false when the request is no longer as read. */
  decide(current: StoredRequest, next: StoredRequest, audit: AuditEntry): Promise<boolean>;
}
