// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '@/components/product/product-card';
import { GALLERY_IMAGE_SIZES } from '@/components/product/image-sizes';
import { preloadRoute } from '@/app/router';
import { revalidatePublicReads, takeEarlyAnswer } from '@/lib/api-client';
import { getUniversity } from '@/lib/api/get-university';
import { product } from '@/testing/fixtures';
import { fakeApi, renderApp, renderRoutes } from '@/testing/render';
import {
  EARLY_GETS,
  earlyAnswersSettled,
  firstPhotos,
  firstScreenGets,
  preloadFirstPhotos,
  startEarlyGets,
  takeEarlyBody,
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
afterEach(() => {
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

  it('are none where the first calls depend on more than the URL, or the path is not a screen of data', () => {
    expect(firstScreenGets('/marketplace', '?q=libro', 'ucab')).toEqual([]);
    expect(firstScreenGets('/search', '?q=calculadora', 'ucab')).toEqual([]);
    expect(firstScreenGets('/product/012', '', null)).toEqual([]);
    expect(firstScreenGets('/profile', '', 'ucab')).toEqual([]);
    // No university chosen: the chooser's list.
    expect(firstScreenGets('/marketplace', '', null)).toEqual(['/api/universities']);
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
    expect(takeEarlyBody('/api/universities/ucab')).toBeUndefined();
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

  it("render the product page's first commit with the product, no skeleton and no second request", async () => {
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
    const { requests } = fakeApi(() => ({ body: {} }));
    const { container } = renderApp('/product/12');
    expect(container.querySelector('.product-page[aria-busy="true"]')).toBeNull(); // the page's skeleton
    expect(container.querySelector('h1.product-title')?.textContent).toBe('Calculadora Casio');
    expect(requests.map((r) => r.url.pathname)).not.toContain('/api/products/12');
  });
});
