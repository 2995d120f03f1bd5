import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { createOpenSearchIndex } from '../../functions/adapters/search/opensearch';
import { resetContext, setContextForTests } from '../../functions/app/context';
import { handler as dispatchStream } from '../../functions/app/stream';
import type { SearchIndex } from '../../functions/ports/search-index';
import type { Product } from '#shared/schemas';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke, lambdaContext, streamRecord } from '../support/events';
import { handlerOf } from '../support/handlers';
import {
  deleteIndexes,
  localOpenSearch,
  openSearchRequest,
  setOpenSearchNode,
  throttleOpenSearch,
  uniqueIndexName,
} from '../support/opensearch';
import { searchTerms } from '#shared/search-terms';

const listProducts = handlerOf('listProducts');
const health = handlerOf('health');

/**
 * The engine is out — the real OpenSearch node (docs/decisions/044) paused (it hangs), throttling
 * (429), refusing the query (400) or stopped — and a search must still answer, from DynamoDB, with
 * the spec's accent-insensitive partial matching and synonym groups: never a 500. The products are
 * in the table only, and the engine's index is empty, so every hit below can only come from the
 * fallback (while the engine answers, the same search finds nothing). And nothing the stream
 * carried meanwhile is lost: the dispatcher reports the record (Lambda retries it) until the
 * engine takes it.
 */
interface PageBody {
  items: { id: number; title: string; price: number }[];
  total: number | null;
  nextCursor: string | null;
}

const uni = uniqueUniversity('f');
const other = uniqueUniversity('g');
const made: Record<string, Product> = {};
/** The products index (empty), and one made without our mapping. */
const index = uniqueIndexName('fallback');
const bare = uniqueIndexName('fallback-bare');

beforeAll(async () => {
  const table = useTestTable();
  const specs: [string, Partial<Product>][] = [
    ['laptop', { title: 'Laptop HP 14"', category: 'electronica', price: 250, condition: 'usado' }],
    [
      'calc',
      {
        title: 'Calculadora Científica Casio',
        category: 'electronica',
        price: 30,
        condition: 'nuevo',
        career: 'ingenieria',
      },
    ],
    [
      'silla',
      { title: 'Silla de escritorio', category: 'muebles', price: 45, description: 'Cómoda y económica' },
    ],
    [
      'bici',
      { title: 'Bicicleta montañera', category: 'transporte', price: 180, tags: ['Montaña', 'rin 26'] },
    ],
    ['tutor', { title: 'Clases de física', category: 'servicios', price: 10, seller_name: 'José Núñez' }],
    ['vendida', { title: 'Laptop vendida', category: 'electronica', price: 100, status: 'sold' }],
  ];
  for (const [key, spec] of specs) made[key] = await makeProduct(table, { university_id: uni, ...spec });
  made.elsewhere = await makeProduct(table, {
    university_id: other,
    title: 'Laptop de otra universidad',
    category: 'electronica',
  });
  await createOpenSearchIndex({ ...localOpenSearch(), index }).ensureIndex();
  // An index as a hand (or a failed deploy) could leave it: no mapping, so no field to sort on.
  await openSearchRequest('PUT', `/${bare}`, {});
});

afterAll(async () => {
  resetContext();
  await deleteIndexes(index, bare);
});

const search = async (query: Record<string, string>) => {
  const res = await invoke(listProducts, apiEvent('listProducts', { query: { university: uni, ...query } }));
  expect(res.status).toBe(200);
  return res.body as PageBody;
};
const titles = (b: PageBody) => b.items.map((p) => p.title).sort();

/** The adapter on the node, counting the searches it is asked. */
function countedIndex(name: string): SearchIndex & { calls: number } {
  const inner = createOpenSearchIndex({ ...localOpenSearch(), index: name, refresh: true });
  const counted = {
    ...inner,
    calls: 0,
    search(query: Parameters<SearchIndex['search']>[0]) {
      counted.calls += 1;
      return inner.search(query);
    },
  };
  return counted;
}

