import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import { buildSearchRequest, createOpenSearchIndex } from '../../functions/adapters/search/opensearch';
import type { SearchIndex, SearchQuery } from '../../functions/ports/search-index';
import { type CatalogDeps, listProducts } from '../../functions/services/catalog/catalog';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { listProductsQuerySchema } from '#shared/schemas';
import { failingIndex, memoryCounts, memoryProducts } from '../../scripts/demo/search-agreement';
import { aProduct } from '../support/product-fixture';

/**
 * A search's text is read once, by the catalog service (issue 39): its qualifier words
 * (shared/synonyms.ts readQualifiers) become the terms of ONE query object, which the embedded
 * engine, the OpenSearch adapter and the DynamoDB fallback each take as it is — none of them reads
 * the text again. Every reading of a text is counted here.
 */
const reads = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('#shared/synonyms', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#shared/synonyms')>();
  return {
    ...actual,
    readQualifiers: (q: string) => {
      reads.texts.push(q);
      return actual.readQualifiers(q);
    },
  };
});

const product = aProduct;

const PRODUCTS = [
  product({ id: 1, title: 'Silla de oficina', price: 30 }),
  product({ id: 2, title: 'Silla ergonómica', condition: 'nuevo', price: 50 }),
  product({ id: 3, title: 'Silla plástica casi nueva', price: 10 }),
  product({ id: 4, title: 'Mesa de estudio', condition: 'nuevo', price: 20 }),
];

/** A word to find, a condition word (a soft filter, ranked first) and an order word. */
const TEXT = 'sillas nuevas baratas';
const asked = listProductsQuerySchema.parse({ q: TEXT, university: 'ucab', limit: 24 });
/** New chairs first, then the one whose own words say new ('casi nueva'); cheaper first in each. */
const EXPECTED_IDS = [2, 3];

const deps = (search: SearchIndex): CatalogDeps => ({
  products: memoryProducts(PRODUCTS),
  counts: memoryCounts(PRODUCTS),
  search,
  searchTimeoutMs: 5_000,
});

/** An index that records the query it is given and answers nothing. */
function recordingIndex(): SearchIndex & { queries: SearchQuery[] } {
  const queries: SearchQuery[] = [];
  return {
    queries,
    write: async () => [],
    upsert: async () => {},
    remove: async () => {},
    ready: async () => true,
    search: async (q) => {
      queries.push(q);
      return { items: [], total: 0 };
    },
  };
}

beforeEach(() => {
  reads.texts = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a search query is read once, by the catalog service', () => {
  it('hands the index one parsed object: the terms, the order their order word asks for, the filters and the page — not the text', async () => {
    const index = recordingIndex();
    await listProducts(deps(index), asked);
    expect(reads.texts).toEqual([TEXT]);
    expect(index.queries).toHaveLength(1);
    const [query] = index.queries;
    expect(query).not.toHaveProperty('q');
    expect(query).toMatchObject({ university: 'ucab', sort: 'price-low', limit: 24, offset: 0 });
    expect(query.terms?.words.map((w) => w.word)).toEqual(['sillas']);
    expect(query.terms?.conditions.map((c) => [c.condition, c.words.map((w) => w.word)])).toEqual([
      ['nuevo', ['nuevas']],
    ]);
    expect(query.terms?.preferred).toBe('nuevo');
  });

  it('the embedded engine answers from those terms without reading the text again', async () => {
    const engine = createEmbeddedSearchIndex();
    await engine.upsert(PRODUCTS.map(toSearchDocument));
    const page = await listProducts(deps(engine), asked);
    expect(page.items.map((p) => p.id)).toEqual(EXPECTED_IDS);
    expect(reads.texts).toEqual([TEXT]);
  });

  it('the OpenSearch adapter builds its request from those terms without reading the text again', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: { body?: string }) => {
      bodies.push(JSON.parse(init.body ?? 'null'));
      return new Response(JSON.stringify({ hits: { total: { value: 0 }, hits: [] } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const opensearch = createOpenSearchIndex({
      node: 'http://127.0.0.1:9',
      region: 'us-east-1',
      index: 'products',
      unsigned: true,
    });
    const recorder = recordingIndex();
    const both: SearchIndex = {
      ...opensearch,
      search: async (q) => (await Promise.all([recorder.search(q), opensearch.search(q)]))[1],
    };
    await listProducts(deps(both), asked);
    // The body is the request of the very object the catalog service built.
    expect(bodies).toEqual([JSON.parse(JSON.stringify(buildSearchRequest(recorder.queries[0])))]);
    expect(reads.texts).toEqual([TEXT]);
  });

  it('the DynamoDB fallback matches by the same terms without reading the text again', async () => {
    const page = await listProducts(deps(failingIndex), asked);
    expect(page.items.map((p) => p.id)).toEqual(EXPECTED_IDS);
    expect(page.total).toBe(EXPECTED_IDS.length);
    expect(reads.texts).toEqual([TEXT]);
  });
});
