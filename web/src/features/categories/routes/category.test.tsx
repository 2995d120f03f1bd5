// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import { product } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderRoutes } from '@/testing/render';
import { matchCategory } from '../match-category';
import { Component as CategoryPage } from './category';

function respond(req: FakeRequest) {
  if (req.url.pathname !== '/api/products')
    return { status: 404, body: { error: { code: 'NotFound', message: 'x' } } };
  const category = req.url.searchParams.get('category');
  const items =
    category === 'electronica'
      ? [product({ id: 5, title: 'Laptop Lenovo ThinkPad', category: 'electronica' })]
      : [];
  return { body: { items, total: items.length, nextCursor: null } };
}

const routes = [
  { path: '/categoria/:category', element: <CategoryPage /> },
  { path: '/select-university', element: <p>seleccion</p> },
];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'usm');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('matchCategory', () => {
  it('matches by id and by accent-stripped hyphenated name', () => {
    expect(matchCategory('tickets')).toBe('tickets');
    expect(matchCategory('Electrónica')).toBe('electronica');
    expect(matchCategory('música')).toBe('musica');
    expect(matchCategory('hogar-y-dormitorio')).toBe('hogar');
    expect(matchCategory('Instrumentos Musicales')).toBe('instrumentos-musicales');
    expect(matchCategory('armas')).toBeNull();
  });
});

describe('/categoria/:category', () => {
  it('matches an accented name and lists that category in the selected university', async () => {
    const { requests } = fakeApi(respond);
    renderRoutes(routes, '/categoria/Electrónica');
    expect(await screen.findByRole('heading', { level: 1, name: 'Electrónica' })).toBeTruthy();
    expect(await screen.findByText('1 producto disponible')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Laptop Lenovo ThinkPad' }).getAttribute('href')).toBe(
      '/product/5',
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    expect(breadcrumb.textContent).toContain('Marketplace');
    expect(requests[0].url.searchParams.get('university')).toBe('usm');
    expect(requests[0].url.searchParams.get('category')).toBe('electronica');
  });

  it('shows 8 skeleton cards on ropa and electronica, 12 elsewhere', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const ropa = renderRoutes(routes, '/categoria/ropa');
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(8);
    ropa.unmount();
    const tickets = renderRoutes(routes, '/categoria/tickets');
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(12);
    tickets.unmount();
  });

  it('shows the empty state with the publish button', async () => {
    fakeApi(respond);
    renderRoutes(routes, '/categoria/tickets');
    expect(await screen.findByText('0 productos disponibles')).toBeTruthy();
    expect(screen.getByRole('link', { name: '¡Sé el primero en publicar!' }).getAttribute('href')).toBe(
      '/new-product',
    );
  });

  it('shows "Categoría no encontrada" with a way back to the marketplace', async () => {
    const { requests } = fakeApi(respond);
    renderRoutes(routes, '/categoria/armas');
    expect(await screen.findByRole('heading', { name: 'Categoría no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
    expect(requests).toHaveLength(0);
  });

  it('redirects to /select-university without a selected university', async () => {
    localStorage.clear();
    fakeApi(respond);
    const { router } = renderRoutes(routes, '/categoria/libros');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-university'));
  });
});
