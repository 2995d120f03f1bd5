import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildIndexBody, buildSearchRequest } from '../../functions/adapters/search/opensearch';
import {
  buildPercolateRequest,
  buildPercolatorIndexBody,
  buildPercolatorQuery,
  createOpenSearchSavedSearchIndex,
  PERCOLATE_PAGE,
  parsePercolateResponse,
  toPercolatorDocument,
} from '../../functions/adapters/search/opensearch-alerts';
import type { MatchableSearch } from '../../functions/ports/alerts';
import { CONTRACT_DOCS } from '../contract/search-index.contract';

/**
 * The percolator adapter (docs/decisions/031) without a live domain, as the products adapter is
 * tested (test/unit/search-opensearch.test.ts): the stored queries and the percolate requests
 * against recorded fixtures, and the adapter over HTTP against a fake endpoint.
 */
const FIXTURES_DIR = join(import.meta.dirname, '../fixtures/opensearch-percolator');
const fixtureSchema = z.object({
  description: z.string(),
  search: z.record(z.string(), z.unknown()),
  stored: z.record(z.string(), z.unknown()),
  percolate: z.object({
    listing: z.number(),
    excludeUser: z.string(),
    request: z.record(z.string(), z.unknown()),
  }),
});
const fixtures = readdirSync(FIXTURES_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    ...fixtureSchema.parse(JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8'))),
  }));

describe('percolator queries (recorded fixtures)', () => {
  it('has the recorded cases', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
  });

  for (const f of fixtures) {
    it(`${f.file}: ${f.description}`, () => {
      const search = f.search as unknown as MatchableSearch;
      expect(toPercolatorDocument(search)).toEqual(f.stored);
      const doc = CONTRACT_DOCS.find((d) => d.id === f.percolate.listing)!;
      expect(buildPercolateRequest(doc, f.percolate.excludeUser)).toEqual(f.percolate.request);
    });
  }

  it('stores a saved search as exactly the query its search sends (one rule for search and alerts)', () => {
    const search = {
      university: 'ucv',
      q: 'laptop barata',
      category: 'electronica' as const,
      minPrice: 10,
      maxPrice: 200,
    };
    const sent = buildSearchRequest({ ...search, sort: 'newest', limit: 24, offset: 0 });
    expect(buildPercolatorQuery(search)).toEqual(sent.query);
  });

  it('always filters by the university, and by the price range only when given', () => {
    const q = buildPercolatorQuery({ university: 'usb', category: 'libros' }) as {
      bool: { must: unknown[]; filter: unknown[] };
    };
    expect(q.bool.must).toEqual([]);
    expect(q.bool.filter).toEqual([{ term: { university_id: 'usb' } }, { term: { category: 'libros' } }]);
  });

  it('percolates enabled searches only, never the seller’s, paged by search id', () => {
    const body = buildPercolateRequest(CONTRACT_DOCS[0], 'seller-9', 'abc');
    expect(body).toMatchObject({
      size: PERCOLATE_PAGE,
      query: { bool: { must_not: [{ term: { user_id: 'seller-9' } }] } },
      sort: [{ search_id: 'asc' }],
      search_after: ['abc'],
    });
    expect(JSON.stringify(body)).toContain('"enabled":true');
    expect(buildPercolateRequest(CONTRACT_DOCS[0], null)).not.toHaveProperty('query.bool.must_not');
  });
});

describe('percolator index body', () => {
  const body = buildPercolatorIndexBody() as {
    settings: unknown;
    mappings: { dynamic: string; properties: Record<string, { type?: string }> };
  };

  it('maps the stored query as a percolator field, with its owner and switch', () => {
    expect(body.mappings.properties.query).toEqual({ type: 'percolator' });
    expect(body.mappings.properties.user_id.type).toBe('keyword');
    expect(body.mappings.properties.search_id.type).toBe('keyword');
    expect(body.mappings.properties.enabled.type).toBe('boolean');
    expect(body.mappings.dynamic).toBe('strict');
  });

  it('analyses the percolated listing exactly as the products index does (same settings and fields)', () => {
    const products = buildIndexBody() as {
      settings: unknown;
      mappings: { properties: Record<string, unknown> };
    };
    expect(body.settings).toEqual(products.settings);
    for (const [field, mapping] of Object.entries(products.mappings.properties))
      expect(body.mappings.properties[field], field).toEqual(mapping);
  });

  it('refuses a percolate response without the saved search fields', () => {
    expect(() => parsePercolateResponse({ hits: { hits: [{ _source: { search_id: 'x' } }] } })).toThrow();
  });
});

