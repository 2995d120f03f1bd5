import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRenderCache, edgeLifetime } from '../../scripts/local/render-cache';
import type { RenderedDocument } from '../../scripts/local/render';

/**
 * The local origin's emulation of CloudFront's cache in front of the render (issue 27): each case
 * is what the edge does with the render function's answers, on a clock the test moves.
 */
const PAGE_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

function setup(answer: (url: string, n: number) => RenderedDocument | null = (url, n) => page(url, n)) {
  let clock = 1_000_000;
  const calls: string[] = [];
  const cache = createRenderCache(
    async (_req, url) => {
      calls.push(url);
      return answer(url, calls.length);
    },
    () => clock,
  );
  const get = (url: string, cookie?: string, method = 'GET') =>
    cache.renderPage({ method, headers: cookie ? { cookie } : {} } as IncomingMessage, url);
  return { cache, calls, get, advance: (s: number) => (clock += s * 1000) };
}

function page(url: string, n: number, status = 200, cacheControl = PAGE_CACHE): RenderedDocument {
  return { status, headers: { 'cache-control': cacheControl }, body: Buffer.from(`render ${n} of ${url}`) };
}

const text = (doc: RenderedDocument | null) => doc?.body.toString();

describe('local edge cache of rendered pages', () => {
  it('serves a page from its copy within s-maxage, renders it again after', async () => {
    const { get, calls, advance } = setup();
    const first = await get('/product/7');
    expect(first?.headers['x-cache']).toMatch(/^Miss/);
    advance(29);
    const second = await get('/product/7');
    expect(second?.headers['x-cache']).toMatch(/^Hit/);
    expect(second?.headers.age).toBe('29');
    expect(text(second)).toBe(text(first));
    expect(calls).toHaveLength(1);
    // Within stale-while-revalidate: the old copy at once, one refresh behind it.
    advance(2);
    const stale = await get('/product/7');
    expect(stale?.headers['x-cache']).toMatch(/^RefreshHit/);
    expect(text(stale)).toBe('render 1 of /product/7');
    await Promise.resolve();
    expect(text(await get('/product/7'))).toBe('render 2 of /product/7');
    // Past s-maxage + stale-while-revalidate: a new render before answering.
    advance(61);
    const late = await get('/product/7');
    expect(late?.headers['x-cache']).toMatch(/^Miss/);
    expect(text(late)).toBe('render 3 of /product/7');
  });

  it('keys on the path, the allow-listed query and the mu_u cookie only', async () => {
    const { get, calls } = setup();
    await get('/marketplace', 'mu_u=ucab');
    await get('/marketplace', 'mu_u=usm');
    await get('/marketplace', 'mu_u=ucab; other=1');
    await get('/search?q=libro');
    await get('/search?q=lapiz');
    await get('/search?q=libro&utm_source=x');
    await get('/search?q=libro&sort=price_asc');
    expect(calls).toEqual([
      '/marketplace',
      '/marketplace',
      '/search?q=libro',
      '/search?q=lapiz',
      '/search?q=libro&sort=price_asc',
    ]);
  });

  it('keeps a 302 and a 404 by their Cache-Control, as CloudFront does', async () => {
    const { get, calls, advance } = setup((url, n) =>
      url === '/marketplace'
        ? {
            status: 302,
            headers: { location: '/select-university', 'cache-control': PAGE_CACHE },
            body: Buffer.alloc(0),
          }
        : page(url, n, 404, 'public, max-age=0, s-maxage=5, stale-while-revalidate=5'),
    );
    expect((await get('/marketplace'))?.status).toBe(302);
    expect((await get('/marketplace'))?.headers['x-cache']).toMatch(/^Hit/);
    expect((await get('/product/999'))?.status).toBe(404);
    advance(4);
    expect((await get('/product/999'))?.headers['x-cache']).toMatch(/^Hit/);
    advance(7);
    expect((await get('/product/999'))?.headers['x-cache']).toMatch(/^Miss/);
    expect(calls).toEqual(['/marketplace', '/product/999', '/product/999']);
  });

  it('never keeps what the edge may not: no-store, a failed render (the shell), nor a non-GET', async () => {
    const { get, calls } = setup((url, n) =>
      url === '/fails' ? null : page(url, n, 200, url === '/private' ? 'private, no-store' : PAGE_CACHE),
    );
    await get('/private');
    await get('/private');
    await get('/fails');
    await get('/fails');
    await get('/product/1', undefined, 'HEAD');
    await get('/product/1', undefined, 'HEAD');
    expect(calls).toEqual(['/private', '/private', '/fails', '/fails', '/product/1', '/product/1']);
  });

  it('makes concurrent misses of one page wait for one render', async () => {
    const { get, calls } = setup();
    const answers = await Promise.all([get('/product/3'), get('/product/3'), get('/product/3')]);
    expect(calls).toHaveLength(1);
    expect(new Set(answers.map(text)).size).toBe(1);
  });

  it('clear() drops every copy (the render switch changed)', async () => {
    const { get, calls, cache } = setup();
    await get('/');
    cache.clear();
    await get('/');
    expect(calls).toHaveLength(2);
  });

  it('reads s-maxage and stale-while-revalidate, capped at the policy maximum', () => {
    expect(edgeLifetime(PAGE_CACHE)).toEqual({ fresh: 30, stale: 30 });
    expect(edgeLifetime('public, s-maxage=600')).toEqual({ fresh: 60, stale: 0 });
    expect(edgeLifetime('no-cache')).toBeNull();
    expect(edgeLifetime(undefined)).toBeNull();
  });
});
