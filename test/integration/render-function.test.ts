import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_ORIGIN_HEADER, RENDER_PATH_HEADER } from '#shared/pages';
import type { Product } from '#shared/schemas';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { RENDER_WARM_EVENT, type RenderAnswer, type WarmAnswer } from '../../functions/http/render-handler';
import { buildLambdaBundles } from '../../scripts/bench/lambda-bundles';
import { lambdaContext } from '../../scripts/local/api-gateway';
import { buildWebIfStale } from '../../scripts/local/web-build';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';

/**
 * The render function as Lambda runs it (decision 054): its bundle built as the stack builds it,
 * with the web build's render module and index.html beside it, invoked with Function URL events as
 * CloudFront's origin request sends them, reading DynamoDB Local through the catalog's handler in
 * process.
 */
type Handler = (event: unknown, context: Context) => Promise<RenderAnswer>;
const ORIGIN = 'https://mercado.example.com';
let dir: string;
let handler: Handler;
let broken: Handler;
let product: Product;

beforeAll(async () => {
  await buildWebIfStale({ quiet: true });
  const table = useTestTable();
  const university = uniqueUniversity('render');
  await createUniversityRepository(table).putIfAbsent({
    id: university,
    name: 'URF',
    full_name: 'Universidad del Render',
    email_domain: `${university}.edu.ve`,
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
  product = await makeProduct(table, {
    university_id: university,
    title: 'Calculadora HP Prime',
    price: 190,
    seller_email: 'privado@est.example.edu.ve',
    whatsapp_number: '+584149998877',
  });
  dir = mkdtempSync(join(process.cwd(), 'node_modules/.cache/render-fn-test-'));
  await buildLambdaBundles(dir, { only: ['render'] });
  handler = ((await import(pathToFileURL(join(dir, 'render', 'index.mjs')).href)) as { handler: Handler })
    .handler;
  // The same bundle beside an index.html the render cannot fill: every render then throws.
  cpSync(join(dir, 'render'), join(dir, 'broken'), { recursive: true });
  writeFileSync(
    join(dir, 'broken', 'index.html'),
    '<!doctype html><html lang="es"><head></head><body></body></html>',
  );
  broken = ((await import(pathToFileURL(join(dir, 'broken', 'index.mjs')).href)) as { handler: Handler })
    .handler;
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** CloudFront's origin request for `path`: the URI rewritten to the shell, the real path in the header. */
function originRequest(path: string, headers: Record<string, string> = {}, rawPath = '/index.html') {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    headers: { [RENDER_PATH_HEADER]: path, [RENDER_ORIGIN_HEADER]: ORIGIN, ...headers },
    requestContext: { http: { method: 'GET', path: rawPath, sourceIp: '1.2.3.4' } },
    isBase64Encoded: false,
  };
}
const invoke = (fn: Handler, event: unknown) => fn(event, lambdaContext('render', 'test', 5_000));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('the render function', () => {
  it('answers a product page with its head and HTML, kept at the edge 30 s (5 when data was late)', async () => {
    const res = await invoke(handler, originRequest(`/product/${product.id}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=(30|5), stale-while-revalidate=(30|5)$/,
    );
    expect(titleOf(res.body)).toContain('Calculadora HP Prime');
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/product/${product.id}">`);
    expect(res.body).toMatch(/<meta property="og:description" content="US\$ 190,00/);
    expect(res.body).toContain('data-server-rendered');
    // Anonymous reads only: the seller's private contact never reaches the page.
    expect(res.body).not.toContain('privado@est.example.edu.ve');
    expect(res.body).not.toContain('9998877');
  });

  it("answers an unknown product 404 'Producto no encontrado', without price or product JSON-LD", async () => {
    for (const id of ['999999999', '013']) {
      const res = await invoke(handler, originRequest(`/product/${id}`));
      expect(res.statusCode, id).toBe(404);
      expect(titleOf(res.body), id).toContain('Producto no encontrado');
      expect(res.body, id).toContain('noindex');
      expect(res.body, id).not.toContain('"@type":"Product"');
      expect(res.body, id).not.toContain('og:price');
    }
  });

  it('answers 500 (the edge then serves the static shell) when the render fails, and when the edge headers are missing', async () => {
    const failed = await invoke(broken, originRequest(`/product/${product.id}`));
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    const direct = originRequest(`/product/${product.id}`);
    delete (direct.headers as Record<string, string>)[RENDER_PATH_HEADER];
    expect((await invoke(handler, direct)).statusCode).toBe(500);
  });

  it("answers the schedule's warm ping once its module is loaded, rendering nothing and logging no failure", async () => {
    const ping = async (fn: Handler) => {
      const started = performance.now();
      const answer = (await invoke(fn, { ...RENDER_WARM_EVENT })) as unknown as WarmAnswer;
      return { answer, ms: performance.now() - started };
    };
    // A fresh copy of the bundle, so the ping is its first invocation (a cold start).
    cpSync(join(dir, 'render'), join(dir, 'cold'), { recursive: true });
    const cold = ((await import(pathToFileURL(join(dir, 'cold', 'index.mjs')).href)) as { handler: Handler })
      .handler;
    const logs: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logs.push(args);
    try {
      const first = await ping(cold);
      const again = await ping(cold);
      expect(first.answer).toEqual({ warm: true });
      expect(again.answer).toEqual({ warm: true });
      console.info(`warm ping: ${first.ms.toFixed(0)} ms at a cold start, ${again.ms.toFixed(1)} ms warm`);
      // The copy whose every render fails: a ping that rendered would answer 500 and log it.
      expect((await ping(broken)).answer).toEqual({ warm: true });
    } finally {
      console.error = error;
    }
    // No '[render-failed]' line: the pings do not trip the failures alarm.
    expect(logs).toEqual([]);
    // A Function URL event (what CloudFront sends) is a request even with the ping's field in it.
    const forged = { ...originRequest(`/product/${product.id}`), ...RENDER_WARM_EVENT };
    delete (forged.headers as Record<string, string>)[RENDER_PATH_HEADER];
    expect((await invoke(handler, forged)).statusCode).toBe(500);
  });

  it('renders the page the edge named, whatever else the request says (URI, Host, X-Forwarded-Host, Authorization, cookies)', async () => {
    const res = await invoke(
      handler,
      originRequest(
        `/product/${product.id}`,
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', authorization: 'Bearer forged' },
        '/vendedor/someone-else',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toContain('Calculadora HP Prime');
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`${ORIGIN}/product/${product.id}`);
  });
});
