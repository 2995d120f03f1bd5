// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '@/components/product/product-card';
import { resetSessionForTests } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderApp, renderRoutes, signedInSession, withSession } from '@/testing/render';

const SIGNED_IN = signedInSession();

const NOT_FOUND = { status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } };

/** An in-test favorites API with a real saved list; `failPut` makes saving fail. */
function favoritesApi(initial: number[] = [], options: { failPut?: boolean } = {}) {
  const saved = new Set(initial);
  return fakeApi((req: FakeRequest) => {
    const match = /^\/api\/me\/favorites\/(\d+)$/.exec(req.url.pathname);
    if (req.url.pathname === '/api/me/favorites' && req.method === 'GET')
      return { body: { items: [...saved].map((id) => product({ id, title: `Producto ${id}` })) } };
    if (match && req.method === 'PUT') {
      if (options.failPut) return { status: 500, body: { error: { code: 'Internal', message: 'Error' } } };
      saved.add(Number(match[1]));
      return { body: { product_id: Number(match[1]), saved: true } };
    }
    if (match && req.method === 'DELETE') {
      saved.delete(Number(match[1]));
      return { body: { product_id: Number(match[1]), saved: false } };
    }
    return NOT_FOUND;
  });
}

const heart = () => screen.getByRole('button', { name: /favoritos$/ });
const writes = (api: ReturnType<typeof fakeApi>) =>
  api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname}`);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSessionForTests();
});

describe('favorite heart', () => {
  it('asks to sign in without a session and calls no API', async () => {
    const api = favoritesApi();
    renderRoutes([{ path: '/', element: <ProductCard product={product({ id: 7 })} /> }], '/');
    fireEvent.click(heart());
    expect(await screen.findByText('Inicia sesión para guardar')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('saves and removes with a session, with the toasts and the pressed state', async () => {
    const api = favoritesApi();
    renderRoutes(
      withSession(SIGNED_IN, [{ path: '/', element: <ProductCard product={product({ id: 7 })} /> }]),
      '/',
    );
    await waitFor(() => expect(api.requests.some((r) => r.url.pathname === '/api/me/favorites')).toBe(true));
    expect(heart().getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart());
    expect(await screen.findByText('Guardado en favoritos')).toBeTruthy();
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(heart().getAttribute('aria-label')).toBe('Quitar de favoritos');

    fireEvent.click(heart());
    expect(await screen.findByText('Eliminado de favoritos')).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(writes(api)).toEqual(['PUT /api/me/favorites/7', 'DELETE /api/me/favorites/7']);
  });

  it('shows the failure toast and returns the heart to its previous state when saving fails', async () => {
    const api = favoritesApi([], { failPut: true });
    renderRoutes(
      withSession(SIGNED_IN, [{ path: '/', element: <ProductCard product={product({ id: 7 })} /> }]),
      '/',
    );
    await waitFor(() => expect(api.requests.length).toBeGreaterThan(0));
    fireEvent.click(heart());
    expect(await screen.findByText('No se pudo actualizar favorito')).toBeTruthy();
    expect(document.querySelector('.toast--destructive')).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(writes(api)).toEqual(['PUT /api/me/favorites/7']);
  });
});

describe('/favoritos', () => {
  it('redirects to /login without a session', async () => {
    favoritesApi();
    const { router } = renderApp('/favoritos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("lists the user's saved products, shown as saved", async () => {
    favoritesApi([3, 5]);
    renderApp('/favoritos', SIGNED_IN);
    expect(await screen.findByRole('heading', { name: 'Mis Guardados' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Producto 3' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Producto 5' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Quitar de favoritos' })).toHaveLength(2);
  });

  it('only logs a load error and shows the empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi(() => ({ status: 500, body: { error: { code: 'Internal', message: 'Error' } } }));
    renderApp('/favoritos', SIGNED_IN);
    expect(await screen.findByText(/Aún no has guardado productos/)).toBeTruthy();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('No se pudieron cargar los favoritos', expect.anything()),
    );
  });
});
