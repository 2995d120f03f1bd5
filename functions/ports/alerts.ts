import type { SavedSearchFilters } from '#shared/alerts';
import type { SearchDocument } from './search-index';
import type { CreateTerms } from './idempotency';

/** Saved searches with alerts (docs/decisions/031). */

/** A saved search as stored (shared/table.ts: savedSearch). */
export interface StoredSavedSearch extends SavedSearchFilters {
  id: string;
  user_id: string;
  enabled: boolean;
  created_at: string;
  /** 'Nuevos para ti': ids of listings that matched since the user last looked. */
  new_ids: number[];
}

/** 'closed': its university is gone or being deleted (decision 042). */
export type CreateSavedSearchOutcome = 'created' | 'duplicate' | 'limit' | 'closed';

export interface SavedSearchRepository {
  /** The user's saved searches, oldest first (one Query of their partition). */
  list(userId: string): Promise<StoredSavedSearch[]>;
  get(userId: string, id: string): Promise<StoredSavedSearch | null>;
  /**
   * Stores a new saved search and counts it, in ONE transaction: never more than `max` per user,
   * however many requests race; the same search again (the same id) is a 'duplicate'. With
   * `terms`, the request's first answer goes in the same transaction (decision 041).
   */
  create(search: StoredSavedSearch, max: number, terms?: CreateTerms): Promise<CreateSavedSearchOutcome>;
  /** Turns the alert on or off; false when it does not exist. */
  setEnabled(userId: string, id: string, enabled: boolean): Promise<boolean>;
  /** Deletes and uncounts it in one transaction; false when it did not exist. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Deletes every saved search of a user and their alert state (the account is gone). */
  removeAllOfUser(userId: string): Promise<number>;
  /**
   * Adds matched listings to 'Nuevos para ti' (idempotent; nothing when the search is gone; past
   * `max` unseen listings it stops growing). A stream batch's listings of one search in one write.
   */
  addNew(userId: string, id: string, productIds: readonly number[], max: number): Promise<void>;
  /** Clears 'Nuevos para ti' (seen); false when it does not exist. */
  markSeen(userId: string, id: string): Promise<boolean>;
  /** Turns every alert of a user off (the mail's unsubscribe link); how many were on. */
  disableAll(userId: string): Promise<number>;
  /** Every saved search, page by page (the local matcher's rebuild at start; never a request path). */
  page(
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: StoredSavedSearch[]; cursor: string | null }>;
}

/** What the matcher needs of a saved search. */
export interface MatchableSearch extends SavedSearchFilters {
  id: string;
  user_id: string;
  enabled: boolean;
}

export interface SavedSearchMatch {
  id: string;
  user_id: string;
}

/**
 * The saved searches as a reverse index: given a listing, which saved searches it matches, without
 * one query per saved search. OpenSearch's percolator in AWS, an inverted structure over the
 * searches' words locally; both pass test/contract/saved-search-index.contract.ts. Fed only from
 * the table's stream, like the search index.
 */
export interface SavedSearchIndex {
  /** Inserts or replaces saved searches by id (idempotent). */
  put(searches: MatchableSearch[]): Promise<void>;
  /** Removes saved searches by id; unknown ids are ignored. */
  remove(ids: string[]): Promise<void>;
  /**
   * The enabled saved searches the listing matches by the search rule (shared/search-terms.ts:
   * every word, with accents, synonyms, typos and prefixes; the university; the filters and the
   * price range), except those of `excludeUser` (its seller).
   */
  match(doc: SearchDocument, excludeUser: string | null): Promise<SavedSearchMatch[]>;
  /**
   * The same for a stream batch's listings, in ONE request (a percolation of many documents): the
   * i-th answer holds the matches of the i-th listing, without its own seller's searches.
   */
  matchEach(listings: { doc: SearchDocument; excludeUser: string | null }[]): Promise<SavedSearchMatch[][]>;
}

/** One listing gathered for a person's digest. */
export interface PendingAlert {
  productId: number;
  /** The saved searches it matched. */
  searchIds: string[];
  /** The America/Caracas day it matched on (YYYY-MM-DD): it goes out the next morning. */
  day: string;
  /** A mail owed now (an immediate mail not confirmed sent): due at once, not the next morning. */
  retry?: boolean;
}

/** A person's alert mails (shared/table.ts: alertState). */
export interface AlertState {
  /** Goes up with every write; 0 while the item does not exist. */
  version: number;
  /** The America/Caracas day whose immediate mail went out already, or null. */
  mailedDay: string | null;
  /** Listings gathered for digests, in the order they came. */
  pending: PendingAlert[];
  /** Listings already taken (a replayed record, or a listing renewed twice, mails nothing twice). */
  seen: number[];
  /** While a mail of these listings is being sent: until when (epoch ms); null otherwise. */
  leaseUntil: number | null;
}

export interface AlertStateStore {
  get(userId: string): Promise<AlertState>;
  /** The states of many people, read consistently in few calls (a stream batch's people), in order. */
  getMany(userIds: readonly string[]): Promise<AlertState[]>;
  /** Stores `next` only if the stored version is still `version`; due at `dueAt` while it holds a digest. */
  save(
    userId: string,
    version: number,
    next: Omit<AlertState, 'version'>,
    dueAt: number | null,
    now: number,
  ): Promise<boolean>;
  /** People whose digest is due at or before `now`, earliest first, at most `limit`. */
  due(now: number, limit: number): Promise<string[]>;
}
