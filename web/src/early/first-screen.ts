import { DEFAULT_SORT, FILTER_CATEGORIES } from '#shared/enums';
import { parseProductId, parseUniversityId } from '#shared/ids';
import { LIMITS } from '#shared/limits';
import { type PhotoSize, photoSrcSet } from '#shared/photo-urls';
import { CARD_IMAGE_SIZES, FIRST_ROW, GALLERY_IMAGE_SIZES } from '@/components/product/image-sizes';
import { toApiTerm } from '@/features/marketplace/hooks/api-term';
import { productImages } from '@/lib/product-images';
import { paths } from '@/config/paths';
import { recoveryRedirect } from '@/lib/recovery-link';

/**
 * The public GETs the first screen of a path makes before anything else, spelled exactly as the
 * API client spells them (`apiUrl`), so `early.ts` can start them while the app's JavaScript is
 * still downloading and the client adopts the answers (docs/decisions/024-phone-speed.md).
 * `storedUniversity` is the raw local-storage value. Paths whose first calls depend on more than
 * the URL and the stored university (a signed-in screen, the marketplace's search with its filters)
 * get none: they simply fetch as usual.
 * Kept free of the app's modules: it runs before them.
 */
/**
 * The university /marketplace shows: the link's (?university=), else the stored one; null sends
 * the visitor to the chooser (features/marketplace/routes/marketplace.tsx decides the same way).
 */
export function marketplaceUniversity(search: string, storedUniversity: string | null): string | null {
  return (
    parseUniversityId(new URLSearchParams(search).get('university')) ?? parseUniversityId(storedUniversity)
  );
}

/**
 * True where a first visit goes to the chooser: the university-scoped landings without a university
 * (spec: "University-scoped pages need a selected university"), decided as their screens decide
 * (features/marketplace/routes/marketplace.tsx and search.tsx), so early.ts can send the visitor
 * there before the app has loaded.
 */
export function sendsToChooser(pathname: string, search: string, storedUniversity: string | null): boolean {
  if (pathname === '/marketplace') return marketplaceUniversity(search, storedUniversity) === null;
  if (pathname === '/search') return parseUniversityId(storedUniversity) === null;
  return false;
}

/**
 * Where early.ts sends the visitor before anything loads, or null: a password-recovery link to
 * /reset-password with its fragment (first: the chooser's address would drop the fragment), a
 * university-scoped landing without a university to the chooser.
 */
export function earlyRedirect(
  { pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>,
  storedUniversity: string | null,
): string | null {
  const recovery = recoveryRedirect(pathname, hash);
  if (recovery) return recovery;
  return sendsToChooser(pathname, search, storedUniversity) ? paths.selectUniversity.getHref() : null;
}

/** `GET /api/products` with these parameters, in this order (as `apiUrl` writes them). */
const productsUrl = (query: Record<string, string>) => `/api/products?${new URLSearchParams(query)}`;

export function firstScreenGets(pathname: string, search: string, storedUniversity: string | null): string[] {
  const params = new URLSearchParams(search);
  const products = (university: string) =>
    FILTER_CATEGORIES.map((category) =>
      productsUrl({ university, category, limit: String(LIMITS.categoryPreview), sort: 'newest' }),
    );
  if (pathname === '/marketplace') {
    const university = marketplaceUniversity(search, storedUniversity);
    // Browsing (no search text, no filter): the university's header and one section per category.
    const browsing = [...params.keys()].every((key) => key === 'university');
    if (!university) return ['/api/universities'];
    return browsing ? [`/api/universities/${university}`, ...products(university)] : [];
  }
  if (pathname === '/' || pathname === '/select-university') return ['/api/universities'];
  if (pathname === '/global-marketplace') {
    // The strip (whatever the search), and with no search nor filter the listing's first page.
    const strip = productsUrl({ limit: String(LIMITS.globalStrip), sort: 'newest' });
    return [...params.keys()].length === 0 ? [strip, productsUrl({ sort: DEFAULT_SORT })] : [strip];
  }
  if (pathname === '/search') {
    // The results' first page, for the stored university and the sanitised term (search.tsx).
    const university = parseUniversityId(storedUniversity);
    const term = toApiTerm(params.get('q') ?? '');
    if (!university) return [];
    return [productsUrl({ university, ...(term ? { q: term } : {}), sort: 'newest' })];
  }
  const product = /^\/product\/([^/]+)$/.exec(pathname);
  if (product) {
    const id = parseProductId(product[1]);
    return id === null ? [] : [`/api/products/${id}`];
  }
  return [];
}

/**
 * Where the API client notes, after this person changed listings themselves, until when public
 * reads must revalidate with the server (lib/api-client.ts): the browser may keep public answers
 * for 30 s. Here so the early script can tell too.
 */
export const REVALIDATE_KEY = 'revalidatePublicUntil';

/**
 * True in that window: the early script then starts no GET and paints nothing (its answers could be
 * the browser's old copies, and the app would replace them with fresh ones).
 */
export function mustRevalidatePublicReads(): boolean {
  try {
    return Number(globalThis.sessionStorage?.getItem(REVALIDATE_KEY) ?? 0) > Date.now();
  } catch {
    return false;
  }
}

/** Where early.ts leaves the started GETs for the API client (a global: the two scripts share no module). */
export const EARLY_GETS = '__earlyGets';

interface EarlyGet {
  /** Started for the screen's first paint (main.tsx waits for these), not as a follow-up. */
  first: boolean;
  response: Promise<Response>;
  /** A clone's JSON, or undefined for a failed call or an error answer. */
  body: Promise<unknown>;
  /** Set once the body is read: what the first render can take synchronously. */
  settled?: { value: unknown };
}

type EarlyGets = Map<string, EarlyGet>;

const earlyGets = () => (globalThis as Record<string, unknown>)[EARLY_GETS] as EarlyGets | undefined;

/**
 * Starts the GETs and leaves them for the client (beside any started before); answers each one's
 * body as it arrives. `followUp`: started from an earlier answer, which the app's first render does
 * not wait for (earlyAnswersSettled).
 */
export function startEarlyGets(urls: string[], followUp = false): ReadonlyMap<string, Promise<unknown>> {
  const started: EarlyGets = earlyGets() ?? new Map();
  const added = new Map<string, Promise<unknown>>();
  for (const url of urls) {
    if (started.has(url)) continue;
    const response = fetch(url, { headers: { accept: 'application/json' } });
    // A failed early call is not an error: the client then fetches by itself.
    response.catch(() => {});
    // The clone is taken at once, as the answer arrives: the API client reads the answer too, and a
    // used body cannot be cloned.
    const body = response.then((r) => (r.ok ? r.clone().json() : undefined)).catch(() => undefined);
    const entry: EarlyGet = { first: !followUp, response, body };
    void body.then((value) => {
      entry.settled = { value };
    });
    started.set(url, entry);
    added.set(url, body);
  }
  (globalThis as Record<string, unknown>)[EARLY_GETS] = started;
  return added;
}

/** The answer to `url` started early, taken once (a second call for it fetches afresh). */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const started = earlyGets();
  const entry = started?.get(url);
  started?.delete(url);
  return entry?.response;
}

