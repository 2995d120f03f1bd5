// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT } from '@/lib/session';
import { seller as fakeSeller } from '@/testing/fake-catalog';
import { type FakeRequest, fakeApi, renderRoutes, withSession } from '@/testing/render';
import { SellerCard } from './seller-card';

const seller = fakeSeller({
  id: 's1',
  display_name: 'Carlos Méndez',
  verified_month: '2025-09',
  member_since: '2025-03',
  active_count: 3,
  sold_count: 1,
  listings: [],
});

const render = (sellerId: string | null) => {
  const api = fakeApi((req: FakeRequest) =>
    req.url.pathname === '/api/sellers/s1'
      ? { body: seller }
      : { status: 404, body: { error: { code: 'not_found', message: 'Vendedor no encontrado' } } },
  );
  renderRoutes(
    withSession(SIGNED_OUT, [
      { path: '*', element: <SellerCard sellerName="Carlos" universityName="UCAB" sellerId={sellerId} /> },
    ]),
    '/product/13',
  );
  return api;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the product page's seller card", () => {
  it("shows the seller's reputation where people decide: average, reviews, completed sales; as a buyer an average", async () => {
    const api = fakeApi(() => ({
      body: {
        ...seller,
        reputation: {
          seller_average: 4.5,
          seller_reviews: 12,
          deals_completed: 20,
          buyer_average: 5,
          buyer_reviews: 3,
        },
      },
    }));
    renderRoutes(
      withSession(SIGNED_OUT, [
        { path: '*', element: <SellerCard sellerName="Carlos" universityName="UCAB" sellerId="s1" /> },
      ]),
      '/product/13',
    );
    expect(await screen.findByText('★ 4,5 · 12 reseñas · 20 ventas completadas')).toBeTruthy();
    expect(screen.getByText('Como comprador: ★ 5,0 (3 reseñas)')).toBeTruthy();
    expect(api.requests).toHaveLength(1);
  });

  it('shows what earns trust and links to the seller page', async () => {
    render('s1');
    expect(await screen.findByText('Correo institucional verificado · UCAB')).toBeTruthy();
    expect(screen.getByText('(verificado en septiembre de 2025)')).toBeTruthy();
    expect(screen.getByText('Miembro desde marzo de 2025')).toBeTruthy();
    expect(screen.getByText('3 publicaciones activas · 1 vendida')).toBeTruthy();
    // Reputation from confirmed deals (issue 40): none yet.
    expect(screen.getByText('Sin reseñas todavía')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Carlos Méndez' }).getAttribute('href')).toBe('/vendedor/s1');
    expect(screen.getByRole('link', { name: 'Consejos para una compra segura' }).getAttribute('href')).toBe(
      '/compra-segura',
    );
  });

  it("says an imported listing's seller is from the earlier app, with no badge and no request", async () => {
    const api = render(null);
    expect(await screen.findByText('Vendedor de la versión anterior')).toBeTruthy();
    expect(screen.queryByText(/Correo institucional verificado/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Carlos' })).toBeNull();
    expect(api.requests.filter((r) => r.url.pathname.startsWith('/api/sellers'))).toEqual([]);
  });
});
