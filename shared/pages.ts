/**
 * The pages the origin renders on the server (issue 27), in ONE list for the web app's paths
 * (web/src/config/paths.ts reads its patterns from here), the local origin, the service worker and
 * the CloudFront behaviours. A test checks every pattern against the app's route table.
 */

import { CAREER_PAGES, CATEGORIES } from './enums';

/** The router patterns of the rendered pages (react-router syntax), read by web/src/config/paths.ts. */
export const PAGE_PATTERNS = {
  home: '/',
  selectUniversity: '/select-university',
  marketplace: '/marketplace',
  search: '/search',
  globalMarketplace: '/global-marketplace',
  product: '/product/:id',
  /** A seller's public page (docs/decisions/032). */
  seller: '/vendedor/:id',
  careers: '/carreras',
  career: '/carrera/:career',
  category: '/categoria/:category',
} as const;

export type RenderedPageKind =
  | 'chooser'
  | 'marketplace'
  | 'search'
  | 'global'
  | 'product'
  | 'seller'
  | 'careers'
  | 'career'
  | 'category';

export interface RenderedPage {
  kind: RenderedPageKind;
  /** The app's router patterns of the page. */
  routes: readonly string[];
  /** CloudFront behaviour path patterns sending the page to the renderer (`*` for a parameter). */
  cloudFrontPatterns: readonly string[];
  /**
   * Whether the page shows the chosen university when the URL names none: it is then rendered from
   * the `mu_u` cookie (path-scoped to such pages), which is part of its cache key.
   */
  universityCookie: boolean;
  /** How long the edge keeps a rendered page (s-maxage). */
  cacheSeconds: number;
}

/**
 * The cookie mirroring the university the visitor chose (the app keeps it in localStorage, which a
 * server cannot read): the rendered pages with `universityCookie` show it when the URL names none.
 */
export const UNIVERSITY_COOKIE = 'mu_u';

/**
 * Where the document says the server rendered it (an attribute of <html>): the browser hydrates
 * that HTML rather than rendering afresh.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** The id of the `<script type="application/json">` data block holding the render's state. */
export const RENDER_STATE_ID = 'render-state';
/**
 * Where the server's HTML carries React's `style` props (data-driven colours, decision 006): a
 * `style` attribute in HTML is blocked by the CSP (`style-src 'self'`), so the browser applies these
 * through the CSSOM, which the CSP allows, before it hydrates.
 */
export const SERVER_STYLE_ATTRIBUTE = 'data-server-style';

/**
 * The parameter by which a link to a page that shows the chosen university chooses it
 * (/marketplace?university=ucab): a shared link, or a university card tapped before the app runs.
 * The render reads it before the `mu_u` cookie; the app stores it and takes it out of the URL.
 */
export const UNIVERSITY_PARAM = 'university';

/**
 * The query parameters a rendered page reads (the listings' search term, university and filters):
 * the only ones the edge keys its copies on and forwards to the render function, and the only ones
 * the render sees locally too (web/src/server/document.ts), so both origins render the same page.
 */
export const RENDER_QUERY_KEYS = [
  'q',
  'university',
  'category',
  'career',
  'condition',
  'min',
  'max',
  'sort',
  'hide_reserved',
] as const;

/**
 * The header in which CloudFront's viewer-request function (infra/constructs/render-path.ts) hands
 * the render function the page's real path (overwriting any value the viewer sent), as it rewrites
 * the URI to the static shell the bucket serves when the render fails.
 */
export const RENDER_PATH_HEADER = 'x-mu-path';
/** The header with the site's own origin (the stage's domain), written by the same function. */
export const RENDER_ORIGIN_HEADER = 'x-mu-origin';

/**
 * How long the edge waits for a render (CloudFront's origin read timeout) before it serves the
 * static shell instead; the local origin and the render function give up at the same time.
 */
export const RENDER_TIMEOUT_MS = 3_000;
/**
 * Where the build writes each rendered page kind's static shell, under the site's root:
 * `/shells/<kind>.html` (layout, bar, the screen's skeleton and loading text; decision 052). The
 * origins serve it when the render fails or is late: the local origin's fallback and CloudFront's.
 */
export const SHELLS_DIR = 'shells';
/**
 * The kinds whose screen names its parameter in static text (the career's or category's title and
 * blurb, not data): one shell per value, `/shells/<kind>-<value>.html`, so no shell shows another
 * page's title. The other kinds' loading states are the same for every page: `/shells/<kind>.html`.
 */
export const SHELL_PER_VALUE: readonly RenderedPageKind[] = ['career', 'category'];

/**
 * The site path of the static shell of the rendered page at `pathname` (undefined for a page that
 * is not rendered). For a career or category outside the built list there is no such file: the
 * origin then serves the generic index.html (locally) or the bucket's 404.
 */
export function shellPathOf(pathname: string): string | undefined {
  const kind = renderedPageOf(pathname);
  if (!kind) return undefined;
  const name = SHELL_PER_VALUE.includes(kind)
    ? `${kind}-${pathname.slice(pathname.lastIndexOf('/') + 1)}`
    : kind;
  return `/${SHELLS_DIR}/${name}.html`;
}

