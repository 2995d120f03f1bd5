import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  buildSearchRequest,
  createOpenSearchIndex,
  parseSearchResponse,
  WORD_FIELDS,
} from '../../functions/adapters/search/opensearch';
import { CONTRACT_DOCS } from '../contract/search-index.contract';
import { searchTerms } from '#shared/search-terms';

/**
 * The OpenSearch adapter where the real engine cannot tell (docs/decisions/044): SigV4 (the local
 * node has no security plugin), a domain's refusals and throttling (403, a throttled item, 429 on
 * every attempt) against a fake endpoint that records each request, a malformed answer, and the
 * fields an index made before decision 016 must be searched by. Everything else — the index, its
 * analysis, the queries' meaning, bulk writes, aliases, the outages — is proven on a real node
 * (test/integration/search-opensearch.test.ts, search-fallback.test.ts, admin-reindex.test.ts).
 */

describe('OpenSearch queries', () => {
  it('read only the folded word fields, which indexes made before decision 016 have too', () => {
    // Those indexes' main fields are stemmed: a query reading them would find 'cálculo' for 'calculadora'.
    const body = z
      .object({
        query: z.object({
          bool: z.object({
            // Filter context: the words score nothing, so the order is the sort's (decision 046).
            filter: z.array(
              z.object({
                bool: z.object({
                  should: z.array(z.object({ multi_match: z.object({ fields: z.array(z.string()) }) })),
                }),
              }),
            ),
          }),
        }),
      })
      .parse(
        buildSearchRequest({
          terms: searchTerms('laptop calculdora sillas'),
          sort: 'newest',
          limit: 10,
          offset: 0,
        }),
      );
    const fields = body.query.bool.filter.flatMap((w) => w.bool.should.map((c) => c.multi_match.fields));
    expect(fields.length).toBeGreaterThanOrEqual(7);
    for (const f of fields) expect(f).toEqual(WORD_FIELDS);
    expect(WORD_FIELDS.every((f) => f.split('^')[0].endsWith('.prefix'))).toBe(true);
  });

  it('refuses a response without the listing fields', () => {
    const broken = { hits: { total: { value: 1 }, hits: [{ _id: '1', _source: { id: 1 } }] } };
    expect(() => parseSearchResponse(broken)).toThrow();
  });
});

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('OpenSearch adapter over HTTP (fake endpoint, real signer)', () => {
  let server: Server;
  let node: string;
  let requests: Recorded[];
  let respond: (r: Recorded) => { status: number; body?: unknown };
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAFAKEFORTESTS';
    process.env.AWS_SECRET_ACCESS_KEY = 'fake-secret';
    process.env.AWS_SESSION_TOKEN = '';
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rec = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        };
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
    respond = () => ({ status: 500, body: { error: 'unexpected request' } });
  });

  const adapter = () => createOpenSearchIndex({ node, index: 'products', region: 'us-east-1' });
  const bulkOk = {
    status: 200,
    body: { took: 1, errors: false, items: [{ index: { _id: '1', status: 201 } }] },
  };

  it('signs every request with SigV4 for the es service; the local node gets them unsigned', async () => {
    respond = () => ({ status: 200 });
    await adapter().ready();
    expect(requests[0].headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAFAKEFORTESTS\/\d{8}\/us-east-1\/es\/aws4_request/,
    );
    expect(requests[0].headers['x-amz-date']).toBeDefined();
    await createOpenSearchIndex({ node, index: 'products', region: 'us-east-1', unsigned: true }).ready();
    expect(requests[1].headers.authorization).toBeUndefined();
  });

  it('a refused index creation (403) fails the write, and the next write creates it', async () => {
    let refuse = true;
    respond = (r) => {
      if (r.method === 'HEAD') return { status: 404 };
      if (r.path === '/products')
        return refuse ? { status: 403, body: { message: 'denied' } } : { status: 200, body: {} };
      return bulkOk;
    };
    const index = adapter();
    await expect(index.upsert(CONTRACT_DOCS.slice(0, 1))).rejects.toThrow(/403/);
    refuse = false;
    await index.upsert(CONTRACT_DOCS.slice(0, 1));
    expect(requests.filter((r) => r.method === 'PUT' && r.path === '/products')).toHaveLength(2);
    expect(requests.at(-1)?.path).toBe('/products/_bulk');
  });

  it('a throttled item (429 in a bulk answer) fails the write, so the stream record is retried', async () => {
    respond = (r) =>
      r.method === 'HEAD'
        ? { status: 200 }
        : r.path.endsWith('/_mapping')
          ? { status: 200, body: { acknowledged: true } }
          : {
              status: 200,
              body: {
                took: 4,
                errors: true,
                items: [
                  { index: { _id: '1', status: 429, error: { type: 'es_rejected_execution_exception' } } },
                ],
              },
            };
    await expect(adapter().upsert(CONTRACT_DOCS.slice(0, 1))).rejects.toThrow(
      /es_rejected_execution_exception/,
    );
  });

  it('retries a throttled request (429) twice, then fails with the status', async () => {
    respond = () => ({ status: 429, body: { error: { type: 'circuit_breaking_exception' }, status: 429 } });
    await expect(adapter().search({ sort: 'newest', limit: 5, offset: 0 })).rejects.toMatchObject({
      status: 429,
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill('POST /products/_search'));
    // Throttled once, then answered: the caller sees the answer.
    requests = [];
    let throttled = false;
    respond = () => {
      if (!throttled) {
        throttled = true;
        return { status: 429, body: {} };
      }
      return { status: 200, body: { hits: { total: { value: 0 }, hits: [] } } };
    };
    expect(await adapter().search({ sort: 'newest', limit: 5, offset: 0 })).toEqual({ items: [], total: 0 });
    expect(requests).toHaveLength(2);
  });
});
