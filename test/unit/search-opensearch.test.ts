import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  buildIndexBody,
  buildSearchRequest,
  checkBulkResponse,
  createOpenSearchIndex,
  parseSearchResponse,
  TEXT_FIELDS,
  toBulkBody,
  toIndexedDocument,
  WORD_FIELDS,
} from '../../functions/adapters/search/opensearch';
import type { SearchDocument } from '../../functions/ports/search-index';
import { CONTRACT_DOCS } from '../contract/search-index.contract';

/**
 * The OpenSearch adapter without a live domain: query building against recorded request/response
 * fixtures, and the adapter end to end (real client, real SigV4 signer, default credential chain)
 * against a fake HTTP endpoint that records each request and answers with the fixtures.
 */

const FIXTURES_DIR = join(import.meta.dirname, '../fixtures/opensearch');
const fixtureSchema = z.object({
  description: z.string(),
  query: z.object({
    q: z.string().optional(),
    university: z.string().optional(),
    category: z.enum(['electronica', 'libros', 'muebles']).optional(),
    career: z.enum(['ingenieria', 'psicologia']).optional(),
    condition: z.enum(['nuevo', 'usado']).optional(),
    minPrice: z.number().optional(),
    maxPrice: z.number().optional(),
    sort: z.enum(['newest', 'oldest', 'price-low', 'price-high']),
    limit: z.number(),
    offset: z.number(),
  }),
  request: z.record(z.string(), z.unknown()),
  response: z.record(z.string(), z.unknown()),
  result: z.object({ items: z.array(z.record(z.string(), z.unknown())), total: z.number() }),
});
const fixtures = readdirSync(FIXTURES_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    ...fixtureSchema.parse(JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8'))),
  }));

