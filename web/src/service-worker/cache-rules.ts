import { renderedPageOf, shellPathOf } from '#shared/pages';
import type { ClientRoute } from '#shared/routes';
import { PAGE_REQUEST_ACCEPT } from '@/lib/pwa/messages';

/**
 * What the service worker may keep, decided from the request alone (pure, so unit tests cover it):
 * only same-origin GETs; only the public API reads of the route table, never a request that carries
 * credentials; the SPA's hashed files; the images. Everything else is not handled by the worker at
 * all (the browser fetches it as if there were no worker). Decision 023.
 */

/** Minimal view of a request: what the rules read. */
export interface RequestFacts {
  method: string;
  url: URL;
  /** `Request.mode`: 'navigate' for page loads. */
  mode: string;
  headers: { has(name: string): boolean; get(name: string): string | null };
}

/**
 * Public API reads whose answers may be kept for reading offline: GET routes of the route table with
 * `auth: 'public'` (optional-identity ones included: a request without a token gets the anonymous,
 * public answer). The health check is left out: a kept answer would say "up" while nothing is.
 */
export function publicReadPatterns(routes: Record<string, ClientRoute>): RegExp[] {
  return Object.entries(routes)
    .filter(([name, r]) => r.method === 'GET' && r.auth === 'public' && name !== 'health')
    .map(([, r]) => {
      const source = r.path
        .split('/')
        .map((segment) =>
          /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      return new RegExp(`^${source}$`);
    });
}

const sameOriginGet = (req: RequestFacts, origin: string) =>
  req.method === 'GET' && req.url.origin === origin;

/** A GET of a public API read, without credentials (a token, or a cookie we never set). */
export function isPublicApiRead(req: RequestFacts, origin: string, patterns: RegExp[]): boolean {
  if (!sameOriginGet(req, origin) || req.mode === 'navigate') return false;
  if (req.headers.has('authorization') || req.headers.has('cookie')) return false;
  return patterns.some((p) => p.test(req.url.pathname));
}

/** The SPA's content-hashed files (JS, CSS): never change under one name. */
export function isHashedAsset(req: RequestFacts, origin: string): boolean {
  return sameOriginGet(req, origin) && req.url.pathname.startsWith('/assets/');
}

/** Product photos, university logos and their size variants (each URL is its own entry). */
export function isImage(req: RequestFacts, origin: string): boolean {
  return sameOriginGet(req, origin) && req.url.pathname.startsWith('/images/');
}

/** The runtime configuration (Cognito ids) the signed-in screens read; public, small. */
export function isRuntimeConfig(req: RequestFacts, origin: string): boolean {
  return sameOriginGet(req, origin) && req.url.pathname === '/runtime-config.json';
}

/**
 * Page loads the SPA answers: the CloudFront function's rule (a last segment without a dot is a
 * client-side route), outside /api/ and /images/. These get their page's precached static shell
 * (shared/pages.ts shellPages()), else the precached index.html.
 */
export function isAppNavigation(req: RequestFacts, origin: string): boolean {
  if (req.mode !== 'navigate' || !sameOriginGet(req, origin)) return false;
  const path = req.url.pathname;
  if (path.startsWith('/api/') || path.startsWith('/images/') || path.startsWith('/local-s3/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * Loads of the pages the server renders (shared/pages.ts): a navigation, or the page handing the
 * worker its own document's URL once the worker took control (an `Accept: text/html` request: a
 * request made in a page can never be a navigation). These are read from the network and kept, so
 * a page seen once opens again offline with its content; the other app navigations get the shell.
 */
export function isRenderedPageLoad(req: RequestFacts, origin: string): boolean {
  if (!sameOriginGet(req, origin) || renderedPageOf(req.url.pathname) === undefined) return false;
  if (req.mode === 'navigate') return true;
  return (req.headers.get('accept') ?? '').split(',')[0].trim() === PAGE_REQUEST_ACCEPT;
}

/**
 * The precached document a page load gets when the worker answers it from its precache (an app
 * navigation, or a rendered page with neither network nor a kept copy): the page's own static shell
 * when it is precached (the pages served a shell only: the bar and the page's loading state, issue
 * 38), else the generic index.html.
 */
export function navigationShell(pathname: string, isPrecached: (url: string) => boolean): string {
  const own = shellPathOf(pathname);
  return own && isPrecached(own) ? own : '/index.html';
}

/**
 * A response may be kept only when its server allows it: `no-store` and `private` answers (a
 * signed-in reader's flags, anything personal) never enter a cache, whatever the route.
 */
export function mayKeep(response: {
  status: number;
  headers: { get(name: string): string | null };
}): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/(^|[\s,])(no-store|private)([\s,=]|$)/i.test(cacheControl);
}

/**
 * A rendered page's answer that is no page: the render was throttled (429, which a Lambda function
 * URL answers and CloudFront cannot fail over to the static shell: its origin groups fail over on
 * 400, 403, 404, 416 and 5xx only) or failed past the edge (5xx). The worker treats it as no
 * answer: the kept copy, else the shell. A 404 is a page ('Producto no encontrado') and passes.
 */
export function isFailedRender(status: number): boolean {
  return status === 429 || status >= 500;
}
