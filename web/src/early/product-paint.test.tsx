// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '#shared/schemas';
import { Component as ProductPage } from '@/features/product/routes/product';
import { universities } from '@/testing/fixtures';
import { indexShellBody } from '@/testing/index-shell';
import { fakeApi, renderRoutes } from '@/testing/render';
import { paintProduct, productElement } from './product-paint';

const HOSTILE_TITLE = '<img src=x onerror="alert(1)"> Calculadora Casio fx-991';

const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 42,
  title: HOSTILE_TITLE,
  description: 'Como nueva.',
  price: 25,
  category: 'electronica',
  condition: 'usado',
  career: null,
  image: '/images/products/42/1.jpg',
  images: ['/images/products/42/1.jpg', '/images/products/42/2.jpg'],
  image_variants: {
    '/images/products/42/1.jpg': { width: 1600, height: 1200, widths: [320, 640, 1280] },
  },
  tags: [],
  seller_name: 'María Pérez',
  university_id: 'ucab',
  status: 'active',
  created_at: '2025-07-29T15:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** The product page as the app renders it. */
async function rendered(product: ProductDetail) {
  fakeApi((req) => {
    if (req.url.pathname === `/api/products/${product.id}`) return { body: product };
    if (req.url.pathname === '/api/universities/ucab') return { body: universities[0] };
    if (req.url.pathname === '/api/exchange-rate') return { body: { rate: null } };
    return { body: { items: [] } };
  });
  const { container } = renderRoutes(
    [{ path: '/product/:id', element: <ProductPage /> }],
    `/product/${product.id}`,
  );
  await screen.findByRole('heading', { level: 1 });
  return container;
}

describe("the product page's first paint", () => {
  it.each([
    ['several photos, with their sizes', detail()],
    ['one photo without sizes yet', detail({ images: ['/images/products/42/1.jpg'], image_variants: {} })],
    ['no photo', detail({ image: null, images: [] })],
  ])('is the markup React renders for the breadcrumb and the main photo (%s)', async (_, product) => {
    const { page } = productElement(product);
    const container = await rendered(product);
    const app = container.querySelector('.product-page') as HTMLElement;
    expect(page.className).toBe(app.className);
    // react-router marks its links for route discovery (`data-discover`), which paints nothing.
    const appBreadcrumb = app.querySelector('.breadcrumb')?.outerHTML.replaceAll(' data-discover="true"', '');
    expect(page.querySelector('.breadcrumb')?.outerHTML).toBe(appBreadcrumb);
    expect(page.querySelector('.gallery__main')?.outerHTML).toBe(
      app.querySelector('.gallery__main')?.outerHTML,
    );
    // Nothing is painted that the app puts below the photo: the app only adds, nothing painted moves.
    expect(page.querySelector('.product-layout')?.children).toHaveLength(1);
    expect(page.querySelector('.gallery')?.children).toHaveLength(1);
  });

  it('paints into the empty shell, the title as text, and gives the photo it shows', () => {
    document.body.innerHTML = indexShellBody();
    const photo = paintProduct(detail());
    expect(photo).toBeInstanceOf(HTMLImageElement);
    expect(photo && photo.getAttribute('fetchpriority')).toBe('high');
    const main = document.querySelector('#root > .app-shell[inert] > main.app-main') as HTMLElement;
    expect(main.querySelector('.breadcrumb__current')?.textContent).toBe(HOSTILE_TITLE);
    expect(main.querySelector('img[src="x"]')).toBeNull();
    expect(main.querySelectorAll('img')).toHaveLength(1);
  });

  it("paints 'Sin imagen' without a photo, and nothing for what is not a product", () => {
    document.body.innerHTML = indexShellBody();
    expect(paintProduct(detail({ image: null, images: [] }))).toBeNull();
    expect(document.querySelector('.gallery__placeholder')?.textContent).toBe('Sin imagen');
    for (const answer of [
      undefined,
      null,
      { error: { code: 'NotFound', message: 'Producto no encontrado' } },
      { ...detail(), category: 'toString' },
      { ...detail(), images: [42] },
      { ...detail(), title: 7 },
    ]) {
      document.body.innerHTML = indexShellBody();
      expect(paintProduct(answer)).toBe(false);
      expect(document.querySelector('main.app-main')?.childElementCount).toBe(0);
    }
  });

  it('never paints twice, nor into what React has rendered', () => {
    document.body.innerHTML = indexShellBody();
    expect(paintProduct(detail())).not.toBe(false);
    expect(paintProduct(detail())).toBe(false);
    expect(document.querySelectorAll('.product-page')).toHaveLength(1);
    document.body.innerHTML =
      '<div id="root"><div class="app-shell"><main class="app-main"></main></div></div>';
    expect(paintProduct(detail())).toBe(false);
    expect(document.querySelector('.product-page')).toBeNull();
  });
});
