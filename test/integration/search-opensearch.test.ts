import { afterAll, describe, expect, it } from 'vitest';
import {
  ALL_WORDS_FIELD,
  buildIndexBody,
  buildSearchRequest,
  credentialsFromEnv,
  type OpenSearchError,
  type OpenSearchConnection,
  openSearchSender,
  createOpenSearchIndex,
} from '../../functions/adapters/search/opensearch';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import {
  buildPercolatorIndexBody,
  createOpenSearchSavedSearchIndex,
  PERCOLATOR_LAYOUT,
} from '../../functions/adapters/search/opensearch-alerts';
import type { SearchDocument } from '../../functions/ports/search-index';
import { runSavedSearchIndexContract, savedSearch } from '../contract/saved-search-index.contract';
import { runRelevanceContract } from '../contract/relevance.contract';
import { CONTRACT_DOCS, runSearchIndexContract } from '../contract/search-index.contract';
import { localOpenSearch, uniqueIndexName } from '../support/opensearch';
import { searchTerms } from '#shared/search-terms';

/**
 * The OpenSearch adapters against a REAL OpenSearch 2.19: the integration setup's node
 * (docs/decisions/044-a-real-opensearch-node.md), or, with OPENSEARCH_TEST_ENDPOINT, a domain,
 * signed with the keys in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN and
 * AWS_REGION:
 *
 *   OPENSEARCH_TEST_ENDPOINT=https://search-….es.amazonaws.com AWS_REGION=us-east-1 \
 *     npx vitest run --project integration test/integration/search-opensearch.test.ts
 *
 * Both contracts run on one index each, emptied between tests (a new index costs the node 0.5 s);
 * writes are refreshed at once, so the next search sees them. Every index made here is deleted at
 * the end.
 */
const domain = process.env.OPENSEARCH_TEST_ENDPOINT;
const connection = (): OpenSearchConnection =>
  domain
    ? { node: domain, region: process.env.AWS_REGION ?? 'us-east-1', credentials: credentialsFromEnv }
    : localOpenSearch();
const send = (...args: Parameters<ReturnType<typeof openSearchSender>>) =>
  openSearchSender(connection())(...args);

const created: string[] = [];
const indexName = (prefix: string) => {
  const name = uniqueIndexName(prefix);
  created.push(name);
  return name;
};
const products = (index: string) => createOpenSearchIndex({ ...connection(), index, refresh: true });
const savedSearches = (index: string) =>
  createOpenSearchSavedSearchIndex({ ...connection(), index, refresh: true });

/** The factory of a contract: one index, made at the first call and emptied at the next ones. */
function emptiedEachTime<T extends { ensureIndex(): Promise<void> }>(
  make: (index: string) => T,
  prefix: string,
) {
  const index = indexName(prefix);
  let adapter: T | undefined;
  return async (): Promise<T> => {
    if (adapter) {
      // By id: _delete_by_query belongs to the reindex module, which production never calls.
      const res = await send({
        method: 'POST',
        path: `/${index}/_search`,
        body: { size: 10_000, _source: false },
      });
      const ids = (res.body as { hits: { hits: { _id: string }[] } }).hits.hits.map((h) => h._id);
      if (ids.length > 0)
        await send({
          method: 'POST',
          path: `/${index}/_bulk?refresh=true`,
          ndjson: ids.map((_id) => ({ delete: { _id } })),
        });
    } else {
      adapter = make(index);
      await adapter.ensureIndex();
    }
    return adapter;
  };
}

afterAll(async () => {
  if (created.length > 0)
    await send({
      method: 'DELETE',
      path: `/${created.map((c) => `${c},${c}-*`).join(',')}?ignore_unavailable=true`,
    });
});

runSearchIndexContract('opensearch', emptiedEachTime(products, 'contract'));

// The saved searches' percolator (alerts, docs/decisions/031) passes the embedded matcher's contract.
runSavedSearchIndexContract('opensearch percolator', emptiedEachTime(savedSearches, 'contract-alerts'));

// Condition words are soft (docs/decisions/046): the same relevance tests as the embedded engine's.
runRelevanceContract('opensearch', {
  search: () => products(indexName('relevance')),
  alerts: async () => {
    const alerts = savedSearches(indexName('relevance-alerts'));
    await alerts.ensureIndex();
    return alerts;
  },
});

