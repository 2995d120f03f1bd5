// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getRecentlyViewed } from '@/lib/recently-viewed';
import { product } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { CARD_IMAGE_SIZES, ProductCard } from './product-card';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function renderCard(p = product()) {
  return renderRoutes(
    [
      { path: '/', element: <ProductCard product={p} /> },
      { path: '/product/:id', element: <p>detalle</p> },
    ],
    '/',
  );
}

describe('ProductCard', () => {
  it('shows the title as text, the price with 2 decimals and the badges', () => {
    renderCard(
      product({ title: '<img src=x onerror=alert(1)>', price: 12.5, career: 'derecho', category: 'ropa' }),
    );
    expect(screen.getByRole('link', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(screen.getByText('US$ 12,50')).toBeTruthy();
    expect(screen.getByText('Derecho')).toBeTruthy();
    expect(screen.getByText('Ropa')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it("shows 'Reservado' on a reserved listing only", () => {
    renderCard(product({ status: 'reserved' }));
    expect(screen.getByText('Reservado')).toBeTruthy();
    cleanup();
    renderCard(product({ status: 'active' }));
    expect(screen.queryByText('Reservado')).toBeNull();
    cleanup();
    renderCard(product());
    expect(screen.queryByText('Reservado')).toBeNull();
  });

  it("shows the seller's rating under the price when the seller has reviews, and not where asked not to", () => {
    renderCard(product({ seller_rating: { average: 4.5, reviews: 12 } }));
    const rating = screen.getByRole('img', { name: 'Vendedor con 4,5 de 5 estrellas en 12 reseñas' });
    expect(rating.textContent).toBe('★ 4,5 (12)');
    cleanup();
    renderCard(product({ seller_rating: { average: 5, reviews: 1 } }));
    expect(screen.getByRole('img', { name: 'Vendedor con 5,0 de 5 estrellas en 1 reseña' }).textContent).toBe(
      '★ 5,0 (1)',
    );
    cleanup();
    renderCard(product());
    expect(screen.queryByText(/★/)).toBeNull();
    cleanup();
    // The seller's own page heads with their reputation: its cards leave it out.
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ProductCard
              product={product({ seller_rating: { average: 4, reviews: 2 } })}
              sellerRating={false}
            />
          ),
        },
      ],
      '/',
    );
    expect(screen.queryByText(/★/)).toBeNull();
  });

  it('shows no career badge for careers outside the badge list', () => {
    renderCard(product({ career: 'medicina' }));
    expect(screen.queryByText('Medicina')).toBeNull();
  });

  it('falls back to the default image and to "Sin imagen" when the image fails', () => {
    renderCard(product({ image: null }));
    const img = screen.getByRole('img', { name: 'Libro de Cálculo I' });
    expect(img.getAttribute('src')).toBe('/images/default-product.webp');
    fireEvent.error(img);
    expect(screen.getByText('Sin imagen')).toBeTruthy();
  });

  it('asks to sign in when the heart is pressed without a session', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar en favoritos' }));
    expect(await screen.findByText('Inicia sesión para guardar')).toBeTruthy();
    expect(screen.getByText('Necesitas una cuenta para guardar favoritos.')).toBeTruthy();
  });

  it('opens /product/{id} and records it as recently viewed', async () => {
    const { router } = renderCard(product({ id: 42 }));
    fireEvent.click(screen.getByRole('link', { name: 'Libro de Cálculo I' }));
    expect(await screen.findByText('detalle')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product/42');
    await waitFor(() => expect(getRecentlyViewed().map((p) => p.id)).toEqual([42]));
  });

  it('offers the WebP sizes in srcset with the card widths, its pixel size, and loads lazily unless in the first row', () => {
    const photo = '/images/products/7/1.jpg';
    const p = product({
      title: 'Bicicleta',
      image: photo,
      image_variants: { [photo]: { width: 1600, height: 1200, widths: [320, 640, 1280] } },
    });
    renderCard(p);
    const img = screen.getByRole('img', { name: 'Bicicleta' });
    expect(img.getAttribute('src')).toBe(photo);
    expect(img.getAttribute('srcset')).toBe(
      '/images/products/7/1.w320.webp 320w, /images/products/7/1.w640.webp 640w, /images/products/7/1.w1280.webp 1280w, /images/products/7/1.jpg 1600w',
    );
    expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect(img.getAttribute('sizes')).toContain('(min-width: 360px) 50vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1200']);
    expect(img.getAttribute('loading')).toBe('lazy');
    cleanup();
    renderRoutes([{ path: '/', element: <ProductCard product={p} eager /> }], '/');
    expect(screen.getByRole('img', { name: 'Bicicleta' }).getAttribute('loading')).toBe('eager');
  });

  it('shows a photo without sizes yet (or the default picture) as it is, with no srcset', () => {
    renderCard(product({ title: 'Sin tamaños', image: '/images/products/8/1.webp' }));
    const img = screen.getByRole('img', { name: 'Sin tamaños' });
    expect(img.getAttribute('src')).toBe('/images/products/8/1.webp');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});
