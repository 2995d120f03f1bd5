// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import { product, universities } from '@/testing/fixtures';
import { fakeApi, renderRoutes } from '@/testing/render';
import { Component as GlobalMarketplace } from './global-marketplace';
import { Component as Search } from './search';

const routes = [
  { path: '/search', element: <Search /> },
  { path: '/global-marketplace', element: <GlobalMarketplace /> },
  { path: '/select-university', element: <p>seleccion</p> },
];

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/search', () => {
  it('searches the q of the URL in the chosen university', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'usm');
    const api = fakeApi(() => ({
      body: { items: [product({ title: 'Laptop HP' })], total: 1, nextCursor: null },
    }));
    renderRoutes(routes, '/search?q=laptop');
    expect(screen.getByRole('heading', { name: 'Resultados de Búsqueda' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Laptop HP' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'laptop' })).toBeTruthy();
    expect(Object.fromEntries(api.requests[0].url.searchParams)).toMatchObject({
      university: 'usm',
      q: 'laptop',
    });
  });

  it('titles the grid "Productos Destacados" without q', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'usm');
    const api = fakeApi(() => ({ body: { items: [], total: 0, nextCursor: null } }));
    renderRoutes(routes, '/search');
    expect(await screen.findByRole('heading', { name: 'Productos Destacados' })).toBeTruthy();
    expect(api.requests[0].url.searchParams.has('q')).toBe(false);
  });

  it('redirects to /select-university without a stored university', async () => {
    fakeApi(() => ({ body: { items: [], total: 0, nextCursor: null } }));
    const { router } = renderRoutes(routes, '/search?q=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-university'));
  });

  // The stored university, read strictly, or a link's valid ?university=.
  it.each([
    ['?q=x', null, '/select-university'],
    ['?q=x', 'usm', '/search'],
    ['?q=x&university=%3Cscript%3E', null, '/select-university'],
    ['', '<script>', '/select-university'],
    ['', '"usm"', '/select-university'],
  ])('sends %s with the stored university %s to %s', async (search, stored, expected) => {
    if (stored !== null) localStorage.setItem(STORAGE_KEYS.selectedUniversity, stored);
    fakeApi(() => ({ body: { items: [], total: 0, nextCursor: null } }));
    const { router } = renderRoutes(routes, `/search${search}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    if (expected === '/search')
      expect(screen.getByRole('heading', { name: 'Resultados de Búsqueda' })).toBeTruthy();
  });
});

describe('/search?university=', () => {
  it("chooses the link's university: stores it, says so, searches in it and takes it out of the URL", async () => {
    localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
    const usm = universities.find((u) => u.id === 'usm');
    const api = fakeApi(({ url }) =>
      url.pathname === '/api/universities/usm'
        ? { body: usm }
        : { body: { items: [], total: 0, nextCursor: null } },
    );
    const { router } = renderRoutes(routes, '/search?q=x&university=usm');
    await waitFor(() => expect(router.state.location.search).toBe('?q=x'));
    expect(localStorage.getItem(STORAGE_KEYS.selectedUniversity)).toBe('usm');
    expect(await screen.findByText('Has seleccionado Universidad Santa María')).toBeTruthy();
    const search = api.requests.find((r) => r.url.pathname === '/api/products');
    expect(search?.url.searchParams.get('university')).toBe('usm');
  });

  it('says nothing when the link names the university already chosen', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'usm');
    const api = fakeApi(() => ({ body: { items: [], total: 0, nextCursor: null } }));
    const { router } = renderRoutes(routes, '/search?q=x&university=usm');
    await waitFor(() => expect(router.state.location.search).toBe('?q=x'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Has seleccionado/)).toBeNull();
    expect(api.requests.some((r) => r.url.pathname.startsWith('/api/universities'))).toBe(false);
  });
});

describe('/global-marketplace', () => {
  it('lists all universities, triples the strip of 8 and loads more with the cursor', async () => {
    const items = Array.from({ length: 8 }, (_, i) => product({ id: i + 1, title: `Producto ${i + 1}` }));
    const api = fakeApi((req) => {
      if (req.url.searchParams.get('limit') === '8') return { body: { items, total: 20, nextCursor: 'c1' } };
      if (req.url.searchParams.get('cursor') === 'c1')
        return {
          body: { items: [product({ id: 99, title: 'Producto extra' })], total: null, nextCursor: null },
        };
      return { body: { items: items.slice(0, 2), total: null, nextCursor: 'c1' } };
    });
    const { container } = renderRoutes(routes, '/global-marketplace');
    expect(screen.getByRole('heading', { name: 'Marketplace Global' })).toBeTruthy();
    // While it loads, the strip's place is kept (placeholders, hidden from assistive technology).
    expect(container.querySelectorAll('section.strip[aria-hidden="true"] .strip__photo').length).toBe(4);
    const strip = await screen.findByRole('region', { name: 'Productos destacados' });
    expect(container.querySelector('section.strip[aria-hidden="true"]')).toBeNull();
    await waitFor(() => expect(strip.querySelectorAll('a').length).toBe(24));
    // total unknown (null): the loaded count is shown
    expect(await screen.findByText('2 productos encontrados')).toBeTruthy();
    expect(api.requests.every((r) => !r.url.searchParams.has('university'))).toBe(true);
    expect(api.requests.every((r) => !r.url.searchParams.has('maxPrice'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('link', { name: 'Producto extra' })).toBeTruthy();
    expect(screen.getByText('3 productos encontrados')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it("'Ocultar reservados' asks the API without reserved listings, keeps it in the URL and shows a chip", async () => {
    const api = fakeApi(() => ({ body: { items: [], total: 0, nextCursor: null } }));
    const { router } = renderRoutes(routes, '/global-marketplace?category=muebles');
    await waitFor(() => expect(api.requests.length).toBeGreaterThan(0));
    expect(api.requests[0].url.searchParams.has('hideReserved')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: /^Filtros/ }));
    fireEvent.click(await screen.findByLabelText('Ocultar reservados'));
    await waitFor(() => expect(api.requests.at(-1)?.url.searchParams.get('hideReserved')).toBe('true'));
    expect(api.requests.at(-1)?.url.searchParams.get('category')).toBe('muebles');
    expect(new URLSearchParams(router.state.location.search).get('hide_reserved')).toBe('1');
    expect(screen.getAllByText('Sin reservados').length).toBeGreaterThan(0);
  });

  it('uses 0 to 1000 as the default price range', async () => {
    fakeApi(() => ({ body: { items: [], total: 0, nextCursor: null } }));
    renderRoutes(routes, '/global-marketplace');
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    expect(await screen.findByText('Precio: $0 - $1000+')).toBeTruthy();
    expect((screen.getByLabelText('Ordenar por') as HTMLSelectElement).value).toBe('newest');
  });
});
