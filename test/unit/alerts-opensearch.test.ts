import { describe, expect, it } from 'vitest';
import { ALL_WORDS_FIELDS, buildSearchRequest } from '../../functions/adapters/search/opensearch';
import {
  buildPercolatorQuery,
  parsePercolateResponse,
  toPercolatedDocument,
} from '../../functions/adapters/search/opensearch-alerts';
import { interpretQuery } from '../../functions/services/catalog/catalog';
import { CONTRACT_DOCS } from '../contract/search-index.contract';

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
    // The search's query as the catalog service reads it (the text parsed once) and sends it.
    const sent = buildSearchRequest(
      interpretQuery({ ...search, sort: 'newest', limit: 24 }),
      ALL_WORDS_FIELDS,
    );
    expect(buildPercolatorQuery(search)).toEqual(sent.query);
  });

  it("percolates a listing lean as its words and the filters' fields only, and whole while old queries remain", () => {
    const listing = { ...CONTRACT_DOCS[0], tags: ['casio', 'fx'], status: 'active' as const };
    const lean = toPercolatedDocument(listing, true);
    expect(lean).toEqual({
      listing_words: [
        'Calculadora científica Casio fx-570',
        'casio',
        'fx',
        'Electrónica electronica',
        'Ingeniería ingenieria',
        'Perfecta para cálculo',
        'María Pérez',
      ],
      category: 'electronica',
      career: 'ingenieria',
      condition: listing.condition,
      university_id: 'ucv',
      price: 25,
      status: 'active',
    });
    const whole = toPercolatedDocument(listing, false);
    expect(whole).toMatchObject({
      title: listing.title,
      description: listing.description,
      seller_name: 'María Pérez',
    });
    expect(whole.listing_words).toEqual(lean.listing_words);
  });

  it('refuses a percolate response without the saved search fields', () => {
    expect(() => parsePercolateResponse({ hits: { hits: [{ _source: { search_id: 'x' } }] } })).toThrow();
  });
});
