/**
 * The app's pages as the origins deliver them, in ONE place for the web app's paths
 * (web/src/config/paths.ts reads its patterns from here), the local origin, the service worker and
 * CloudFront's behaviours and functions: the pages the origin renders on the server (issue 27,
 * RENDERED_PAGES) and the pages served a static shell only (issue 38, shellPages()). Every page of
 * either list has a shell prerendered at build time, so no page's first paint is blank. A test
 * checks every pattern against the app's route table.
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
  | 'category'
  | 'login'
  | 'register'
  | 'email-verification'
  | 'forgot-password'
  | 'reset-password'
  | 'terms'
  | 'privacy'
  | 'safe-buying';

/** The pages served their static shell only (shellPages()). */
export type ShellPageKind =
  | 'new-product'
  | 'profile'
  | 'my-products'
  | 'settings'
  | 'favorites'
  | 'alerts'
  | 'my-purchases'
  | 'chats'
  | 'verify-email'
  | 'auth-callback'
  | 'notifications-unsubscribe'
  | 'alerts-unsubscribe'
  | 'renew-by-link'
  | 'sold-by-link'
  | 'admin';

export type PageKind = RenderedPageKind | ShellPageKind;

export interface RenderedPage {
  kind: RenderedPageKind;
  /** The app's router patterns of the page (CloudFront's: cloudFrontPatternsOf). */
  routes: readonly string[];
  /**
   * Whether the page shows the chosen university when the URL names none: it is then rendered from
   * the `mu_u` cookie (path-scoped to such pages), which is part of its cache key. Absent for the
   * others (the list is in the web app's entry: no byte it need not carry).
   */
  universityCookie?: true;
  /**
   * How long the edge keeps a rendered page (s-maxage): pageCacheSeconds. Absent for a page without
   * data (a form, a legal text), which changes with a deployment only.
   */
  cacheSeconds?: number;
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
 * The query parameters a rendered page reads (the listings' search term, university and filters;
 * the address of a sign-up's code screen, /register?email=…, which is another screen than the
 * form): the only ones the edge keys its copies on and forwards to the render function, and the
 * only ones the render sees locally too (web/src/server/document.ts), so both origins render the
 * same page. Ten is CloudFront's quota of query strings per cache policy: a new one must replace one.
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
  'email',
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
 * Where the build writes each page's static shell, under the site's root: `/shells/<kind>.html`
 * (layout, bar, the screen's skeleton and loading text; decision 052). The origins serve it when
 * the render fails or is late (the local origin's fallback and CloudFront's), and, for the pages
 * served a shell only (shellPages()), always: locally, CloudFront's default behaviour and the
 * service worker's precache.
 */
export const SHELLS_DIR = 'shells';
/**
 * The kinds whose screen names its parameter in static text (the career's or category's title and
 * blurb, not data): one shell per value, `/shells/<kind>-<value>.html`, so no shell shows another
 * page's title. The other kinds' loading states are the same for every page: `/shells/<kind>.html`.
 */
export const SHELL_PER_VALUE: readonly PageKind[] = ['career', 'category'];

/**
 * The site path of the static shell of the page at `pathname` (undefined for a path that is no
 * page of either list). For a career or category outside the built list there is no such file: the
 * origin then serves the generic index.html (locally) or the bucket's 404.
 */
export function shellPathOf(pathname: string): string | undefined {
  const kind = renderedPageOf(pathname) ?? shellPageOf(pathname);
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
    '/login',
    '/register',
    // With an address: the code screen while it reads this browser's registration.
    '/email-verification?email=shell',
    '/forgot-password',
    '/reset-password',
    '/terms-and-conditions',
    '/privacy-policy',
    '/compra-segura',
    ...shellPages().map(shellLocationOf),
  ];
}

/** The site paths of every static shell the build writes (the CloudFront functions' table). */
export function shellFiles(): string[] {
  return shellLocations().map(
    (location) => shellPathOf(new URL(location, 'http://shell').pathname) as string,
  );
}

/**
 * The site paths of the shells of the pages served a shell only: the service worker precaches them
 * (web/pwa-plugin.ts), since it answers those pages' loads from its precache (offline too).
 */
export function shellPageFiles(): string[] {
  return shellPages().map(
    (page) => shellPathOf(new URL(shellLocationOf(page), 'http://shell').pathname) as string,
  );
}

/**
 * Each page's routes (rendered or shell only) as regular expressions' sources with its kind, and
 * whether its shell is one per value: the CloudFront functions' table (infra/constructs/shell-path.ts).
 */
export function pageRouteSources(): { kind: PageKind; source: string; perValue: boolean }[] {
  return [...RENDERED_PAGES, ...shellPages()].flatMap((page) =>
    page.routes.map((route) => ({
      kind: page.kind,
      source: patternRegex(route).source,
      perValue: SHELL_PER_VALUE.includes(page.kind),
    })),
  );
}

/** How long the edge keeps a page rendered while some of its data was late. */
export const DEGRADED_CACHE_SECONDS = 5;
/** The longest the edge keeps any rendered page (the cache policy's maximum TTL). */
export const RENDER_MAX_CACHE_SECONDS = 60;

/** A sold or deleted listing leaves the edge's copies within a minute, with no invalidation. */
const CACHE_SECONDS = 30;

/**
 * The CloudFront behaviour path patterns sending `page` to the renderer: its router patterns with
 * `*` for a parameter. Derived, not listed beside them: the list is in the web app's entry.
 */
export function cloudFrontPatternsOf(page: RenderedPage): string[] {
  return page.routes.map((route) => route.replace(/:\w+/g, '*'));
}

/** How long the edge keeps `page` (s-maxage): a page without data, the longest it keeps any. */
export const pageCacheSeconds = (page: RenderedPage): number => page.cacheSeconds ?? RENDER_MAX_CACHE_SECONDS;

export const RENDERED_PAGES: readonly RenderedPage[] = [
  {
    kind: 'chooser',
    routes: [PAGE_PATTERNS.home, PAGE_PATTERNS.selectUniversity],
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'marketplace',
    routes: [PAGE_PATTERNS.marketplace],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'search',
    routes: [PAGE_PATTERNS.search],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'global',
    routes: [PAGE_PATTERNS.globalMarketplace],
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'product',
    routes: [PAGE_PATTERNS.product],
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'seller',
    routes: [PAGE_PATTERNS.seller],
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'careers',
    routes: [PAGE_PATTERNS.careers],
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'career',
    routes: [PAGE_PATTERNS.career],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
  {
    kind: 'category',
    routes: [PAGE_PATTERNS.category],
    universityCookie: true,
    cacheSeconds: CACHE_SECONDS,
  },
  // Issue 38: the public pages without per-person data. Their forms are hydrated, so what a person
  // types before the app runs is kept (web/src/hooks/use-typed-before-hydration.ts); what they show
  // from the browser's own state (a registration kept in localStorage, a reset link's fragment) is
  // read once hydrated (web/src/hooks/use-hydrated.ts).
  { kind: 'login', routes: ['/login'] },
  { kind: 'register', routes: ['/register'] },
  { kind: 'email-verification', routes: ['/email-verification'] },
  { kind: 'forgot-password', routes: ['/forgot-password'] },
  { kind: 'reset-password', routes: ['/reset-password'] },
  { kind: 'terms', routes: ['/terms-and-conditions'] },
  { kind: 'privacy', routes: ['/privacy-policy'] },
  { kind: 'safe-buying', routes: ['/compra-segura'] },
];

export interface ShellPage {
  kind: ShellPageKind;
  /** The app's router patterns of the page (the admin area's: the area and any page in it). */
  routes: readonly string[];
  /**
   * Where its shell is drawn at build time (default: its first route): the page as the app first
   * shows it, with the session being read (a spinner where the person's data will be) or a mail
   * link's token being sent.
   */
  shellLocation?: string;
}

/** Where a page served a shell only has its shell drawn (ShellPage.shellLocation). */
export const shellLocationOf = (page: ShellPage): string => page.shellLocation ?? page.routes[0];

/**
 * The pages served a static shell only (issue 38): what they show is the person's (their session,
 * their profile, their listings, the admin area) or a mail link's token in the URL's fragment, which
 * never reaches a server. The render would be the same loading state for everyone, so it is drawn
 * once at build time and served as a file: by the local origin, by CloudFront's default behaviour
 * (infra/constructs/spa-fallback.ts) and from the service worker's precache. No render function
 * call, no CloudFront behaviour of its own. The app renders over it (not a hydration). A function,
 * not a constant, as shellLocations is: the list stays out of the web app's entry.
 */
export function shellPages(): readonly ShellPage[] {
  return [
    { kind: 'new-product', routes: ['/new-product'] },
    { kind: 'profile', routes: ['/profile'] },
    { kind: 'my-products', routes: ['/my-products'] },
    { kind: 'settings', routes: ['/settings'] },
    { kind: 'favorites', routes: ['/favoritos'] },
    { kind: 'alerts', routes: ['/alertas'] },
    // A placeholder for everyone today, but the person's purchases once built (spec).
    { kind: 'my-purchases', routes: ['/my-purchases'] },
    { kind: 'chats', routes: ['/chats'] },
    // Without its address the page goes home: the shell is the code screen's, reading the session.
    { kind: 'verify-email', routes: ['/verify-email'], shellLocation: '/verify-email?email=shell' },
    { kind: 'auth-callback', routes: ['/auth/callback'] },
    // The mails' one-click links (`#token=…`, decisions 020, 031 and 030), drawn with a token: the
    // page as it sends it ('Procesando tu solicitud...'), not the invalid link's text.
    {
      kind: 'notifications-unsubscribe',
      routes: ['/notificaciones/baja'],
      shellLocation: '/notificaciones/baja#token=shell',
    },
    { kind: 'alerts-unsubscribe', routes: ['/alertas/baja'], shellLocation: '/alertas/baja#token=shell' },
    {
      kind: 'renew-by-link',
      routes: ['/publicacion/renovar'],
      shellLocation: '/publicacion/renovar#token=shell',
    },
    {
      kind: 'sold-by-link',
      routes: ['/publicacion/vendida'],
      shellLocation: '/publicacion/vendida#token=shell',
    },
    // The admin area: its own layout; its pages are matched inside it (decision 027).
    { kind: 'admin', routes: ['/admin', '/admin/:page'] },
  ];
}

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
let shellMatchers: { kind: ShellPageKind; regex: RegExp }[] | undefined;

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
 * The kind of page served its static shell only at `pathname` (shellPages()), or undefined; the same
 * canonical spelling as renderedPageOf.
 */
export function shellPageOf(pathname: string): ShellPageKind | undefined {
  shellMatchers ??= shellPages().flatMap((page) =>
    page.routes.map((route) => ({ kind: page.kind, regex: patternRegex(route) })),
  );
  return shellMatchers.find((m) => m.regex.test(pathname))?.kind;
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
