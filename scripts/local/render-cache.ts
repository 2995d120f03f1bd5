import type { IncomingMessage } from 'node:http';
import { RENDER_MAX_CACHE_SECONDS, RENDER_QUERY_KEYS, UNIVERSITY_COOKIE } from '../../shared/pages';
import type { RenderedDocument } from './render';

/**
 * The edge's copies of rendered pages, locally (issue 27, decision 052): what CloudFront's
 * `RenderedPages` cache policy does in front of the render function (infra/constructs/web.ts), so
 * the local origin answers a page as fast and as stale as the edge will. The key is the cache
 * policy's: the path, the allow-listed query (RENDER_QUERY_KEYS, in the order sent; other
 * parameters are neither keyed nor forwarded) and the `mu_u` cookie. An answer is kept as its
 * Cache-Control says (s-maxage, at most the policy's maximum TTL; any status, 302 and 404 included,
 * as CloudFront caches them by their headers), served stale for stale-while-revalidate seconds more
 * while one refresh runs, and concurrent misses of one key wait for one render (request
 * collapsing). Only GETs are cached; a render that fails (null: the static shell) is not kept.
 * `x-cache` says Hit, RefreshHit (stale) or Miss, with `age`, as CloudFront's headers do.
 */

export type RenderFn = (req: IncomingMessage, url: string) => Promise<RenderedDocument | null>;

interface Entry {
  document: RenderedDocument;
  storedAt: number;
  freshMs: number;
  staleMs: number;
}

/** Enough for every page of a demo catalogue; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 2_000;

/** s-maxage and stale-while-revalidate of a Cache-Control header, or null when the edge may not keep it. */
export function edgeLifetime(cacheControl: string | undefined): { fresh: number; stale: number } | null {
  const directives = new Map(
    (cacheControl ?? '')
      .toLowerCase()
      .split(',')
      .map((d) => d.trim().split('=') as [string, string | undefined]),
  );
  if (directives.has('no-store') || directives.has('private') || directives.has('no-cache')) return null;
  const seconds = (name: string) => {
    const value = Number(directives.get(name));
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
  const fresh = Math.min(seconds('s-maxage') || seconds('max-age'), RENDER_MAX_CACHE_SECONDS);
  return fresh > 0 ? { fresh, stale: seconds('stale-while-revalidate') } : null;
}

/** The `mu_u` cookie's value as sent (the edge keys on it undecoded), or null. */
function universityCookie(header: string | undefined): string | null {
  const prefix = `${UNIVERSITY_COOKIE}=`;
  for (const part of (header ?? '').split(';'))
    if (part.trim().startsWith(prefix)) return part.trim().slice(prefix.length);
  return null;
}

/** The cache policy's key of a request: path, allow-listed query, `mu_u`. */
export function renderCacheKey(url: string, cookie: string | undefined): string {
  const { pathname, searchParams } = new URL(url, 'http://origin');
  const query = [...searchParams].filter(([key]) => (RENDER_QUERY_KEYS as readonly string[]).includes(key));
  return JSON.stringify([pathname, query, universityCookie(cookie)]);
}

export function createRenderCache(render: RenderFn, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<RenderedDocument | null>>();

  const fill = (key: string, req: IncomingMessage, url: string): Promise<RenderedDocument | null> => {
    let work = pending.get(key);
    if (!work) {
      work = render(req, url).then((document) => {
        const life = document && edgeLifetime(document.headers['cache-control']);
        if (document && life) {
          entries.delete(key);
          entries.set(key, {
            document,
            storedAt: now(),
            freshMs: life.fresh * 1000,
            staleMs: life.stale * 1000,
          });
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        } else if (document) entries.delete(key);
        return document;
      });
      const settled = () => pending.delete(key);
      work.then(settled, settled);
      pending.set(key, work);
    }
    return work;
  };

  const answer = (document: RenderedDocument, cache: string, ageMs: number): RenderedDocument => ({
    ...document,
    headers: {
      ...document.headers,
      'x-cache': `${cache} from local edge`,
      age: String(Math.floor(ageMs / 1000)),
    },
  });

  return {
    async renderPage(req: IncomingMessage, url: string): Promise<RenderedDocument | null> {
      if (req.method !== 'GET') return render(req, url);
      const key = renderCacheKey(url, req.headers.cookie);
      const entry = entries.get(key);
      const age = entry ? now() - entry.storedAt : 0;
      if (entry && age < entry.freshMs) return answer(entry.document, 'Hit', age);
      if (entry && age < entry.freshMs + entry.staleMs) {
        // Stale while one refresh runs; a failed refresh leaves the copy until it expires.
        fill(key, req, url).catch(() => {});
        return answer(entry.document, 'RefreshHit', age);
      }
      const document = await fill(key, req, url);
      return document && answer(document, 'Miss', 0);
    },
    /** Drops every copy (the render switch's change, as an invalidation would). */
    clear() {
      entries.clear();
    },
  };
}