describe('percolator adapter over HTTP (fake endpoint, real signer)', () => {
  let server: Server;
  let node: string;
  let requests: { method: string; path: string; body: string }[];
  let respond: (r: { method: string; path: string; body: string }) => { status: number; body?: unknown };
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAFAKEFORTESTS';
    process.env.AWS_SECRET_ACCESS_KEY = 'fake-secret';
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rec = { method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks).toString() };
        requests.push(rec);
        const { status, body } = respond(rec);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    node = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env = savedEnv;
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests = [];
  });

  const adapter = () =>
    createOpenSearchSavedSearchIndex({ node, index: 'saved-searches', region: 'us-east-1' });
  const search: MatchableSearch = {
    id: 'a1',
    user_id: 'u1',
    enabled: true,
    university: 'ucv',
    q: 'calculadora',
  };

  it('creates the percolator index once before the first write, then bulk-indexes by search id', async () => {
    let exists = false;
    respond = (r) => {
      if (r.method === 'HEAD') return { status: exists ? 200 : 404 };
      if (r.method === 'PUT') {
        exists = true;
        return { status: 200, body: { acknowledged: true } };
      }
      return {
        status: 200,
        body: { took: 1, errors: false, items: [{ index: { _id: 'a1', status: 201 } }] },
      };
    };
    const index = adapter();
    await index.put([search]);
    await index.put([search]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /saved-searches',
      'PUT /saved-searches',
      'POST /saved-searches/_bulk',
      'POST /saved-searches/_bulk',
    ]);
    expect(JSON.parse(requests[1].body)).toEqual(buildPercolatorIndexBody());
    const lines = requests[2].body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([{ index: { _id: 'a1' } }, toPercolatorDocument(search)]);
  });

  it("gives an existing index the products index's fields added since (the percolated listing carries them)", async () => {
    respond = (r) => (r.method === 'HEAD' ? { status: 200 } : { status: 200, body: { acknowledged: true } });
    await adapter().ensureIndex();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /saved-searches',
      'PUT /saved-searches/_mapping',
    ]);
    const { mappings } = buildPercolatorIndexBody() as { mappings: { properties: unknown } };
    expect(JSON.parse(requests[1].body)).toEqual({ properties: mappings.properties });
  });

  it('reads every page of matches (search_after on the last id)', async () => {
    const page = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        _source: { search_id: `s${String(from + i).padStart(5, '0')}`, user_id: 'u' },
      }));
    respond = (r) => {
      if (r.method === 'HEAD') return { status: 200 };
      if (r.method === 'PUT') return { status: 200, body: { acknowledged: true } };
      const body = JSON.parse(r.body) as { search_after?: string[] };
      return {
        status: 200,
        body: { hits: { hits: body.search_after ? page(PERCOLATE_PAGE, 3) : page(0, PERCOLATE_PAGE) } },
      };
    };
    const matches = await adapter().match(CONTRACT_DOCS[0], 'seller');
    expect(matches).toHaveLength(PERCOLATE_PAGE + 3);
    const searches = requests
      .filter((r) => r.path === '/saved-searches/_search')
      .map((r) => JSON.parse(r.body));
    expect(searches).toHaveLength(2);
    expect(searches[0]).toEqual(buildPercolateRequest(CONTRACT_DOCS[0], 'seller'));
    expect(searches[1].search_after).toEqual([`s${String(PERCOLATE_PAGE - 1).padStart(5, '0')}`]);
  });

  it('fails a match when the domain fails (the stream record is retried)', async () => {
    respond = (r) =>
      r.method === 'HEAD' || r.method === 'PUT'
        ? { status: 200, body: {} }
        : { status: 400, body: { error: { type: 'search_phase_execution_exception' } } };
    await expect(adapter().match(CONTRACT_DOCS[0], null)).rejects.toThrow(/search_phase_execution_exception/);
  });
});