describe('OpenSearch query building (recorded fixtures)', () => {
  it('has the recorded cases', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(4);
  });

  for (const f of fixtures) {
    it(`${f.file}: ${f.description}`, () => {
      expect(buildSearchRequest(f.query)).toEqual(f.request);
      expect(parseSearchResponse(f.response)).toEqual(f.result);
    });
  }

  it('puts every query word in its own must-clause, folded, without duplicates', () => {
    const body = buildSearchRequest({
      q: 'Guitarra  GUITARRA acústica',
      sort: 'newest',
      limit: 10,
      offset: 0,
    });
    const must = z.object({ query: z.object({ bool: z.object({ must: z.array(z.unknown()) }) }) }).parse(body)
      .query.bool.must;
    expect(JSON.stringify(must)).toContain('"acustica"');
    expect(must).toHaveLength(2);
  });

  it("'Ocultar reservados' excludes the reserved status; without it nothing is excluded", () => {
    const boolOf = (body: unknown) =>
      z.object({ query: z.object({ bool: z.record(z.string(), z.unknown()) }) }).parse(body).query.bool;
    const hidden = boolOf(buildSearchRequest({ hideReserved: true, sort: 'newest', limit: 10, offset: 0 }));
    expect(hidden.must_not).toEqual([{ term: { status: 'reserved' } }]);
    const shown = boolOf(buildSearchRequest({ sort: 'newest', limit: 10, offset: 0 }));
    expect(shown.must_not).toBeUndefined();
  });

  /** The clauses of each query word: [whole words, prefix, typo?] (shared/search-terms.ts rules 1–3). */
  const clausesOf = (q: string) => {
    const clause = z.object({
      multi_match: z
        .object({
          query: z.string(),
          fields: z.array(z.string()),
          type: z.string().optional(),
          analyzer: z.string().optional(),
          fuzziness: z.number().optional(),
          fuzzy_transpositions: z.boolean().optional(),
        })
        .strict(),
    });
    const word = z.object({
      bool: z.object({ should: z.array(clause), minimum_should_match: z.literal(1) }),
    });
    const body = z
      .object({ query: z.object({ bool: z.object({ must: z.array(word) }) }) })
      .parse(buildSearchRequest({ q, sort: 'newest', limit: 10, offset: 0 }));
    return body.query.bool.must.map((w) => w.bool.should.map((c) => c.multi_match));
  };

  it('reads only the folded word fields, never the stemmed ones or a synonym analyzer', () => {
    for (const clauses of clausesOf('laptop calculdora sillas')) {
      for (const c of clauses) {
        expect(c.fields).toEqual(WORD_FIELDS);
        if (c.type !== 'bool_prefix') expect(c.analyzer).toBe('es_folded');
      }
    }
  });

  it('sends a synonym as whole words with their plurals, and no typo clause for a word with synonyms', () => {
    const [[whole, prefix, ...rest]] = clausesOf('laptop');
    expect(whole.query.split(' ')).toEqual(
      expect.arrayContaining(['laptop', 'laptops', 'computadora', 'computadoras', 'portatil', 'portatiles']),
    );
    // 'calculadora' belongs to another group: neither it nor any stem of a synonym is sent.
    expect(whole.query).not.toMatch(/calcul/);
    expect(prefix).toEqual({ query: 'laptop', type: 'bool_prefix', fields: WORD_FIELDS });
    expect(rest).toEqual([]);
  });

  it('gives a word without synonyms the typo budget of shared/text.ts (Levenshtein, no transpositions)', () => {
    const [[ninoWhole, , nino], [calc], [, , typo], short] = clausesOf('niño calculdora guitara sol');
    expect(ninoWhole.query).toBe('nino ninos');
    expect(nino).toMatchObject({ query: 'nino', fuzziness: 1, fuzzy_transpositions: false });
    expect(calc.query).toBe('calculdora calculdoras');
    expect(typo).toMatchObject({ query: 'guitara', fuzziness: 1 });
    expect(clausesOf('calculdora')[0][2]).toMatchObject({ fuzziness: 2 });
    // Under 4 letters: whole words and prefix only.
    expect(short).toHaveLength(2);
  });

  it('sends a plural word with its singulars as whole words', () => {
    expect(clausesOf('sillas')[0][0].query.split(' ')).toEqual(
      expect.arrayContaining(['sillas', 'silla', 'chair', 'chairs']),
    );
    expect(clausesOf('colchones')[0][0].query.split(' ')).toEqual(expect.arrayContaining(['colchon']));
  });

  it('refuses a response without the listing fields', () => {
    const broken = { hits: { total: { value: 1 }, hits: [{ _id: '1', _source: { id: 1 } }] } };
    expect(() => parseSearchResponse(broken)).toThrow();
  });
});

describe('OpenSearch index body', () => {
  const body = buildIndexBody();
  const settings = z
    .object({
      analysis: z.object({
        filter: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
        analyzer: z.record(
          z.string(),
          z.object({ type: z.string(), tokenizer: z.string(), filter: z.array(z.string()) }),
        ),
      }),
    })
    .parse(body.settings);
  const properties = z
    .record(
      z.string(),
      z.object({ type: z.string(), fields: z.record(z.string(), z.unknown()).optional() }).passthrough(),
    )
    .parse((body.mappings as { properties?: unknown } | undefined)?.properties);

  it('folds accents and lower-cases; no stemmer and no synonyms in the analysis (the query names them)', () => {
    expect(settings.analysis.analyzer).toEqual({
      es_folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
    });
    expect(settings.analysis.filter).toBeUndefined();
    for (const f of TEXT_FIELDS.map((x) => x.split('^')[0])) {
      expect(properties[f]).toMatchObject({ analyzer: 'es_folded' });
      expect(properties[f].fields?.prefix).toMatchObject({ analyzer: 'es_folded' });
    }
  });

  it('maps filters as keywords, price and date for sorting, and every searched field with a prefix subfield', () => {
    for (const f of ['category', 'career', 'condition', 'university_id'])
      expect(properties[f].type).toBe('keyword');
    expect(properties.price.type).toBe('scaled_float');
    expect(properties.created_at.type).toBe('date');
    expect(properties.id.type).toBe('long');
    for (const f of TEXT_FIELDS.map((x) => x.split('^')[0])) {
      expect(properties[f].type).toBe('text');
      expect(properties[f].fields).toHaveProperty('prefix');
    }
    expect(WORD_FIELDS[0]).toBe('title.prefix^3');
  });

  it('maps every field of the stored document (the mapping is strict)', () => {
    // With every optional field present (the photos' sizes, decision 022; 'Reservado', issue 13).
    const full = { ...CONTRACT_DOCS[0], image_variants: {}, status: 'reserved' as const };
    expect(Object.keys(toIndexedDocument(full)).sort()).toEqual(Object.keys(properties).sort());
  });
});

