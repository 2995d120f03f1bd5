// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/react';
import { FILTER_CATEGORIES } from '#shared/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '@/components/product/product-card';
import { CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES } from '@/components/product/image-sizes';
import { preloadRoute } from '@/app/router';
import { firstScreenOnce, fromEarlyScript, revalidatePublicReads, takeEarlyAnswer } from '@/lib/api-client';
import { getUniversity } from '@/lib/api/get-university';
import { product } from '@/testing/fixtures';
import { fakeApi, renderApp, renderRoutes } from '@/testing/render';
import { productFollowUpGets } from './product-paint';
import {
  EARLY_GETS,
  earlyAnswersSettled,
  earlyRedirect,
  firstPhotos,
  firstScreenGets,
  mustRevalidatePublicReads,
  preloadFirstPhotos,
  startEarlyGets,
  takeEarlyGet,
} from './first-screen';

const UNIVERSITY = {
  id: 'ucab',
  name: 'UCAB',
  full_name: 'Universidad Católica Andrés Bello',
  email_domain: 'ucab.edu.ve',
  city: 'Caracas',
  logo: null,
  created_at: '2024-01-01T00:00:00.000Z',
};

beforeEach(() => localStorage.clear());
afterEach(async () => {
  // The screens rendered here import chunks of their own (the product page's seller facts and
  // their CSS): torn down before those imports end, the environment reports them as errors.
  await vi.dynamicImportSettled();
  cleanup();
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[EARLY_GETS];
});

/** The GETs the app itself makes on its first screen at `url` (the real screens, a fake API). */
async function requestedBy(url: string, expected: number): Promise<string[]> {
  const { requests } = fakeApi(({ url: u }) => {
    if (u.pathname === '/api/universities') return { body: { items: [UNIVERSITY] } };
    if (u.pathname.startsWith('/api/universities/')) return { body: UNIVERSITY };
    return { status: 404, body: { error: { code: 'NotFound', message: 'Producto no encontrado' } } };
  });
  renderApp(url);
  await waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(expected));
  return requests.filter((r) => r.method === 'GET').map((r) => `${r.url.pathname}${r.url.search}`);
}

