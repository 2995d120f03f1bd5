import { LIMITS } from '#shared/limits';
import { formatUsd } from '#shared/money';
import { photoSrcSet } from '#shared/photo-urls';
import { GLYPHS } from '@/components/catalog-icon-data';
import { DEFAULT_PRODUCT_IMAGE, FIRST_ROW, FIRST_SCREEN_CARDS } from '@/components/product/image-sizes';
import { paths } from '@/config/paths';
import { countText } from '@/features/marketplace/components/count-text';
import { el, emptyShell, photo as image } from './first-paint';
import {
  button,
  icon,
  isCard,
  type PaintedCard,
  type PaintedTop,
  productCard,
  searchBar,
} from './listing-paint';

/**
 * The first paint of the global marketplace (no search, no filter) and of the search results
 * (docs/decisions/036-listings-painted-before-the-app.md), with listing-paint.ts's cards and search
 * bar: a chunk of its own, so the browsing marketplace's paint does not carry it (decision 037).
 */

/** Cards a results page paints: a phone's first four rows (the rest, and 'Cargar más', come with the app). */
export const PAINTED_RESULTS = FIRST_SCREEN_CARDS;

/** One page of `GET /api/products` as the paints read it. */
export interface PaintedPage {
  items: PaintedCard[];
  total?: number | null;
}

/**
 * features/marketplace/components/product-results.tsx with its first page in, down to its first
 * PAINTED_RESULTS cards (first row eager); null for no results (the app says so itself).
 */
export function resultsSection(
  heading: string,
  page: PaintedPage,
): { section: HTMLElement; photos: HTMLImageElement[] } | null {
  if (page.items.length === 0) return null;
  const cards = page.items.slice(0, PAINTED_RESULTS).map((product, i) => productCard(product, i < FIRST_ROW));
  const section = el(
    'section',
    'section',
    el('div', 'section__header', el('h2', 'section__title', heading)),
    el('p', 'results-count', countText(page.total ?? page.items.length)),
    el('ul', 'product-grid', ...cards.map(({ card }) => el('li', null, card))),
  );
  section.setAttribute('aria-busy', 'false');
  return { section, photos: cards.slice(0, FIRST_ROW).map(({ photo }) => photo) };
}

/** features/marketplace/components/product-strip.tsx: its products three times (the CSS loop), null for none. */
export function productStrip(items: readonly PaintedCard[]): HTMLElement | null {
  if (items.length === 0) return null;
  const track = el('ul', 'strip__track');
  for (const copy of [0, 1, 2])
    for (const p of items) {
      const photo = image(
        { sizes: '140px', alt: '', loading: 'lazy', width: '140', height: '105' },
        p.image || DEFAULT_PRODUCT_IMAGE,
        p.image ? photoSrcSet(p.image, p.image_variants?.[p.image]) : undefined,
      );
      const item = el('a', 'strip__item') as HTMLAnchorElement;
      // The hidden copies' tabindex before href, in React's order.
      if (copy > 0) item.setAttribute('tabindex', '-1');
      item.href = paths.product.getHref(p.id);
      item.append(photo, el('span', null, p.title), el('strong', null, formatUsd(p.price)));
      const li = el('li', null, item);
      if (copy > 0) li.setAttribute('aria-hidden', 'true');
      track.append(li);
    }
  const strip = el('section', 'strip', track);
  strip.setAttribute('aria-label', 'Productos destacados');
  return strip;
}

/** features/marketplace/routes/global-marketplace.tsx with no search and no filter. */
export function globalElement(strip: readonly PaintedCard[], results: PaintedPage): PaintedTop | null {
  const top = resultsSection('Todos los productos', results);
  if (!top) return null;
  const banner = el(
    'div',
    'banner',
    el('h1', 'page-title', 'Marketplace Global'),
    el('p', null, 'Productos de estudiantes de todas las universidades.'),
  );
  const page = el('div', 'container page', banner);
  const shown = productStrip(strip.slice(0, LIMITS.globalStrip));
  if (shown) page.append(shown);
  page.append(searchBar(), top.section);
  return { page, photos: top.photos };
}

/** features/marketplace/routes/search.tsx: `shown` is the trimmed ?q=, `term` what the API was asked. */
export function searchElement(shown: string, term: string, results: PaintedPage): PaintedTop | null {
  const top = resultsSection(shown || 'Productos Destacados', results);
  if (!top) return null;
  const page = el('div', 'container page', el('h1', 'page-title', 'Resultados de Búsqueda'));
  if (shown) page.append(el('p', 'page-subtitle', '“', shown, '”'));
  if (term) {
    // features/marketplace/components/create-alert-button.tsx, idle.
    const create = button('btn btn--outline btn--sm', null, icon(GLYPHS.bell, 16), ' Crear alerta');
    create.setAttribute('aria-busy', 'false');
    page.append(el('div', 'create-alert', create));
  }
  page.append(top.section);
  return { page, photos: top.photos };
}

/** A page of `GET /api/products` fit to paint, or null. */
function pageOf(answer: unknown): PaintedPage | null {
  const page = answer as { items?: unknown; total?: unknown } | null | undefined;
  if (!Array.isArray(page?.items) || !page.items.every(isCard)) return null;
  const total = typeof page.total === 'number' && Number.isSafeInteger(page.total) ? page.total : null;
  return { items: page.items, total };
}

/** Appends a listing's top to the empty shell: its first row's photos, or false when not painted. */
function paintInto(top: PaintedTop | null): HTMLImageElement[] | false {
  const main = emptyShell();
  if (!main || !top) return false;
  main.append(top.page);
  return top.photos;
}

/** Paints the global marketplace (no search, no filter) from the strip's and the listing's early answers. */
export function paintGlobal(strip: unknown, results: unknown): HTMLImageElement[] | false {
  const stripPage = pageOf(strip);
  const resultsPage = pageOf(results);
  if (!stripPage || !resultsPage || !emptyShell()) return false;
  return paintInto(globalElement(stripPage.items, resultsPage));
}

/** Paints the search results from the early answer to their first page. */
export function paintSearch(shown: string, term: string, results: unknown): HTMLImageElement[] | false {
  const page = pageOf(results);
  if (!page || !emptyShell()) return false;
  return paintInto(searchElement(shown, term, page));
}
