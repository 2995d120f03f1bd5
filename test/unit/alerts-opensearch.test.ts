import { describe, expect, it } from 'vitest';
import { ALL_WORDS_FIELDS, buildSearchRequest } from '../../functions/adapters/search/opensearch';
import {
  buildPercolatorQuery,
  parsePercolateResponse,
} from '../../functions/adapters/search/opensearch-alerts';

/**
 * The percolator adapter (docs/decisions/031) where a real engine cannot tell: that a saved search is
 * stored as exactly its search's query, and a malformed answer. What the percolator does with the
 * stored queries — the index, the matching, the switch, the seller, the pages — is proven on a real
 * OpenSearch node (test/integration/search-opensearch.test.ts, alerts-parity.test.ts; decision 044).
 */
describe('percolator queries', () => {
  it('stores a saved search as exactly the query its search sends, read from the all-words field', () => {
    const search = {
      university: 'ucv',
      q: 'laptop barata',
      category: 'electronica' as const,
      minPrice: 10,
      maxPrice: 200,
    };
    const sent = buildSearchRequest({ ...search, sort: 'newest', limit: 24, offset: 0 }, ALL_WORDS_FIELDS);
    expect(buildPercolatorQuery(search)).toEqual(sent.query);
  });

  it('refuses a percolate response without the saved search fields', () => {
    expect(() => parsePercolateResponse({ hits: { hits: [{ _source: { search_id: 'x' } }] } })).toThrow();
  });
});
