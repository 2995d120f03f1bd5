import { CAREER_BADGES, CAREER_LABELS, CATEGORY_LABELS, type Category, SHORTCUTS } from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { formatUsd } from '#shared/money';
import { photoSrcSet } from '#shared/photo-urls';
import type { ProductSummary, University } from '#shared/schemas';
import {
  CATEGORY_PATHS,
  careerTheme,
  categoryTheme,
  GLYPHS,
  type Theme,
} from '@/components/catalog-icon-data';
import { CARD_IMAGE_SIZES, DEFAULT_PRODUCT_IMAGE, FIRST_ROW } from '@/components/product/image-sizes';
import { paths } from '@/config/paths';
import { attrs, el, emptyShell, isCategory, isText, link, photo as image } from './first-paint';

/**
 * The listings' first paint (docs/decisions/036-listings-painted-before-the-app.md): the top of the
 * browsing marketplace down to its first section's cards, drawn by the early script from the early
 * answers, before React and the app have arrived, and the parts the other listings share with it
 * (the card, the search bar: results-paint.ts paints the global marketplace and the search results
 * with them). A chunk of its own, fetched on those pages only (decision 037: the marketplace's
 * without the other two's code). Same rules as first-paint.ts: the elements, classes and
 * attributes of the React components (a unit test compares them), DOM calls and text nodes only,
 * theme colours through the CSSOM as React sets them (the CSP allows no style attribute).
 */

/** What the paint reads of `GET /api/universities/{id}` (checked here: the app's zod is not loaded yet). */
export type PaintedUniversity = Pick<University, 'name' | 'logo'>;
/** What it reads of each card of `GET /api/products`. */
export type PaintedCard = Pick<
  ProductSummary,
  'id' | 'title' | 'price' | 'category' | 'career' | 'image' | 'image_variants' | 'status'
>;
/** A listing's top as painted, and the photos of its first row (the app waits for them). */
export interface PaintedTop {
  page: HTMLElement;
  photos: HTMLImageElement[];
}
/** One section as the marketplace shows it: a filter category and its newest products. */
export interface PaintedSection {
  category: Category;
  items: PaintedCard[];
}

const SVG = 'http://www.w3.org/2000/svg';

/** components/catalog-icons.tsx's PathIcon, decorative. */
export function icon(d: string, size: number): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of [
    ['class', 'icon'],
    ['width', String(size)],
    ['height', String(size)],
    ['viewBox', '0 0 24 24'],
    ['fill', 'none'],
    ['stroke', 'currentColor'],
    ['stroke-width', '2'],
    ['stroke-linecap', 'round'],
    ['stroke-linejoin', 'round'],
    ['aria-hidden', 'true'],
  ])
    svg.setAttribute(name, value);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

function themed<T extends HTMLElement>(node: T, theme: Theme): T {
  node.style.background = theme.bg;
  node.style.color = theme.fg;
  return node;
}

/** A `type="button"` button, its attributes in the components' order (an aria-label when named). */
export function button(
  className: string,
  label: string | null,
  ...children: (Node | string)[]
): HTMLButtonElement {
  const b = attrs(document.createElement('button'), { type: 'button', class: className });
  if (label !== null) b.setAttribute('aria-label', label);
  b.append(...children);
  return b;
}

/** ui/popover.tsx's root with its trigger, closed (the panel's id is the app's to give). */
function popover(className: string, trigger: HTMLButtonElement, panelId: string): HTMLElement {
  attrs(trigger, { 'aria-expanded': 'false', 'aria-controls': panelId, 'aria-haspopup': 'dialog' });
  return el('div', className, trigger);
}

/** features/marketplace/components/university-header.tsx, its university loaded. */
export function universityHeader(university: PaintedUniversity): HTMLElement {
  const header = el('header', 'university-header');
  if (university.logo) {
    const logo = document.createElement('img');
    // In React's order: it sets src last.
    attrs(logo, {
      class: 'university-header__logo',
      alt: '',
      width: '48',
      height: '48',
      src: university.logo,
    });
    header.append(logo);
  }
  header.append(
    el('h1', 'university-header__title', `Marketplace de ${university.name}`),
    link(
      'btn btn--outline btn--sm university-header__change',
      paths.selectUniversity.getHref(),
      'Cambiar universidad',
    ),
  );
  return header;
}

/** features/marketplace/components/search-bar.tsx with the filter popover's trigger, empty and closed. */
export function searchBar(): HTMLElement {
  const id = 'early-search';
  const label = el('label', 'visually-hidden', 'Buscar productos');
  label.setAttribute('for', id);
  // In React's order: it sets an input's type and value last.
  const input = attrs(document.createElement('input'), {
    id,
    class: 'input',
    autocomplete: 'off',
    maxlength: String(LIMITS.searchMaxLength),
    placeholder: 'Buscar productos...',
    type: 'search',
    value: '',
  });
  const filters = button(
    'btn btn--outline btn--md',
    'Filtros',
    icon(GLYPHS.filter, 18),
    el('span', 'navbar__logo-text', 'Filtros'),
  );
  return el(
    'div',
    'search-bar',
    el('div', 'search-bar__field', el('span', 'search-bar__icon', icon(GLYPHS.search, 18)), label, input),
    popover('popover', filters, 'early-filters'),
  );
}

/** features/marketplace/components/category-carousel.tsx. */
export function categoryCarousel(): HTMLElement {
  const nav = el(
    'nav',
    null,
    el(
      'ul',
      'carousel',
      ...SHORTCUTS.map((s) =>
        el(
          'li',
          null,
          link(
            'carousel__item',
            s === 'carreras' ? paths.careers.getHref() : paths.category.getHref(s),
            themed(el('span', 'carousel__icon', icon(CATEGORY_PATHS[s], 26)), categoryTheme(s)),
            s === 'carreras' ? 'Carreras' : CATEGORY_LABELS[s],
          ),
        ),
      ),
    ),
  );
  nav.setAttribute('aria-label', 'Categorías');
  return nav;
}

