import { writeInOrder } from '../../functions/adapters/search/in-order-writes';
import type {
  IndexWrite,
  RefusedWrite,
  SearchDocument,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from '../../functions/ports/search-index';
import { compareForSearch } from '../../functions/adapters/search/sort-order';
import { searchMatcher } from '#shared/search-terms';

/**
 * A plain in-memory SearchIndex for tests that need AN index but do not test the engine (the word
 * rule of shared/search-terms.ts, tried product by product). The real engines have their own
 * contract tests.
 */
export class MemorySearchIndex implements SearchIndex {
  readonly docs = new Map<number, SearchDocument>();
  calls = 0;

  write(writes: IndexWrite[]): Promise<RefusedWrite[]> {
    return writeInOrder(this, writes);
  }

  async upsert(docs: SearchDocument[]): Promise<void> {
    for (const d of docs) this.docs.set(d.id, structuredClone(d));
  }

  async remove(ids: number[]): Promise<void> {
    for (const id of ids) this.docs.delete(id);
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async search(q: SearchQuery): Promise<SearchResult> {
    this.calls += 1;
    const text = searchMatcher(q.terms);
    const hits = [...this.docs.values()].filter((d) => {
      if (q.university && d.university_id !== q.university) return false;
      if (q.category && d.category !== q.category) return false;
      if (q.career && d.career !== q.career) return false;
      if (q.condition && d.condition !== q.condition) return false;
      if (q.minPrice !== undefined && d.price < q.minPrice) return false;
      if (q.maxPrice !== undefined && d.price > q.maxPrice) return false;
      if (q.hideReserved && d.status === 'reserved') return false;
      return text(d);
    });
    hits.sort((a, b) => compareForSearch(a, b, q.sort, q.terms?.preferred));
    return { items: hits.slice(q.offset, q.offset + q.limit), total: hits.length };
  }
}

/** An index whose every call fails, as an unreachable OpenSearch domain would. */
export class FailingSearchIndex implements SearchIndex {
  calls = 0;
  async write(): Promise<RefusedWrite[]> {
    this.calls += 1;
    throw new Error('search index unavailable');
  }
  async upsert(): Promise<void> {
    this.calls += 1;
    throw new Error('search index unavailable');
  }
  async remove(): Promise<void> {
    this.calls += 1;
    throw new Error('search index unavailable');
  }
  async search(): Promise<SearchResult> {
    this.calls += 1;
    throw new Error('search index unavailable');
  }
  async ready(): Promise<boolean> {
    return false;
  }
}