/**
 * Where each static shell is rendered from at build time (web/src/server/entry-server.tsx): one
 * location per kind, and one per value of the kinds in SHELL_PER_VALUE. A function, not a constant:
 * the web app's entry imports this module, and a top-level list would stay in its bundle.
 */
export function shellLocations(): string[] {
  return [
    '/select-university',
    '/marketplace',
    '/search?q=',
    '/global-marketplace',
    '/product/1',
    '/vendedor/shell',
    '/carreras',
    ...CAREER_PAGES.map((career) => `/carrera/${career}`),
    ...CATEGORIES.map((category) => `/categoria/${category}`),
  ];
}

/** The site paths of every static shell the build writes (CloudFront's viewer-request function). */
export function shellFiles(): string[] {
  return shellLocations().map(
    (location) => shellPathOf(new URL(location, 'http://shell').pathname) as string,
  );
}

/** Each rendered route as a regular expression's source with its kind (CloudFront's function). */
export function renderedRouteSources(): { kind: RenderedPageKind; source: string }[] {
  return RENDERED_PAGES.flatMap((page) =>
    page.routes.map((route) => ({ kind: page.kind, source: patternRegex(route).source })),
  );
}

/** How long the edge keeps a page rendered while some of its data was late. */
export const DEGRADED_CACHE_SECONDS = 5;
/** The longest the edge keeps any rendered page (the cache policy's maximum TTL). */
export const RENDER_MAX_CACHE_SECONDS = 60;

/** A sold or deleted listing leaves the edge's copies within a minute, with no invalidation. */
const CACHE_SECONDS = 30;

export const RENDERED_PAGES: readonly RenderedPage[] = [
  {
    kind: 'chooser',
    routes: [PAGE_PATTERNS.home, PAGE_PATTERNS.selectUniversity],
    cloudFrontPatterns: ['/', '/select-university'],
    universityCookie: false,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'marketplace',
    routes: [PAGE_PATTERNS.marketplace],
    cloudFrontPatterns: ['/marketplace'],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'search',
    routes: [PAGE_PATTERNS.search],
    cloudFrontPatterns: ['/search'],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'global',
    routes: [PAGE_PATTERNS.globalMarketplace],
    cloudFrontPatterns: ['/global-marketplace'],
    universityCookie: false,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'product',
    routes: [PAGE_PATTERNS.product],
    cloudFrontPatterns: ['/product/*'],
    universityCookie: false,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'seller',
    routes: [PAGE_PATTERNS.seller],
    cloudFrontPatterns: ['/vendedor/*'],
    universityCookie: false,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'careers',
    routes: [PAGE_PATTERNS.careers],
    cloudFrontPatterns: ['/carreras'],
    universityCookie: false,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'career',
    routes: [PAGE_PATTERNS.career],
    cloudFrontPatterns: ['/carrera/*'],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'category',
    routes: [PAGE_PATTERNS.category],
    cloudFrontPatterns: ['/categoria/*'],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
];

/**
 * A router pattern as a regular expression over a URL's path as sent (still percent-encoded): a
 * parameter is one segment without a dot (a last segment with an extension is a file, the static
 * delivery's rule: infra/constructs/spa-fallback.ts and the local origin's handleStatic).
 */
function patternRegex(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/.]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

// Built on first use, not at import: the web app's entry imports PAGE_PATTERNS (paths.ts), and
// a top-level call would stay in its bundle even where nothing renders pages.
let matchers: { kind: RenderedPageKind; regex: RegExp }[] | undefined;

/**
 * The kind of page the server renders at `pathname` (a URL's path, without query), or undefined
 * for everything else (the API, images, files, the admin area, the screens that are not rendered).
 * Only the canonical spelling is rendered: exact case and no trailing slash (other spellings are
 * served the static shell as before, and the app renders them in the browser).
 */
export function renderedPageOf(pathname: string): RenderedPageKind | undefined {
  matchers ??= RENDERED_PAGES.flatMap((page) =>
    page.routes.map((route) => ({ kind: page.kind, regex: patternRegex(route) })),
  );
  return matchers.find((m) => m.regex.test(pathname))?.kind;
}

/**
 * The parameter naming the page a visitor was going to, for the page that comes first: the chooser
 * (/select-university?next=/search%3Fq%3Dcalculadora: once they choose, or at once if a choice is
 * already stored in the browser, kept in localStorage without the cookie the server reads) and the
 * sign-in (/login?next=/product/12: once signed in). In the URL, so a plain link carries it and it
 * works before the app runs.
 */
export const NEXT_PARAM = 'next';

/**
 * `value` as the chooser's page to go to: a path and query of this site whose page shows the chosen
 * university (marketplace, search, a career, a category), else null. Never another origin, nor a
 * scheme or protocol-relative URL (`//x`, `/\x`): a link to the chooser is anyone's to write.
 */
export function chooserNext(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://origin');
  } catch {
    return null;
  }
  // `//x` and `/\x` (which browsers read as `//x`) resolve to another origin.
  if (url.origin !== 'http://origin') return null;
  const kind = renderedPageOf(url.pathname);
  if (!RENDERED_PAGES.some((page) => page.kind === kind && page.universityCookie)) return null;
  return `${url.pathname}${url.search}`;
}