/**
 * The bodies of successful early answers to all of `urls`, taken together, or undefined (and none
 * taken) unless every one has already arrived: a query made of several calls (the marketplace's
 * sections) renders its content at once only when it has all of them.
 */
export function takeEarlyBodies(urls: readonly string[]): unknown[] | undefined {
  const started = earlyGets();
  const entries = urls.map((url) => started?.get(url));
  if (!entries.every((entry) => entry?.settled?.value !== undefined)) return undefined;
  for (const url of urls) started?.delete(url);
  return entries.map((entry) => entry?.settled?.value);
}

/** Resolves when every early answer for the first paint is in (or failed); at once when none was started. */
export async function earlyAnswersSettled(): Promise<void> {
  await Promise.all(
    [...(earlyGets()?.values() ?? [])].filter((entry) => entry.first).map((entry) => entry.body),
  );
}

/** A photo to preload as the page will show it (same src, srcset and sizes, so it is fetched once). */
export interface FirstPhoto {
  src: string;
  srcset?: string;
  sizes?: string;
}

interface Photoed {
  image?: string | null;
  images?: string[];
  image_variants?: Record<string, PhotoSize | null>;
}

const photoOf = (path: string, variants: Photoed['image_variants'], sizes: string): FirstPhoto => {
  const srcset = photoSrcSet(path, variants?.[path]);
  return srcset ? { src: path, srcset, sizes } : { src: path };
};

/**
 * The photos that paint first on the screen of `pathname`, from the early GETs' answers (by URL):
 * the product page's main photo, or a listing's first row of cards. The largest paint of these
 * pages is one of them, and preloading starts them before the page has painted them.
 */
export function firstPhotos(pathname: string, answers: ReadonlyMap<string, unknown>): FirstPhoto[] {
  if (/^\/product\/[^/]+$/.test(pathname)) {
    const product = [...answers.values()][0] as Photoed | undefined;
    const main = product?.images
      ? productImages({ image: product.image ?? null, images: product.images })[0]
      : undefined;
    return main ? [photoOf(main, product?.image_variants, GALLERY_IMAGE_SIZES)] : [];
  }
  // A listing's first cards: the marketplace's first section with products, the global listing (its
  // strip, first, has small lazy photos) or the search results.
  const listings = ['/marketplace', '/search'].includes(pathname)
    ? [...answers]
    : pathname === '/global-marketplace'
      ? [...answers].slice(1)
      : [];
  for (const [url, body] of listings) {
    if (!url.startsWith('/api/products?')) continue;
    const items = ((body as { items?: Photoed[] } | undefined)?.items ?? []).slice(0, FIRST_ROW);
    if (items.length > 0)
      return items.flatMap((p) => (p.image ? [photoOf(p.image, p.image_variants, CARD_IMAGE_SIZES)] : []));
  }
  return [];
}

/** Once the early answers are in, preloads the first photos with high priority. */
export async function preloadFirstPhotos(pathname: string, bodies: ReadonlyMap<string, Promise<unknown>>) {
  const answers = new Map<string, unknown>();
  for (const [url, body] of bodies) answers.set(url, await body);
  for (const photo of firstPhotos(pathname, answers)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = photo.src;
    if (photo.srcset) link.imageSrcset = photo.srcset;
    if (photo.sizes) link.imageSizes = photo.sizes;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}
