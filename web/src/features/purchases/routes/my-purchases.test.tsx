// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseEntry } from '#shared/deals';
import { resetSessionForTests } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { fakeApi, renderApp, signedInSession } from '@/testing/render';

const entry = (id: number, title: string, over: Partial<PurchaseEntry> = {}): PurchaseEntry => ({
  product: product({ id, title }),
  state: 'available',
  contacted_at: '2026-12-06T10:00:00.000Z',
  asked_at: null,
  last_at: '2026-12-06T10:00:00.000Z',
  ...over,
});

function purchasesApi(items: PurchaseEntry[] | 'fail') {
  return fakeApi((req) => {
    if (req.url.pathname === '/api/me/purchases')
      return items === 'fail'
        ? { status: 500, body: { error: { code: 'Internal', message: 'Error' } } }
        : { body: { items } };
    return { status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } };
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSessionForTests();
});

describe("'Mis Compras'", () => {
  it('lists what the person came for, each card with where it stands and how they came', async () => {
    const api = purchasesApi([
      entry(3, 'Bicicleta', { contacted_at: null, asked_at: '2026-12-06T11:00:00.000Z' }),
      entry(2, 'Lámpara', { state: 'reserved', asked_at: '2026-12-06T09:00:00.000Z' }),
      entry(1, 'Escritorio', { state: 'sold' }),
    ]);
    renderApp('/my-purchases', signedInSession());
    expect(await screen.findByRole('heading', { name: 'Mis Compras' })).toBeTruthy();
    const cards = await screen.findAllByRole('link', { name: /Bicicleta|Lámpara|Escritorio/ });
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/product/3', '/product/2', '/product/1']);
    // Each card's state and how the person came, beside it (the card's list item).
    const itemOf = (title: string) => {
      const item = screen.getByRole('link', { name: new RegExp(title) }).closest('li');
      if (!item) throw new Error(`${title} is not in a list item`);
      return within(item);
    };
    expect(itemOf('Bicicleta').getByText('Disponible')).toBeTruthy();
    expect(itemOf('Bicicleta').getByText('Le preguntaste al vendedor')).toBeTruthy();
    expect(itemOf('Lámpara').getByText('Reservado')).toBeTruthy();
    expect(itemOf('Lámpara').getByText('Contactaste al vendedor y le preguntaste')).toBeTruthy();
    expect(itemOf('Escritorio').getByText('Vendido')).toBeTruthy();
    expect(itemOf('Escritorio').getByText('Contactaste al vendedor')).toBeTruthy();
    expect(screen.queryByText('Próximamente')).toBeNull();
    expect(api.requests.map((r) => r.url.pathname)).toContain('/api/me/purchases');
  });

  it('says what will appear here when the person has come for nothing yet', async () => {
    purchasesApi([]);
    renderApp('/my-purchases', signedInSession());
    expect(await screen.findByText(/Aquí verás los productos por los que contactaste/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorar productos' }).getAttribute('href')).toBe('/');
  });

  it('says the list could not load, in Spanish, when the API fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    purchasesApi('fail');
    renderApp('/my-purchases', signedInSession());
    expect(
      await screen.findByText('No se pudieron cargar tus compras. Inténtalo de nuevo más tarde.'),
    ).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, to come back here', async () => {
    const api = purchasesApi([]);
    const { router } = renderApp('/my-purchases', { status: 'signed-out' } as never);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toContain('next=%2Fmy-purchases');
    expect(api.requests.some((r) => r.url.pathname === '/api/me/purchases')).toBe(false);
  });
});
