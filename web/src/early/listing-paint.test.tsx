// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Category, FILTER_CATEGORIES } from '#shared/enums';
import { STORAGE_KEYS } from '#shared/limits';
import type { ProductSummary, University } from '#shared/schemas';
import { Component as GlobalMarketplace } from '@/features/marketplace/routes/global-marketplace';
import { Component as Marketplace } from '@/features/marketplace/routes/marketplace';
import { Component as Search } from '@/features/marketplace/routes/search';
import { product, universities } from '@/testing/fixtures';
import { indexShellBody } from '@/testing/index-shell';
import { fakeApi, renderRoutes } from '@/testing/render';
import { marketplaceElement, paintMarketplace } from './listing-paint';
import { globalElement, PAINTED_RESULTS, paintGlobal, paintSearch, searchElement } from './results-paint';

const HOSTILE_TITLE = '<img src=x onerror="alert(1)"> Calculadora Casio fx-991';

const ucab: University = { ...universities[0], logo: '/images/universities/ucab.png' };

/** Five electronics (one more than a section shows): with and without sizes, a career badge, reserved, no photo. */
const electronics: ProductSummary[] = [
  product({
    id: 11,
    title: HOSTILE_TITLE,
    category: 'electronica',
    price: 25.5,
    career: 'ingenieria',
    image: '/images/products/11/1.jpg',
    image_variants: { '/images/products/11/1.jpg': { width: 1600, height: 1200, widths: [320, 640, 1280] } },
  }),
  product({
    id: 12,
    title: 'Audífonos',
    category: 'electronica',
    price: 1200,
    career: null,
    status: 'reserved',
  }),
  product({
    id: 13,
    title: 'Mouse',
    category: 'electronica',
    price: 8,
    career: 'otros',
    image: null,
    image_variants: {},
  }),
  product({ id: 14, title: 'Teclado', category: 'electronica', price: 15, career: null }),
  product({ id: 15, title: 'Cargador', category: 'electronica', price: 5, career: null }),
];

/** The sections' answers: 'libros' (the first category) empty, so electronics come first. */
const answers = (items: Partial<Record<Category, ProductSummary[]>>) =>
  FILTER_CATEGORIES.map((category) => ({
    category,
    answer: { items: items[category] ?? [], nextCursor: null },
  }));

beforeEach(() => localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.innerHTML = '';
});

/** The browsing marketplace as the app renders it. */
async function rendered(university: University, items: Partial<Record<Category, ProductSummary[]>>) {
  fakeApi((req) => {
    if (req.url.pathname === '/api/universities/ucab') return { body: university };
    const category = req.url.searchParams.get('category') as Category;
    return { body: { items: (items[category] ?? []).slice(0, 4), nextCursor: null } };
  });
  const { container } = renderRoutes([{ path: '/marketplace', element: <Marketplace /> }], '/marketplace');
  await screen.findByRole('heading', { level: 1, name: `Marketplace de ${university.name}` });
  await waitFor(() => expect(container.querySelector('ul.product-grid')).not.toBeNull());
  return container.querySelector('.container.page') as HTMLElement;
}

/**
 * Markup as painted: without react-router's route-discovery marks (they paint nothing), and with
 * the ids React makes up (useId) named as the paint names them, only where they pair two elements.
 */
function normalised(node: Element | null | undefined): string | undefined {
  return node?.outerHTML
    .replaceAll(' data-discover="true"', '')
    .replace(/ (id|for)="[«:_]r[«»:_0-9a-z]+"/g, ' $1="early-search"')
    .replace(/aria-controls="[«:_]r[«»:_0-9a-z]+"/g, 'aria-controls="panel"')
    .replace(/aria-controls="early-[a-z0-9-]+"/g, 'aria-controls="panel"');
}