describe("the first screen's early GETs (decision 024)", () => {
  it.each([
    ['/marketplace?university=ucab', null],
    ['/marketplace', 'ucab'],
    ['/global-marketplace', null],
    ['/global-marketplace?q=libro', null],
    ['/search?q=%20Calculadora%20%22Casio%22%20', 'ucab'],
    ['/search', 'ucab'],
    ['/product/12', null],
    ['/', null],
  ])('are calls the app makes itself on %s (stored university %s)', async (url, stored) => {
    if (stored) localStorage.setItem('selectedUniversity', stored);
    const u = new URL(url, 'http://localhost');
    const early = firstScreenGets(u.pathname, u.search, stored);
    expect(early.length).toBeGreaterThan(0);
    const requested = await requestedBy(url, early.length);
    for (const call of early) expect(requested).toContain(call);
  });

  it("ask the marketplace's university first, then its sections in their order (early.ts pairs them so)", () => {
    const [university, ...sections] = firstScreenGets('/marketplace', '?university=ucab', null);
    expect(university).toBe('/api/universities/ucab');
    expect(sections.map((url) => new URL(url, 'http://localhost').searchParams.get('category'))).toEqual([
      ...FILTER_CATEGORIES,
    ]);
  });

  it('are none where the first calls depend on more than the URL, or the path is not a screen of data', () => {
    expect(firstScreenGets('/marketplace', '?q=libro', 'ucab')).toEqual([]);
    expect(firstScreenGets('/search', '?q=calculadora', null)).toEqual([]);
    expect(firstScreenGets('/global-marketplace', '?category=libros', null)).toHaveLength(1);
    expect(firstScreenGets('/product/012', '', null)).toEqual([]);
    expect(firstScreenGets('/profile', '', 'ucab')).toEqual([]);
    // No university chosen: the chooser's list.
    expect(firstScreenGets('/marketplace', '', null)).toEqual(['/api/universities']);
  });

  it("and the product page's follow-ups, once its product is in, are calls the page makes itself", async () => {
    const detail = {
      ...product({ id: 12, university_id: 'ucab' }),
      images: [],
      tags: [],
      description: 'Como nuevo.',
      seller_name: 'María Pérez',
      seller_id: 'seller-1',
      status: 'active',
    };
    const followUps = productFollowUpGets(detail);
    expect(followUps).toHaveLength(4);
    const { requests } = fakeApi(({ url }) => {
      if (url.pathname === '/api/products/12') return { body: detail };
      if (url.pathname === '/api/universities/ucab') return { body: UNIVERSITY };
      if (url.pathname === '/api/exchange-rate') return { body: { rate: null } };
      if (url.pathname === '/api/products/12/related') return { body: { items: [] } };
      if (url.pathname === '/api/sellers/seller-1')
        return { body: { id: 'seller-1', name: 'María Pérez', member_since: '2025-01-01T00:00:00.000Z' } };
      return { status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } };
    });
    renderApp('/product/12');
    const requested = () => requests.map((r) => `${r.url.pathname}${r.url.search}`);
    await waitFor(() => expect(requested()).toEqual(expect.arrayContaining(followUps)));
    // Without a seller, no seller's card to ask for; without a product, nothing.
    expect(productFollowUpGets({ ...detail, seller_id: null })).not.toContain('/api/sellers/seller-1');
    expect(productFollowUpGets(undefined)).toEqual([]);
  });

  it("that follow up an answer are adopted too, and the app's first render does not wait for them", async () => {
    let answerFollowUp = (_response: Response) => {};
    const early = vi.fn(async (url: string) =>
      url === '/api/exchange-rate'
        ? new Promise<Response>((resolve) => (answerFollowUp = resolve))
        : Response.json(UNIVERSITY),
    );
    vi.stubGlobal('fetch', early);
    startEarlyGets(['/api/universities/ucab']);
    startEarlyGets(['/api/exchange-rate', '/api/universities/ucab'], true);
    // Added beside the first ones; one already started is not started again.
    expect(early.mock.calls.map(([url]) => url)).toEqual(['/api/universities/ucab', '/api/exchange-rate']);
    await earlyAnswersSettled();
    expect(takeEarlyAnswer('getExchangeRate', {})).toBeUndefined();
    answerFollowUp(Response.json({ rate: null }));
    const { fetchMock } = fakeApi(() => ({ body: { rate: 1 } }));
    await waitFor(() => expect(takeEarlyAnswer('getExchangeRate', {})).toEqual({ rate: null }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are adopted once by the API client: the same call is not fetched again, a second one is', async () => {
    const early = vi.fn(async () => Response.json(UNIVERSITY));
    vi.stubGlobal('fetch', early);
    startEarlyGets(['/api/universities/ucab']);
    expect(early).toHaveBeenCalledTimes(1);
    const { fetchMock } = fakeApi(() => ({ body: { ...UNIVERSITY, name: 'UCAB (red)' } }));
    expect((await getUniversity('ucab')).name).toBe('UCAB');
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await getUniversity('ucab')).name).toBe('UCAB (red)');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to its own fetch when the early one failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    startEarlyGets(['/api/universities/ucab']);
    const { fetchMock } = fakeApi(() => ({ body: UNIVERSITY }));
    expect((await getUniversity('ucab')).name).toBe('UCAB');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("the early script's redirect, before the app loads", () => {
  const at = (url: string) => new URL(url, 'https://mercado.test');

  it('sends a recovery link on any path to /reset-password with its fragment, before the chooser redirect', () => {
    const hash = '#access_token=tok123&type=recovery&token=abc';
    for (const path of ['/marketplace', '/search?q=x', '/', '/product/1', '/admin'])
      expect(earlyRedirect(at(`${path}${hash}`), null)).toBe(`/reset-password${hash}`);
    // Already there: it stays (the page reads the fragment).
    expect(earlyRedirect(at(`/reset-password${hash}`), null)).toBeNull();
  });

  it('sends a university-scoped landing without a university to the chooser, and nothing else anywhere', () => {
    expect(earlyRedirect(at('/marketplace#section'), null)).toBe('/select-university');
    expect(earlyRedirect(at('/search?q=x'), null)).toBe('/select-university');
    expect(earlyRedirect(at('/marketplace'), 'ucab')).toBeNull();
    expect(earlyRedirect(at('/marketplace#type=signup'), 'ucab')).toBeNull();
  });
});

describe('the first photos preloaded early (decision 024)', () => {
  const variants = { width: 800, height: 600, widths: [320, 640] };

  it("are the marketplace's first section's first row, with the src, srcset and sizes its cards render", () => {
    const first = product({
      id: 1,
      image: '/images/products/1/1.webp',
      image_variants: { '/images/products/1/1.webp': variants },
    });
    const answers = new Map<string, unknown>([
      ['/api/universities/ucab', { id: 'ucab' }],
      ['/api/products?university=ucab&category=libros&limit=4&sort=newest', { items: [] }],
      [
        '/api/products?university=ucab&category=electronica&limit=4&sort=newest',
        { items: [first, product({ id: 2, image: null })] },
      ],
      ['/api/products?university=ucab&category=ropa&limit=4&sort=newest', { items: [product({ id: 3 })] }],
    ]);
    const photos = firstPhotos('/marketplace', answers);
    expect(photos).toHaveLength(1);
    const { container } = renderRoutes([{ path: '/', element: <ProductCard product={first} eager /> }], '/');
    const img = container.querySelector(
      'img.product-card__img, .product-card__media img',
    ) as HTMLImageElement;
    expect(photos[0]).toEqual({
      src: img.getAttribute('src'),
      srcset: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
    });
  });

  it("are the global listing's first row (not its strip's small photos) and the search results' first row", () => {
    const card = (id: number) =>
      product({
        id,
        image: `/images/products/${id}/1.webp`,
        image_variants: { [`/images/products/${id}/1.webp`]: variants },
      });
    const strip = { items: [card(1), card(2)] };
    const listing = { items: [card(3), card(4), card(5), card(6), card(7)] };
    const global = firstPhotos(
      '/global-marketplace',
      new Map<string, unknown>([
        ['/api/products?limit=8&sort=newest', strip],
        ['/api/products?sort=newest', listing],
      ]),
    );
    expect(global.map((p) => p.src)).toEqual([3, 4, 5, 6].map((id) => `/images/products/${id}/1.webp`));
    expect(global.every((p) => p.sizes === CARD_IMAGE_SIZES)).toBe(true);
    // With a search (the strip's answer alone), nothing: the strip's photos are not the largest paint.
    expect(
      firstPhotos('/global-marketplace', new Map([['/api/products?limit=8&sort=newest', strip]])),
    ).toEqual([]);
    const found = firstPhotos(
      '/search',
      new Map<string, unknown>([['/api/products?university=ucab&q=calculadora&sort=newest', listing]]),
    );
    expect(found.map((p) => p.src)).toEqual([3, 4, 5, 6].map((id) => `/images/products/${id}/1.webp`));
  });

  it("is the product page's main photo (the first of its photos), at the gallery's sizes", () => {
    const answers = new Map<string, unknown>([
      [
        '/api/products/12',
        {
          image: '/images/products/12/0.webp',
          images: ['/images/products/12/1.webp', '/images/products/12/2.webp'],
          image_variants: { '/images/products/12/1.webp': variants },
        },
      ],
    ]);
    expect(firstPhotos('/product/12', answers)).toEqual([
      {
        src: '/images/products/12/1.webp',
        srcset:
          '/images/products/12/1.w320.webp 320w, /images/products/12/1.w640.webp 640w, /images/products/12/1.webp 800w',
        sizes: GALLERY_IMAGE_SIZES,
      },
    ]);
    // A photo without sizes yet is preloaded as it is; a product that failed to load, nothing.
    expect(firstPhotos('/product/12', new Map([['/api/products/12', { images: ['/x.jpg'] }]]))).toEqual([
      { src: '/x.jpg' },
    ]);
    expect(firstPhotos('/product/12', new Map([['/api/products/12', undefined]]))).toEqual([]);
  });
});

describe('preloading the first photos', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  });

  it('adds a high-priority image preload and leaves the answer whole for the API client', async () => {
    const body = { ...product({ id: 12 }), images: ['/images/products/12/1.webp'], image_variants: {} };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body)),
    );
    const started = startEarlyGets(['/api/products/12']);
    await preloadFirstPhotos('/product/12', started);
    const link = document.head.querySelector('link[rel="preload"][as="image"]') as HTMLLinkElement;
    expect(link.getAttribute('href')).toBe('/images/products/12/1.webp');
    expect(link.fetchPriority).toBe('high');
    // The client still reads the same answer (the preload read a clone).
    const adopted = takeEarlyGet('/api/products/12');
    if (!adopted) throw new Error('The early answer was not left for the client');
    expect(((await (await adopted).json()) as { id: number }).id).toBe(12);
  });
});