describe('the OpenSearch adapters on a real engine', () => {
  const calculator: SearchDocument = CONTRACT_DOCS[0];

  it('make their index with our analysis and a strict mapping, once, however many instances race to it', async () => {
    const index = indexName('made');
    const [first, second, third] = [products(index), products(index), products(index)];
    expect(await first.ready()).toBe(false);
    // Act: a write and two explicit creations at once (cold starts of three instances).
    await Promise.all([first.upsert([calculator]), second.ensureIndex(), third.ensureIndex()]);
    // Assess
    expect(await first.ready()).toBe(true);
    const mapping = (await send({ method: 'GET', path: `/${index}/_mapping` })).body as Record<
      string,
      { mappings: { dynamic: string; properties: Record<string, { fields?: Record<string, unknown> }> } }
    >;
    expect(mapping[index].mappings.dynamic).toBe('strict');
    expect(mapping[index].mappings.properties.title.fields?.prefix).toMatchObject({ analyzer: 'es_folded' });
    const found = await first.search({
      terms: searchTerms('CIENTÍFICA'),
      sort: 'newest',
      limit: 5,
      offset: 0,
    });
    expect(found.items.map((i) => i.id)).toEqual([1]);
  });

  it('give an index made before a field existed that field at the first write (photo sizes, status)', async () => {
    // Prepare: the index as it was made before decision 022 and issue 13.
    const index = indexName('older');
    const body = buildIndexBody() as { mappings: { properties: Record<string, unknown> } };
    delete body.mappings.properties.image_variants;
    delete body.mappings.properties.status;
    await send({ method: 'PUT', path: `/${index}`, body });
    const search = products(index);
    // Act: every optional field present (the mapping is strict: a field it lacks would be refused).
    const sizes = { '/images/products/1.jpg': { width: 800, height: 600, widths: [320, 640] } };
    await search.upsert([{ ...calculator, status: 'reserved', image_variants: sizes }]);
    // Assess
    const [item] = (await search.search({ sort: 'newest', limit: 5, offset: 0 })).items;
    expect(item).toMatchObject({ id: 1, status: 'reserved', image_variants: sizes });
    expect((await search.search({ hideReserved: true, sort: 'newest', limit: 5, offset: 0 })).total).toBe(0);
  });

  it("give an older percolator index the products index's fields added since: a listing with them percolates", async () => {
    // Prepare: the saved searches' index as made before decision 022 and issue 13.
    const index = indexName('older-alerts');
    const body = buildPercolatorIndexBody() as { mappings: { properties: Record<string, unknown> } };
    delete body.mappings.properties.image_variants;
    delete body.mappings.properties.status;
    await send({ method: 'PUT', path: `/${index}`, body });
    const alerts = savedSearches(index);
    const wanted = savedSearch({ university: 'ucv', q: 'calculadora' });
    // Act
    await alerts.put([wanted]);
    const sizes = { '/images/products/1.jpg': { width: 800, height: 600, widths: [320] } };
    const matched = await alerts.match({ ...calculator, status: 'active', image_variants: sizes }, null);
    // Assess: the strict mapping would refuse the listing's fields it lacks.
    expect(matched).toEqual([{ id: wanted.id, user_id: wanted.user_id }]);
  });

  it('percolate listings whole while the index holds queries stored before the all-words field, and lean once a reindex rewrote them', async () => {
    // Prepare: the saved searches' index as made before decision 051 (no all-words field, no
    // layout), holding a saved search stored as it was then (the six `.prefix` word fields).
    const index = indexName('pre-words');
    const body = buildPercolatorIndexBody() as {
      mappings: { properties: Record<string, Record<string, unknown>> };
    };
    delete body.mappings.properties[ALL_WORDS_FIELD];
    delete body.mappings.properties.layout;
    await send({ method: 'PUT', path: `/${index}`, body });
    const old = savedSearch({ university: 'ucv', q: 'calculadora cientifica' });
    const oldQuery = buildSearchRequest({
      ...old,
      terms: searchTerms(old.q),
      sort: 'newest',
      limit: 1,
      offset: 0,
    }).query;
    await send({
      method: 'PUT',
      path: `/${index}/_doc/${old.id}?refresh=true`,
      body: { search_id: old.id, user_id: old.user_id, enabled: true, query: oldQuery },
    });
    // Act: a cold start, then a saved search stored now (a typo, read through the all-words field).
    const alerts = savedSearches(index);
    await alerts.ensureIndex();
    const fresh = savedSearch({ university: 'ucv', q: 'calculdora casio' });
    await alerts.put([fresh]);
    const [beforeReindex] = await alerts.matchEach([{ doc: calculator, excludeUser: null }]);
    // The reindex writes every saved search again; a new instance (a cold start) then sees none of the old layout.
    await alerts.put([old]);
    const [afterReindex] = await savedSearches(index).matchEach([{ doc: calculator, excludeUser: null }]);
    // Assess
    expect(JSON.stringify(oldQuery)).not.toContain(ALL_WORDS_FIELD);
    expect(beforeReindex.map((m) => m.id).sort()).toEqual([old.id, fresh.id].sort());
    expect(afterReindex.map((m) => m.id).sort()).toEqual([old.id, fresh.id].sort());
    const stored = (await send({ method: 'GET', path: `/${index}/_doc/${old.id}` })).body as {
      _source: { layout: number; query: unknown };
    };
    expect(stored._source.layout).toBe(PERCOLATOR_LAYOUT);
    expect(JSON.stringify(stored._source.query)).toContain(ALL_WORDS_FIELD);
  });

  it('match lean listings exactly as whole ones, several universities at once: every word field, the labels, the filters', async () => {
    // Prepare: searches that each need one field of the listing (its tags, its category's label,
    // its seller, its description, a prefix, a typo) and the filters.
    const alerts = savedSearches(indexName('lean'));
    const searches = [
      savedSearch({ university: 'ucv', q: 'casio' }),
      savedSearch({ university: 'ucv', q: 'electronica' }),
      savedSearch({ university: 'ucv', q: 'calcul' }),
      savedSearch({ university: 'ucv', q: 'calculdora' }),
      savedSearch({ university: 'ucv', q: 'maria' }),
      savedSearch({ university: 'ucv', q: 'calculo' }),
      savedSearch({ university: 'ucv', category: calculator.category, maxPrice: calculator.price }),
      savedSearch({ university: 'ucab', q: 'casio' }),
      savedSearch({ university: 'ucv', q: 'casio', maxPrice: calculator.price - 1 }),
      savedSearch({ university: 'ucab', q: 'computadora' }),
      savedSearch({ university: 'usb', category: 'libros' }),
      ...['ucv', 'ucab', 'usb'].map((university) => savedSearch({ university, q: 'electronica' })),
    ];
    await alerts.put(searches);
    // Act: the contract's listings of three universities in one batch, in mixed order.
    const listings = [...CONTRACT_DOCS].reverse();
    const matched = await alerts.matchEach(listings.map((doc) => ({ doc, excludeUser: null })));
    // Assess: the embedded matcher (the rule, record by record) agrees listing by listing.
    const oracle = createEmbeddedSavedSearchIndex();
    await oracle.put(searches);
    const expected = await Promise.all(listings.map((doc) => oracle.match(doc, null)));
    const ids = (ms: { id: string }[][]) => ms.map((m) => m.map((x) => x.id).sort());
    expect(new Set(listings.map((l) => l.university_id)).size).toBe(3);
    expect(expected[listings.indexOf(calculator)].length).toBeGreaterThanOrEqual(6);
    expect(ids(matched)).toEqual(ids(expected));
  });

  it('fail a write the engine refuses an item of, so the stream record is retried', async () => {
    const search = products(indexName('refused'));
    await expect(
      search.upsert([calculator, { ...CONTRACT_DOCS[1], created_at: 'el martes pasado' }]),
    ).rejects.toThrow(/bulk index of 2 failed/);
  });

  it('answer a page ending past the 10,000-hit window with its total, where the engine refuses from + size', async () => {
    const index = indexName('window');
    const search = products(index);
    await search.upsert(CONTRACT_DOCS);
    // Asked as-is, the engine says 400: 'Result window is too large'.
    await expect(
      send({ method: 'POST', path: `/${index}/_search`, body: { from: 9_990, size: 50 } }),
    ).rejects.toMatchObject({ status: 400 } satisfies Partial<OpenSearchError>);
    // The adapter asks for the part of the page inside the window (the cursor stops at 10,000).
    for (const offset of [9_990, 10_000])
      expect(await search.search({ sort: 'newest', limit: 50, offset })).toEqual({ items: [], total: 8 });
  });

  it('read every page of a percolation (more matches than a page holds)', async () => {
    const alerts = savedSearches(indexName('pages'));
    // 1,001 saved searches the calculator matches: three pages of 500, by search id.
    const searches = Array.from({ length: 1_001 }, () =>
      savedSearch({ university: 'ucv', category: 'electronica' }),
    );
    await alerts.put(searches);
    const matched = await alerts.match(calculator, null);
    expect(matched).toHaveLength(1_001);
    expect(new Set(matched.map((m) => m.id)).size).toBe(1_001);
    expect(matched.map((m) => m.id)).toEqual(searches.map((s) => s.id).sort());
  });
});
