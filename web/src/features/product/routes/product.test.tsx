// @vitest-environment happy-dom
import { caracasDate } from '#shared/caracas-time';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import type { ProductDetail } from '#shared/schemas';
import { product, universities } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderRoutes } from '@/testing/render';
import { buildProductJsonLd } from '@/lib/page-head/product-json-ld';
import { JSON_LD_ELEMENT_ID } from '../structured-data';
import { Component as ProductPage } from './product';
import { addDays, type PublicRate, lastBusinessDay } from '#shared/exchange-rate';

const HOSTILE_TITLE = '<img src=x onerror="alert(1)"> Calculadora Casio fx-991';

const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 42,
  title: HOSTILE_TITLE,
  description: 'Primera línea.\n<b>Segunda</b> línea con </script> dentro.',
  price: 25,
  category: 'electronica',
  condition: 'usado',
  career: 'ingenieria',
  image: '/images/p42-1.jpg',
  images: ['/images/p42-1.jpg', '/images/p42-2.jpg', '/images/p42-3.jpg'],
  tags: ['calculadora', 'casio'],
  seller_name: 'María Pérez',
  university_id: 'ucab',
  status: 'active',
  created_at: '2025-07-29T15:00:00.000Z',
  ...overrides,
});

const notFound = { status: 404, body: { error: { code: 'NotFound', message: 'Producto no encontrado' } } };

/** The BCV rate the fake API answers (none unless a test sets one). */
let bcvRate: PublicRate | null = null;
const rateOf = (date: string, rate = 526.8704): PublicRate => ({
  date,
  rate,
  source: 'bcv',
  recorded_at: `${date}T21:00:00.000Z`,
});

function api(current: ProductDetail) {
  return (req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/exchange-rate') return { body: { rate: bcvRate } };
    if (path === `/api/products/${current.id}`) return { body: current };
    if (path === `/api/products/${current.id}/related`)
      return {
        body: { items: [product({ id: 7, title: 'Audífonos Sony', category: 'electronica', price: 80 })] },
      };
    if (path === '/api/universities/ucab') return { body: universities[0] };
    return notFound;
  };
}

const routes = [{ path: '/product/:id', element: <ProductPage /> }];

beforeEach(() => {
  localStorage.clear();
  bcvRate = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById(JSON_LD_ELEMENT_ID)?.remove();
});