const hasCareerBadge = (career: PaintedCard['career']): career is (typeof CAREER_BADGES)[number] =>
  career != null && (CAREER_BADGES as readonly string[]).includes(career);

/** components/product/product-card.tsx for a visitor who has saved nothing; its photo is the second value. */
export function productCard(
  product: PaintedCard,
  eager: boolean,
): { card: HTMLElement; photo: HTMLImageElement } {
  const variants = product.image ? product.image_variants?.[product.image] : undefined;
  const srcset = product.image ? photoSrcSet(product.image, variants) : undefined;
  const photo = image(
    {
      alt: product.title,
      loading: eager ? 'eager' : 'lazy',
      decoding: 'async',
      width: String(variants?.width ?? 400),
      height: String(variants?.height ?? 300),
    },
    product.image || DEFAULT_PRODUCT_IMAGE,
    srcset,
    CARD_IMAGE_SIZES,
  );
  const media = el('div', 'product-card__media', photo);
  if (hasCareerBadge(product.career))
    media.append(
      themed(
        el('span', 'badge badge--default product-card__career', CAREER_LABELS[product.career]),
        careerTheme(product.career),
      ),
    );

  const heart = button('icon-button', 'Guardar en favoritos', icon(GLYPHS.heart, 18));
  heart.setAttribute('aria-pressed', 'false');
  const share = popover(
    'popover share-menu',
    button('icon-button', 'Compartir', icon(GLYPHS.share, 18)),
    `early-share-${product.id}`,
  );

  const meta = el('div', 'product-card__meta', el('span', 'product-card__price', formatUsd(product.price)));
  if (product.status === 'reserved')
    meta.append(el('span', 'badge badge--default badge--reserved', 'Reservado'));
  meta.append(
    themed(
      el('span', 'badge badge--outline', CATEGORY_LABELS[product.category]),
      categoryTheme(product.category),
    ),
  );

  const card = el(
    'article',
    'product-card',
    media,
    el('div', 'product-card__actions', heart, share),
    el(
      'div',
      'product-card__body',
      el(
        'h3',
        'product-card__title',
        link('product-card__link', paths.product.getHref(product.id), product.title),
      ),
      meta,
    ),
  );
  return { card, photo };
}

/** The first of features/marketplace/components/category-sections.tsx's sections, its first row's photos eager. */
export function firstSection({ category, items }: PaintedSection): {
  section: HTMLElement;
  photos: HTMLImageElement[];
} {
  const label = CATEGORY_LABELS[category];
  const title = el(
    'h2',
    'section__title',
    themed(
      el('span', 'carousel__icon carousel__icon--sm', icon(CATEGORY_PATHS[category], 20)),
      categoryTheme(category),
    ),
    label,
  );
  title.id = `section-${category}`;
  const cards = items
    .slice(0, LIMITS.categoryPreview)
    .map((product, i) => productCard(product, i < FIRST_ROW));
  const section = el(
    'section',
    'section',
    el('div', 'section__header', title, button('btn btn--ghost btn--sm', `Ver todos: ${label}`, 'Ver todos')),
    el('ul', 'product-grid', ...cards.map(({ card }) => el('li', null, card))),
  );
  section.setAttribute('aria-labelledby', title.id);
  return { section, photos: cards.slice(0, FIRST_ROW).map(({ photo }) => photo) };
}

/** The browsing marketplace's top, down to its first section with products; null when none has any. */
export function marketplaceElement(
  university: PaintedUniversity,
  sections: readonly PaintedSection[],
): PaintedTop | null {
  const first = sections.find((s) => s.items.length > 0);
  if (!first) return null;
  const { section, photos } = firstSection(first);
  const page = el(
    'div',
    'container page',
    universityHeader(university),
    searchBar(),
    categoryCarousel(),
    section,
  );
  return { page, photos };
}

function isUniversity(value: unknown): value is PaintedUniversity {
  const u = value as Partial<PaintedUniversity> | null;
  return typeof u === 'object' && u !== null && isText(u.name) && (u.logo == null || isText(u.logo));
}

export function isCard(value: unknown): value is PaintedCard {
  const p = value as Partial<PaintedCard> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isSafeInteger(p.id) &&
    isText(p.title) &&
    typeof p.price === 'number' &&
    Number.isFinite(p.price) &&
    isCategory(p.category) &&
    (p.career == null || (isText(p.career) && Object.hasOwn(CAREER_LABELS, p.career))) &&
    (p.image == null || isText(p.image)) &&
    (p.image_variants == null || typeof p.image_variants === 'object')
  );
}

/**
 * Paints the browsing marketplace's top into the HTML's empty shell from the early answers (the
 * university, then each filter category's products, in the sections' order): false when there is
 * nothing to paint (an answer missing or not what the API answers, no products, the app already
 * there); otherwise the photos it shows in its first row.
 */
export function paintMarketplace(
  university: unknown,
  sections: readonly { category: Category; answer: unknown }[],
): HTMLImageElement[] | false {
  const main = emptyShell();
  if (!main || !isUniversity(university)) return false;
  const painted: PaintedSection[] = [];
  for (const { category, answer } of sections) {
    const items = (answer as { items?: unknown } | null | undefined)?.items;
    if (!Array.isArray(items) || !items.every(isCard)) return false;
    painted.push({ category, items });
  }
  const top = marketplaceElement(university, painted);
  if (!top) return false;
  main.append(top.page);
  return top.photos;
}