describe('OpenSearch bulk bodies and responses', () => {
  it('indexes by id with the Spanish labels, so a re-send replaces', () => {
    const [action, source] = toBulkBody([CONTRACT_DOCS[0]]);
    expect(action).toEqual({ index: { _id: '1' } });
    expect(source).toMatchObject({
      id: 1,
      category_label: 'Electrónica electronica',
      career_label: 'Ingeniería ingenieria',
    });
  });

  it('accepts deletes of unknown ids and rejects real item failures', () => {
    const notFound = {
      took: 1,
      errors: true,
      items: [{ delete: { _id: '9', status: 404, result: 'not_found' } }],
    };
    expect(() => checkBulkResponse(notFound)).not.toThrow();
    const failed = {
      took: 1,
      errors: true,
      items: [
        { index: { _id: '1', status: 201, result: 'created' } },
        {
          index: {
            _id: '2',
            status: 400,
            error: { type: 'mapper_parsing_exception', reason: 'failed to parse' },
          },
        },
      ],
    };
    expect(() => checkBulkResponse(failed)).toThrow(/index of 2 failed \(mapper_parsing_exception/);
  });
});

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('OpenSearch adapter over HTTP (fake endpoint, real client and signer)', () => {
  let server: Server;
  let node: string;
  let requests: Recorded[];
  let respond: (r: Recorded) => { status: number; body?: unknown };
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAFAKEFORTESTS';
    process.env.AWS_SECRET_ACCESS_KEY = 'fake-secret';
    process.env.AWS_SESSION_TOKEN = '';
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
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
  const ndjson = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('signs every request with SigV4 for the es service', async () => {
    respond = () => ({ status: 200 });
    await adapter().ready();
    expect(requests[0].headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAFAKEFORTESTS\/\d{8}\/us-east-1\/es\/aws4_request/,
    );
    expect(requests[0].headers['x-amz-date']).toBeDefined();
  });

  it('ensureIndex creates the index with the settings and mappings only when missing', async () => {
    // Prepare
    let exists = false;
    respond = (r) => {
      if (r.method === 'HEAD') return { status: exists ? 200 : 404 };
      exists = true;
      return { status: 200, body: { acknowledged: true, shards_acknowledged: true, index: 'products' } };
    };
    const index = adapter();
    // Act
    await index.ensureIndex();
    await index.ensureIndex();
    // Assess
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /products',
      'PUT /products',
      'HEAD /products',
      // An existing index gets the fields added since it was made (decision 022's photo sizes,
      // issue 13's status).
      'PUT /products/_mapping',
    ]);
    expect(JSON.parse(requests[1].body)).toEqual(buildIndexBody());
    expect(JSON.parse(requests[3].body)).toEqual({
      properties: { image_variants: { type: 'object', enabled: false }, status: { type: 'keyword' } },
    });
  });

  it('the first write creates a missing index once; a concurrent creation elsewhere is fine', async () => {
    // Prepare: the index is missing, and another instance wins the race to create it.
    respond = (r) => {
      if (r.method === 'HEAD') return { status: 404 };
      if (r.path === '/products') {
        return {
          status: 400,
          body: {
            error: { type: 'resource_already_exists_exception', reason: 'index [products] already exists' },
            status: 400,
          },
        };
      }
      return { status: 200, body: { took: 1, errors: false, items: [{ index: { _id: '1', status: 201 } }] } };
    };
    const index = adapter();
    // Act
    await index.upsert(CONTRACT_DOCS.slice(0, 1));
    await index.upsert(CONTRACT_DOCS.slice(0, 1));
    // Assess
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /products',
      'PUT /products',
      'POST /products/_bulk',
      'POST /products/_bulk',
    ]);
  });

  it('a failed index creation fails the write and is retried by the next one', async () => {
    let fail = true;
    respond = (r) => {
      if (r.method === 'HEAD') return { status: 404 };
      if (r.path === '/products')
        return fail ? { status: 403, body: { message: 'denied' } } : { status: 200, body: {} };
      return { status: 200, body: { took: 1, errors: false, items: [{ index: { _id: '1', status: 201 } }] } };
    };
    const index = adapter();
    await expect(index.upsert(CONTRACT_DOCS.slice(0, 1))).rejects.toThrow();
    fail = false;
    await index.upsert(CONTRACT_DOCS.slice(0, 1));
    expect(requests.filter((r) => r.method === 'PUT' && r.path === '/products')).toHaveLength(2);
    expect(requests.at(-1)?.path).toBe('/products/_bulk');
  });

  it('ready() is true only when the index exists and the domain answers', async () => {
    respond = () => ({ status: 404 });
    expect(await adapter().ready()).toBe(false);
    respond = () => ({ status: 200 });
    expect(await adapter().ready()).toBe(true);
  });

  it('upsert sends one bulk request with index actions by id', async () => {
    respond = (r) =>
      r.method === 'HEAD'
        ? { status: 200 }
        : {
            status: 200,
            body: {
              took: 4,
              errors: false,
              items: CONTRACT_DOCS.slice(0, 2).map((d) => ({ index: { _id: String(d.id), status: 201 } })),
            },
          };
    await adapter().upsert(CONTRACT_DOCS.slice(0, 2));
    // The first write checks that the index exists; PUT is the client's choice (the API takes POST or PUT).
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /products',
      'PUT /products/_mapping',
      'POST /products/_bulk',
    ]);
    expect(requests[2].headers['content-type']).toMatch(/application\/(x-ndjson|json)/);
    expect(ndjson(requests[2].body)).toEqual(toBulkBody(CONTRACT_DOCS.slice(0, 2)));
  });

  it('upsert fails when an item fails, so the stream record is retried', async () => {
    respond = (r) =>
      r.method === 'HEAD'
        ? { status: 200 }
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

  it('remove sends bulk deletes and ignores unknown ids; nothing is sent for no ids', async () => {
    respond = (r) =>
      r.method === 'HEAD'
        ? { status: 200 }
        : {
            status: 200,
            body: {
              took: 2,
              errors: true,
              items: [
                { delete: { _id: '1', status: 200, result: 'deleted' } },
                { delete: { _id: '999', status: 404, result: 'not_found' } },
              ],
            },
          };
    const index = adapter();
    await index.remove([1, 999]);
    await index.remove([]);
    await index.upsert([]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /products',
      'PUT /products/_mapping',
      'POST /products/_bulk',
    ]);
    expect(ndjson(requests[2].body)).toEqual([{ delete: { _id: '1' } }, { delete: { _id: '999' } }]);
  });

  for (const f of fixtures) {
    it(`search sends the recorded request and returns the recorded result: ${f.file}`, async () => {
      respond = () => ({ status: 200, body: f.response });
      const result = await adapter().search(f.query);
      expect(requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['POST /products/_search']);
      expect(JSON.parse(requests[0].body)).toEqual(f.request);
      expect(result).toEqual(f.result);
    });
  }

  it('search rejects when the domain fails, so the handler falls back to DynamoDB', async () => {
    respond = () => ({ status: 503, body: { error: { type: 'cluster_block_exception' }, status: 503 } });
    const doc: SearchDocument = CONTRACT_DOCS[0];
    await expect(adapter().search({ q: doc.title, sort: 'newest', limit: 1, offset: 0 })).rejects.toThrow();
  });
});