describe("the early answers as the first render's data (decision 034)", () => {
  afterEach(() => sessionStorage.clear());

  it('are taken once they are in, and once only; the client then fetches for itself', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    startEarlyGets(['/api/universities/ucab']);
    // Still on its way: nothing to take yet, and the answer stays for the API client.
    expect(takeEarlyAnswer('getUniversity', { params: { id: 'ucab' } })).toBeUndefined();
    answer(Response.json(UNIVERSITY));
    await earlyAnswersSettled();
    expect(takeEarlyAnswer('getUniversity', { params: { id: 'ucab' } })).toEqual(UNIVERSITY);
    expect(takeEarlyAnswer('getUniversity', { params: { id: 'ucab' } })).toBeUndefined();
    expect(takeEarlyGet('/api/universities/ucab')).toBeUndefined();
  });

  it('are not taken for an error answer, nor while public reads must revalidate after an own change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/ucab')
          ? Response.json(
              { error: { code: 'NotFound', message: 'Universidad no encontrada' } },
              { status: 404 },
            )
          : Response.json(UNIVERSITY),
      ),
    );
    startEarlyGets(['/api/universities/ucab', '/api/universities/usm']);
    await earlyAnswersSettled();
    expect(takeEarlyAnswer('getUniversity', { params: { id: 'ucab' } })).toBeUndefined();
    revalidatePublicReads();
    expect(takeEarlyAnswer('getUniversity', { params: { id: 'usm' } })).toBeUndefined();
  });

  it("render the product page's first commit with the product's top, no skeleton and no second request; the rest follows", async () => {
    const body = {
      ...product({ id: 12, title: 'Calculadora Casio' }),
      description: 'Poco uso.',
      images: [],
      image_variants: {},
      tags: [],
      seller_name: 'María Pérez',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body)),
    );
    startEarlyGets(['/api/products/12']);
    await Promise.all([preloadRoute('/product/12'), earlyAnswersSettled()]);
    // The rest of the page's calls: lists answer empty ones.
    const { requests } = fakeApi(({ url }) => ({
      body: /\/(questions|related)$/.test(url.pathname) ? { items: [] } : {},
    }));
    const added = new MutationObserver(() => {});
    added.observe(document.body, { childList: true, subtree: true });
    const { container } = renderApp('/product/12');
    expect(container.querySelector('.product-page[aria-busy="true"]')).toBeNull(); // the page's skeleton
    expect(container.querySelector('h1.product-title')?.textContent).toBe('Calculadora Casio');
    expect(container.querySelector('.seller-card')).not.toBeNull();
    expect(container.querySelector('.product-description')?.textContent).toBe('Poco uso.');
    // The description came in a later commit (decision 038): added to the page already on screen,
    // where the first commit inserted the page with its top built in one piece.
    const later = added
      .takeRecords()
      .filter((r) => (r.target as Element).classList?.contains('product-page'))
      .flatMap((r) => [...r.addedNodes]);
    expect(later.some((n) => (n as Element).querySelector?.('.product-description'))).toBe(true);
    expect(later.some((n) => (n as Element).matches?.('.product-layout'))).toBe(false);
    expect(requests.map((r) => r.url.pathname)).not.toContain('/api/products/12');
  });

  /** A fetch that answers the sections' calls by category (electronics failing when asked to). */
  const sectionsFetch = (failing?: string) =>
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/universities/ucab') return Response.json(UNIVERSITY);
      const category = u.searchParams.get('category');
      if (category === failing)
        return Response.json({ error: { code: 'InternalError', message: 'x' } }, { status: 500 });
      return Response.json({
        items: ['libros', 'electronica'].includes(category ?? '')
          ? [
              product({
                id: category === 'libros' ? 1 : 2,
                title: `Producto de ${category}`,
                category: category as 'libros',
              }),
            ]
          : [],
        nextCursor: null,
      });
    });

  it("render the marketplace's first commit with its sections (all eight answers in), and ask none again", async () => {
    vi.stubGlobal('fetch', sectionsFetch());
    startEarlyGets(firstScreenGets('/marketplace', '?university=ucab', null));
    await Promise.all([preloadRoute('/marketplace'), earlyAnswersSettled()]);
    const { requests } = fakeApi(() => ({ body: {} }));
    const { container } = renderApp('/marketplace?university=ucab');
    expect(container.querySelector('[data-testid="product-skeleton"]')).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Marketplace de UCAB');
    await waitFor(() =>
      expect([...container.querySelectorAll('.product-card__link')].map((a) => a.textContent)).toEqual([
        'Producto de libros',
        'Producto de electronica',
      ]),
    );
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/products'))).toEqual([]);
  });

  it('render the sections from all the answers or none: one failed, no half-filled first commit', async () => {
    vi.stubGlobal('fetch', sectionsFetch('electronica'));
    startEarlyGets(firstScreenGets('/marketplace', '?university=ucab', null));
    await Promise.all([preloadRoute('/marketplace'), earlyAnswersSettled()]);
    fakeApi(() => ({ body: { items: [], nextCursor: null } }));
    const { container } = renderApp('/marketplace?university=ucab');
    expect(container.querySelector('[data-testid="product-skeleton"]')).not.toBeNull();
    // The other answers are still adopted: the failed category shows no section, as in the app.
    await waitFor(() =>
      expect([...container.querySelectorAll('.product-card__link')].map((a) => a.textContent)).toEqual([
        'Producto de libros',
      ]),
    );
  });

  it("render the global listing's first commit with its first page and strip, and ask neither again", async () => {
    const items = Array.from({ length: 12 }, (_, i) => product({ id: i + 1, title: `Producto ${i + 1}` }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ items, total: 30, nextCursor: 'next' })),
    );
    startEarlyGets(firstScreenGets('/global-marketplace', '', null));
    await Promise.all([preloadRoute('/global-marketplace'), earlyAnswersSettled()]);
    const { requests } = fakeApi(() => ({ body: {} }));
    const { container } = renderApp('/global-marketplace');
    expect(container.querySelector('[data-testid="product-skeleton"]')).toBeNull();
    expect(container.querySelector('.strip[aria-label]')).not.toBeNull();
    await waitFor(() => expect(container.querySelectorAll('.product-grid .product-card')).toHaveLength(12));
    expect(container.querySelector('.results-count')?.textContent).toBe('30 productos encontrados');
    expect(container.querySelector('.load-more')).not.toBeNull();
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/products'))).toEqual([]);
  });
});

describe("a first screen's data from the early script", () => {
  it("is not asked for in the 90 s after the person's own change (the early script reads the client's note)", () => {
    sessionStorage.clear();
    expect(mustRevalidatePublicReads()).toBe(false);
    revalidatePublicReads(Date.now());
    expect(mustRevalidatePublicReads()).toBe(true);
    revalidatePublicReads(Date.now() - 91_000);
    expect(mustRevalidatePublicReads()).toBe(false);
  });

  it('is the first screen once: a screen mounted again with the same data renders it whole', () => {
    const data = fromEarlyScript({ pages: [] });
    expect(firstScreenOnce(data)).toBe(true);
    expect(firstScreenOnce(data)).toBe(false);
    expect(firstScreenOnce({ pages: [] })).toBe(false);
    expect(firstScreenOnce(undefined)).toBe(false);
  });
});