describe('Product page', () => {
  it('shows the product data as text, never as HTML', async () => {
    fakeApi(api(detail()));
    const { container } = renderRoutes(routes, '/product/42');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(HOSTILE_TITLE);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/<b>Segunda<\/b> línea/).className).toBe('product-description');

    expect(screen.getByText('US$ 25,00')).toBeTruthy();
    expect(screen.getByText('María Pérez')).toBeTruthy();
    expect(screen.getAllByText('Usado').length).toBeGreaterThan(0);
    expect(screen.getByText('#calculadora')).toBeTruthy();
    expect(screen.getAllByText('29 de julio de 2025').length).toBeGreaterThan(0);
    expect((await screen.findAllByText('Universidad Católica Andrés Bello')).length).toBeGreaterThan(0);

    const breadcrumb = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    expect(within(breadcrumb).getByRole('link', { name: 'Marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
    expect(within(breadcrumb).getByRole('link', { name: 'Electrónica' }).getAttribute('href')).toBe(
      '/categoria/electronica',
    );
    expect(within(breadcrumb).getByText(HOSTILE_TITLE).getAttribute('aria-current')).toBe('page');

    expect(await screen.findByRole('link', { name: 'Audífonos Sony' })).toBeTruthy();
    fireEvent.click(within(heading.parentElement as HTMLElement).getByRole('button', { name: 'Compartir' }));
    const whatsapp =
      (await screen.findByRole('link', { name: /Compartir por WhatsApp/ })).getAttribute('href') ?? '';
    expect(decodeURIComponent(whatsapp)).toContain(`¡Mira este producto! ${HOSTILE_TITLE} por $25`);
    expect(decodeURIComponent(whatsapp)).toContain('/product/42');
    expect(document.title).toContain('Calculadora Casio');
  });

  it("shows the bolívar equivalent at the BCV's rate with its date beside the price", async () => {
    const date = lastBusinessDay(caracasDate(new Date()));
    bcvRate = rateOf(date);
    fakeApi(api(detail({ price: 12.5 })));
    const { container } = renderRoutes(routes, '/product/42');
    await screen.findByRole('heading', { level: 1 });
    const [y, m, d] = date.split('-');
    await waitFor(() =>
      expect(container.querySelector('.product-price')?.textContent).toBe(
        `US$ 12,50 · ≈ Bs. 6.585,88 (tasa BCV del ${d}/${m}/${y})`,
      ),
    );
  });

  it('hides the equivalent when the newest rate is older than 3 business days, or there is none', async () => {
    // Three weeks back is more than 3 business days whatever today is (holidays included).
    bcvRate = rateOf(addDays(caracasDate(new Date()), -21));
    const { fetchMock } = fakeApi(api(detail({ price: 12.5 })));
    const { container } = renderRoutes(routes, '/product/42');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/exchange-rate'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('.product-price')?.textContent).toBe('US$ 12,50');
    expect(screen.queryByText(/Bs\./)).toBeNull();
  });

  it('adds a JSON-LD Product to the head while shown, with "<" escaped, and removes it on leave', async () => {
    fakeApi(api(detail()));
    const { unmount } = renderRoutes(routes, '/product/42');
    await screen.findByRole('heading', { level: 1 });

    const script = document.getElementById(JSON_LD_ELEMENT_ID);
    expect(script?.getAttribute('type')).toBe('application/ld+json');
    const text = script?.textContent ?? '';
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script\\u003e');
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: HOSTILE_TITLE,
      offers: {
        price: '25.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
    expect(data.image).toEqual([
      'http://localhost:3000/images/p42-1.jpg',
      'http://localhost:3000/images/p42-2.jpg',
      'http://localhost:3000/images/p42-3.jpg',
    ]);

    unmount();
    expect(document.getElementById(JSON_LD_ELEMENT_ID)).toBeNull();
  });

  it('shows "Producto no encontrado" when the API answers 404', async () => {
    fakeApi(() => notFound);
    renderRoutes(routes, '/product/999');
    expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
  });

  it('shows "Producto no encontrado" for a non-numeric id without calling the API', async () => {
    const { requests } = fakeApi(() => notFound);
    renderRoutes(routes, '/product/abc');
    expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('records the product as recently viewed and lists the others', async () => {
    localStorage.setItem(
      STORAGE_KEYS.recentlyViewed,
      JSON.stringify([
        product({ id: 42, title: 'Viejo título' }),
        product({ id: 3, title: 'Silla ergonómica' }),
      ]),
    );
    fakeApi(api(detail()));
    renderRoutes(routes, '/product/42');
    const strip = await screen.findByRole('region', { name: 'Vistos recientemente' });
    expect(within(strip).getByRole('link', { name: 'Silla ergonómica' })).toBeTruthy();
    expect(within(strip).queryByText('Viejo título')).toBeNull();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.recentlyViewed) ?? '[]');
    expect(stored.map((p: { id: number }) => p.id)).toEqual([42, 3]);
  });

  it('forgets a recently viewed product that is no longer offered (sold or deleted)', async () => {
    localStorage.setItem(
      STORAGE_KEYS.recentlyViewed,
      JSON.stringify([
        product({ id: 42, title: 'Vendido ya' }),
        product({ id: 3, title: 'Silla ergonómica' }),
      ]),
    );
    fakeApi(() => notFound);
    renderRoutes(routes, '/product/42');
    expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeTruthy();
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.recentlyViewed) ?? '[]');
      expect(stored.map((p: { id: number }) => p.id)).toEqual([3]);
    });
  });

  it('switches the gallery image with the thumbnails and the arrow keys', async () => {
    fakeApi(api(detail()));
    renderRoutes(routes, '/product/42');
    const toolbar = await screen.findByRole('toolbar', { name: 'Imágenes del producto' });
    const thumbs = within(toolbar).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0].getAttribute('aria-pressed')).toBe('true');

    fireEvent.keyDown(thumbs[0], { key: 'ArrowRight' });
    await waitFor(() => expect(thumbs[1].getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('img', { name: /imagen 2 de 3/ }).getAttribute('src')).toBe('/images/p42-2.jpg');

    fireEvent.click(thumbs[2]);
    await waitFor(() => expect(thumbs[2].getAttribute('aria-pressed')).toBe('true'));
  });

  it('shows "Sin imagen" when a product has no images', async () => {
    fakeApi(api(detail({ image: null, images: [] })));
    renderRoutes(routes, '/product/42');
    expect(await screen.findByText('Sin imagen')).toBeTruthy();
  });
});

describe('Product structured data', () => {
  it('maps nuevo to NewCondition and anything else to UsedCondition', () => {
    const nuevo = buildProductJsonLd(
      detail({ condition: 'nuevo' }),
      'https://x/product/42',
      'https://x',
      'Electrónica',
    );
    const usado = buildProductJsonLd(
      detail({ condition: 'usado' }),
      'https://x/product/42',
      'https://x',
      'Electrónica',
    );
    expect(nuevo.offers.itemCondition).toBe('https://schema.org/NewCondition');
    expect(usado.offers.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(nuevo.offers.availability).toBe('https://schema.org/InStock');
    // A reserved listing is still shown, but promised to someone (issue 13).
    const reserved = buildProductJsonLd(
      detail({ status: 'reserved' }),
      'https://x/product/42',
      'https://x',
      'Electrónica',
    );
    expect(reserved.offers.availability).toBe('https://schema.org/Reserved');
  });
});