describe("the marketplace's first paint", () => {
  it.each([
    [
      'a logo, the first category empty',
      ucab,
      { electronica: electronics, muebles: electronics.slice(0, 1) },
    ],
    ['no logo, one product', { ...ucab, logo: null }, { libros: electronics.slice(3, 4) }],
  ])('is the markup React renders above and in the first section (%s)', async (_, university, items) => {
    const top = marketplaceElement(
      university,
      answers(items).map(({ category, answer }) => ({ category, items: answer.items.slice(0, 4) })),
    );
    const app = await rendered(university, items);
    expect(top).not.toBeNull();
    const page = top?.page as HTMLElement;
    expect(page.className).toBe(app.className);
    for (const part of ['.university-header', '.search-bar', 'nav', 'section'])
      expect(normalised(page.querySelector(part)), part).toBe(normalised(app.querySelector(part)));
    // The paint stops at the first section: the app only adds below it, nothing painted moves.
    expect([...page.children].map((c) => c.tagName)).toEqual(['HEADER', 'DIV', 'NAV', 'SECTION']);
    expect([...app.children].slice(0, 4).map((c) => c.tagName)).toEqual(['HEADER', 'DIV', 'NAV', 'SECTION']);
  });

  it('paints into the empty shell, titles as text, and gives the first row of photos', () => {
    document.body.innerHTML = indexShellBody();
    const photos = paintMarketplace(ucab, answers({ electronica: electronics.slice(0, 4) }));
    expect(photos).not.toBe(false);
    expect(photos && photos.map((p) => p.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
    ]);
    const main = document.querySelector('#root > .app-shell[inert] > main.app-main') as HTMLElement;
    expect(main.querySelector('.product-card__link')?.textContent).toBe(HOSTILE_TITLE);
    expect(main.querySelector('img[src="x"]')).toBeNull();
    expect(main.querySelector('h1')?.textContent).toBe('Marketplace de UCAB');
  });

  it('paints nothing for answers that are missing, failed or not what the API answers, nor without products', () => {
    const good = answers({ electronica: electronics.slice(0, 4) });
    const broken: [unknown, { category: Category; answer: unknown }[]][] = [
      [undefined, good],
      [{ error: { code: 'NotFound', message: 'Universidad no encontrada' } }, good],
      [ucab, answers({})],
      [ucab, good.map((s, i) => (i === 1 ? { ...s, answer: undefined } : s))],
      [
        ucab,
        good.map((s, i) => (i === 1 ? { ...s, answer: { items: [{ ...electronics[0], price: '5' }] } } : s)),
      ],
      [
        ucab,
        good.map((s, i) =>
          i === 1 ? { ...s, answer: { items: [{ ...electronics[0], category: 'toString' }] } } : s,
        ),
      ],
      [
        ucab,
        good.map((s, i) =>
          i === 1 ? { ...s, answer: { items: [{ ...electronics[0], career: 'constructor' }] } } : s,
        ),
      ],
    ];
    for (const [university, sections] of broken) {
      document.body.innerHTML = indexShellBody();
      expect(paintMarketplace(university, sections)).toBe(false);
      expect(document.querySelector('main.app-main')?.childElementCount).toBe(0);
    }
  });

  it('never paints twice, nor into what React has rendered', () => {
    const good = answers({ electronica: electronics.slice(0, 4) });
    document.body.innerHTML = indexShellBody();
    expect(paintMarketplace(ucab, good)).not.toBe(false);
    expect(paintMarketplace(ucab, good)).toBe(false);
    expect(document.querySelectorAll('.university-header')).toHaveLength(1);
    document.body.innerHTML =
      '<div id="root"><div class="app-shell"><main class="app-main"></main></div></div>';
    expect(paintMarketplace(ucab, good)).toBe(false);
    expect(document.querySelector('.university-header')).toBeNull();
  });
});

/** Twelve products for a listing's first page (more than a paint shows). */
const listing: ProductSummary[] = [
  ...electronics,
  ...Array.from({ length: 7 }, (_, i) =>
    product({ id: 20 + i, title: `Libro ${i}`, price: 10 + i, image: `/images/products/${20 + i}/1.webp` }),
  ),
];

/** The listing's section as painted: the app's, its cards past the paint's and 'Cargar más' left out. */
function paintedPart(section: Element | null | undefined): string | undefined {
  const copy = section?.cloneNode(true) as Element | undefined;
  copy?.querySelector('.load-more')?.remove();
  for (const li of [...(copy?.querySelectorAll('.product-grid > li') ?? [])].slice(PAINTED_RESULTS))
    li.remove();
  return normalised(copy);
}