const dispatch = (record: DynamoDBRecord) => dispatchStream({ Records: [record] }, lambdaContext('stream'));

interface Outage {
  /** The index searched (the products index, or the one without a mapping). */
  index: string;
  /** The service's wait for the engine before the fallback answers. */
  timeoutMs: number;
  begin(): Promise<void>;
  end(): Promise<void>;
  /** How the adapter's search fails meanwhile: the engine's HTTP status, or no answer at all. */
  refusal?: number | 'fetch failed';
  /**
   * Every matching rule of the fallback is checked (the engine stopped, and hung: the error and the
   * timeout paths); the other outages take the same error path, checked with one search.
   */
  everyRule?: true;
}

describe.each<[string, Outage]>([
  [
    'hangs (the node paused)',
    {
      index,
      timeoutMs: 150,
      begin: () => setOpenSearchNode('pause'),
      end: () => setOpenSearchNode('resume'),
      everyRule: true,
    },
  ],
  [
    'answers 429 (throttled)',
    {
      index,
      timeoutMs: 1500,
      begin: () => throttleOpenSearch(true),
      end: () => throttleOpenSearch(false),
      refusal: 429,
    },
  ],
  [
    'answers 400 (an index without our mapping)',
    {
      index: bare,
      timeoutMs: 1500,
      begin: async () => undefined,
      end: async () => undefined,
      refusal: 400,
    },
  ],
  [
    'is down (the node stopped)',
    {
      index,
      timeoutMs: 1500,
      begin: () => setOpenSearchNode('stop'),
      end: () => setOpenSearchNode('start'),
      refusal: 'fetch failed',
      everyRule: true,
    },
  ],
])('search falls back to DynamoDB when the engine %s', (mode, outage) => {
  let engine: SearchIndex & { calls: number };
  let ended = false;
  const end = async () => {
    if (!ended) await outage.end();
    ended = true;
  };
  beforeAll(async () => {
    engine = countedIndex(outage.index);
    if (outage.index === index) {
      // The engine answers first (given time: a cold node's first search may take a while): its
      // index is empty, so the search finds nothing.
      setContextForTests({ search: engine, searchTimeoutMs: 10_000 });
      expect(titles(await search({ q: 'cientifica' }))).toEqual([]);
      expect(engine.calls).toBe(1);
    }
    setContextForTests({ search: engine, searchTimeoutMs: outage.timeoutMs });
    await outage.begin();
    // The outage is the one named: the engine's own refusal (after the adapter's retries).
    const { refusal } = outage;
    if (refusal !== undefined) {
      const asked = createOpenSearchIndex({ ...localOpenSearch(), index: outage.index }).search({
        terms: searchTerms('cientifica'),
        sort: 'newest',
        limit: 5,
        offset: 0,
      });
      if (typeof refusal === 'number') await expect(asked).rejects.toMatchObject({ status: refusal });
      else await expect(asked).rejects.toThrow(refusal);
    }
  });
  afterAll(end);

  it('answers from DynamoDB, never a 500', async () => {
    expect(titles(await search({ q: 'cientifica' }))).toEqual(['Calculadora Científica Casio']);
    expect(titles(await search({ q: 'computadora', maxPrice: '300' }))).toEqual(['Laptop HP 14"']);
    expect(engine.calls).toBeGreaterThan(1);
  });

  if (outage.everyRule) {
    it('matches ignoring accents in the query and in the data', async () => {
      expect(titles(await search({ q: 'cientifica' }))).toEqual(['Calculadora Científica Casio']);
      expect(titles(await search({ q: 'FÍSICA' }))).toEqual(['Clases de física']);
      expect(titles(await search({ q: 'comoda' }))).toEqual(['Silla de escritorio']);
      expect(titles(await search({ q: 'nunez' }))).toEqual(['Clases de física']);
      expect(engine.calls).toBeGreaterThan(1);
    });

    it('matches partial words, synonyms and tags; all words must match', async () => {
      expect(titles(await search({ q: 'calcu' }))).toEqual(['Calculadora Científica Casio']);
      // 'computadora' is a synonym of 'laptop' (not of every electronics item); the sold laptop and
      // other universities' products never appear.
      expect(titles(await search({ q: 'computadora' }))).toEqual(['Laptop HP 14"']);
      expect(titles(await search({ q: 'electronica' }))).toEqual([
        'Calculadora Científica Casio',
        'Laptop HP 14"',
      ]);
      expect(titles(await search({ q: 'furniture' }))).toEqual(['Silla de escritorio']);
      expect(titles(await search({ q: 'bike' }))).toEqual(['Bicicleta montañera']);
      expect(titles(await search({ q: 'montana' }))).toEqual(['Bicicleta montañera']);
      expect(titles(await search({ q: 'silla casio' }))).toEqual([]);
      expect(titles(await search({ q: 'casio cientifica' }))).toEqual(['Calculadora Científica Casio']);
    });

    it('tolerates a typo and a plural as the index does', async () => {
      expect(titles(await search({ q: 'calculdora' }))).toEqual(['Calculadora Científica Casio']);
      expect(titles(await search({ q: 'sillas' }))).toEqual(['Silla de escritorio']);
      expect(titles(await search({ q: 'bicicletas' }))).toEqual(['Bicicleta montañera']);
      expect(titles(await search({ q: 'fisca' }))).toEqual(['Clases de física']);
    });

    it("reads the qualifier words: 'barata' cheaper first, 'nuevo' the condition", async () => {
      const cheap = await search({ q: 'barata' });
      expect(cheap.items.map((p) => p.price)).toEqual([10, 30, 45, 180, 250]);
      expect(cheap.total).toBe(5);
      expect(titles(await search({ q: 'nuevo' }))).toEqual(['Calculadora Científica Casio']);
    });

    it('applies the filters and the sort, and pages with an offset cursor', async () => {
      const cheap = await search({ category: 'electronica', maxPrice: '100' });
      expect(titles(cheap)).toEqual(['Calculadora Científica Casio']);
      const byPrice = await search({ minPrice: '10', sort: 'price-high', limit: '2' });
      expect(byPrice.items.map((p) => p.price)).toEqual([250, 180]);
      expect(byPrice.total).toBe(5);
      const next = await search({
        minPrice: '10',
        sort: 'price-high',
        limit: '2',
        cursor: byPrice.nextCursor!,
      });
      expect(next.items.map((p) => p.price)).toEqual([45, 30]);
      const last = await search({ minPrice: '10', sort: 'price-high', limit: '2', cursor: next.nextCursor! });
      expect(last.items.map((p) => p.price)).toEqual([10]);
      expect(last.nextCursor).toBeNull();
    });
  }

  if (outage.index === index)
    it('loses nothing the stream carried: the record is retried until the engine takes it', async () => {
      const table = useTestTable();
      const product = await makeProduct(table, { university_id: uniqueUniversity('s'), title: 'Pizarra' });
      const record = streamRecord(`${Date.now()}`, 'INSERT', productEntity.item(product));
      if (mode.startsWith('hangs')) {
        // The write waits on the held connection and goes through once the engine answers again.
        const delivered = dispatch(record);
        await new Promise((r) => setTimeout(r, 1000));
        await end();
        expect(await delivered).toEqual({ batchItemFailures: [] });
      } else {
        // Reported as failed: Lambda delivers it again (and again, then to the failure queue).
        expect(await dispatch(record)).toEqual({
          batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber }],
        });
        if (mode.startsWith('is down')) {
          // While the engine is down, health says so: 503 with Retry-After, never a 500.
          const down = await invoke(health, apiEvent('health'));
          expect(down.status).toBe(503);
          expect(down.headers['retry-after']).toBe('5');
        }
        await end();
        expect(await dispatch(record)).toEqual({ batchItemFailures: [] });
      }
      const found = await engine.search({
        terms: searchTerms('pizarra'),
        university: product.university_id,
        sort: 'newest',
        limit: 5,
        offset: 0,
      });
      expect(found.items.map((i) => i.id)).toEqual([product.id]);
    });
});
