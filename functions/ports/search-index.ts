import type { Career, Category, Condition, SortOrder } from '#shared/enums';
import type { ProductSummary } from '#shared/schemas';
import type { SearchTerms } from '#shared/search-terms';

/** What the search index holds per product: the listing fields plus searchable text. */
export interface SearchDocument extends ProductSummary {
  description: string | null;
  tags: string[];
  seller_name: string;
}

/**
 * A search as the catalog service read it, once: the text already parsed into its terms (words,
 * condition words, the condition ranked first: shared/search-terms.ts), the filters, the order and
 * the page. Both engines and the DynamoDB fallback take this object as it is; none reads the text.
 */
export interface SearchQuery {
  /** The search text's terms; none (or empty terms) for a search by filters only. */
  terms?: SearchTerms;
  university?: string;
  category?: Category;
  career?: Career;
  condition?: Condition;
  minPrice?: number;
  maxPrice?: number;
  /** 'Ocultar reservados': leave reserved listings out (issue 13). */
  hideReserved?: boolean;
  sort: SortOrder;
  limit: number;
  /** Number of hits to skip (cursor pagination is encoded by the service). */
  offset: number;
}

export interface SearchResult {
  items: ProductSummary[];
  total: number;
}

/**
 * The search index port. OpenSearch in AWS, an embedded engine locally; both pass the same
 * contract tests (test/contract/search-index.contract.ts). Only active products are ever in it.
 */
export interface SearchIndex {
  /** Inserts or replaces documents by id (idempotent). */
  upsert(docs: SearchDocument[]): Promise<void>;
  /** Removes documents by id; unknown ids are ignored. */
  remove(ids: number[]): Promise<void>;
  /**
   * Applies a stream batch's writes in ONE request (OpenSearch's _bulk), in order, each by id
   * (idempotent; removing an unknown id is no failure). Resolves with the writes the engine refused
   * (a mapping error, a throttled item): the others are applied. Rejects when the engine did not
   * answer (down, timeout, throttled as a whole): then none may be assumed applied.
   */
  write(writes: IndexWrite[]): Promise<RefusedWrite[]>;
  search(query: SearchQuery): Promise<SearchResult>;
  /** True once the index can answer. */
  ready(): Promise<boolean>;
  /**
   * A rebuild into a fresh index that searches do not see until `swap` (the admin's reindex job,
   * docs/decisions/026): search keeps answering from the current index meanwhile. Optional: an
   * index without it cannot be rebuilt by the job.
   */
  beginRebuild?(): Promise<IndexRebuild>;
  /** Every product id the searched index holds (the reindex's drift check). */
  ids?(): Promise<number[]>;
}

/** One write of the index: a product's document in, or a product out. */
export type IndexWrite = { kind: 'upsert'; doc: SearchDocument } | { kind: 'remove'; id: number };

/** A write the engine refused: the product's id and why. */
export interface RefusedWrite {
  id: number;
  reason: string;
}

export interface IndexRebuild {
  /** Writes documents into the fresh index. */
  write(docs: SearchDocument[]): Promise<void>;
  /** Makes the fresh index the one searched and written, at once; the old one is dropped. */
  swap(): Promise<void>;
  /** Drops the fresh index (a failed rebuild leaves the searched index as it was). */
  abort(): Promise<void>;
}