describe("the global marketplace's and the search's first paints", () => {
  it.each([
    [
      'a strip and a first page with more',
      listing.slice(0, 8),
      { items: listing, total: 40, nextCursor: 'abc' },
    ],
    ['no strip, one product', [], { items: listing.slice(3, 4), total: 1, nextCursor: null }],
  ])('the global marketplace is the markup React renders (%s)', async (_, strip, page) => {
    fakeApi((req) =>
      req.url.searchParams.get('limit') === '8'
        ? { body: { items: strip, nextCursor: null } }
        : { body: page },
    );
    const { container } = renderRoutes(
      [{ path: '/global-marketplace', element: <GlobalMarketplace /> }],
      '/global-marketplace',
    );
    await waitFor(() => expect(container.querySelector('section.section ul.product-grid')).not.toBeNull());
    if (strip.length > 0)
      await waitFor(() => expect(container.querySelector('.strip[aria-label]')).not.toBeNull());
    const app = container.querySelector('.container.page') as HTMLElement;
    const top = globalElement(strip, page);
    const painted = top?.page as HTMLElement;
    expect(painted.className).toBe(app.className);
    for (const part of ['.banner', '.strip', '.search-bar'])
      expect(normalised(painted.querySelector(part)), part).toBe(normalised(app.querySelector(part)));
    expect(normalised(painted.querySelector('section.section'))).toBe(
      paintedPart(app.querySelector('section.section')),
    );
    expect(painted.querySelectorAll('.product-grid > li')).toHaveLength(
      Math.min(page.items.length, PAINTED_RESULTS),
    );
    // The app adds only below what is painted.
    const tags = (node: Element) => [...node.children].map((c) => `${c.tagName}.${c.className}`);
    expect(tags(app).slice(0, painted.children.length)).toEqual(tags(painted));
  });

  it.each([
    ['a search', '  Calculadora "Casio" ', 'Calculadora Casio'],
    ['no search text', '', ''],
  ])('the search results are the markup React renders (%s)', async (_, q, term) => {
    const page = { items: listing, total: 12, nextCursor: 'abc' };
    const { requests } = fakeApi(() => ({ body: page }));
    const { container } = renderRoutes(
      [{ path: '/search', element: <Search /> }],
      `/search${q ? `?q=${encodeURIComponent(q)}` : ''}`,
    );
    await waitFor(() => expect(container.querySelector('ul.product-grid')).not.toBeNull());
    expect(requests[0]?.url.searchParams.get('q') ?? '').toBe(term);
    const app = container.querySelector('.container.page') as HTMLElement;
    const painted = searchElement(q.trim(), term, page)?.page as HTMLElement;
    expect(painted.className).toBe(app.className);
    const appCopy = app.cloneNode(true) as HTMLElement;
    appCopy.replaceChild(
      document
        .createRange()
        .createContextualFragment(paintedPart(app.querySelector('section.section')) ?? ''),
      appCopy.querySelector('section.section') as Element,
    );
    expect(normalised(painted)).toBe(normalised(appCopy));
  });

  it('paint into the empty shell, titles as text, or nothing for answers that are not pages of products', () => {
    const page = { items: listing, total: 12, nextCursor: null };
    document.body.innerHTML = indexShellBody();
    expect(paintSearch(HOSTILE_TITLE, HOSTILE_TITLE, page)).toHaveLength(4);
    expect(document.querySelector('main.app-main .page-subtitle')?.textContent).toBe(`“${HOSTILE_TITLE}”`);
    expect(document.querySelector('main.app-main img[src="x"]')).toBeNull();
    expect(paintSearch('a', 'a', page)).toBe(false);

    document.body.innerHTML = indexShellBody();
    expect(paintGlobal({ items: [] }, page)).toHaveLength(4);
    expect(document.querySelector('main.app-main .strip')).toBeNull();
    const notAPage = [
      undefined,
      null,
      { items: [{ ...listing[0], id: '1' }] },
      { items: [{ ...listing[0], category: '__proto__' }] },
    ];
    for (const [strip, results] of [
      ...notAPage.map((bad) => [bad, page]),
      ...notAPage.map((bad) => [page, bad]),
      [page, { items: [] }],
    ]) {
      document.body.innerHTML = indexShellBody();
      expect(paintGlobal(strip, results)).toBe(false);
      expect(document.querySelector('main.app-main')?.childElementCount).toBe(0);
    }
    for (const results of [...notAPage, { items: [] }]) {
      document.body.innerHTML = indexShellBody();
      expect(paintSearch('a', 'a', results)).toBe(false);
      expect(document.querySelector('main.app-main')?.childElementCount).toBe(0);
    }
  });
});
