// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import type { ProductSummary } from '#shared/schemas';
import { product, universities } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderRoutes } from '@/testing/render';
import { Component as Marketplace } from './marketplace';

const catalog: ProductSummary[] = [
  product({ id: 1, title: 'Libro de Cálculo I', category: 'libros', price: 20 }),
  product({ id: 2, title: 'Laptop Dell Inspiron', category: 'electronica', price: 350, career: null }),
  product({ id: 3, title: 'Silla de escritorio', category: 'muebles', price: 40, career: null }),
];

/** The API as the UI sees it: filters by category and by a naive contains on q. */
function respond(req: FakeRequest) {
  if (req.url.pathname === '/api/universities/ucab') return { body: universities[0] };
  if (req.url.pathname === '/api/products') {
    const q = req.url.searchParams.get('q')?.toLowerCase();
    const category = req.url.searchParams.get('category');
    const items = catalog.filter(
      (p) => (!q || p.title.toLowerCase().includes(q)) && (!category || p.category === category),
    );
    return { body: { items, total: items.length, nextCursor: null } };
  }
  return { status: 404, body: { error: { code: 'NotFound', message: 'Recurso no encontrado.' } } };
}

const routes = [
  { path: '/marketplace', element: <Marketplace /> },
  { path: '/select-university', element: <p>seleccion</p> },
];

const searches = (requests: FakeRequest[]) =>
  requests
    .filter((r) => r.url.pathname === '/api/products' && r.url.searchParams.has('q'))
    .map((r) => r.url.searchParams.get('q'));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Marketplace', () => {
  it('redirects to /select-university without a stored university', async () => {
    localStorage.clear();
    fakeApi(respond);
    const { router } = renderRoutes(routes, '/marketplace');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-university'));
  });

  // The university is the link's (?university=, read leniently), else the stored one (read strictly);
  // with neither the visitor goes to the chooser.
  it.each([
    ['', null, '/select-university'],
    ['', 'ucab', '/marketplace'],
    ['?university=usm', null, '/marketplace'],
    ['?university=USM%20', null, '/marketplace'],
    ['?university=%3Cscript%3E', null, '/select-university'],
    ['?university=%3Cscript%3E', 'ucab', '/marketplace'],
    ['?q=libro', null, '/select-university'],
    ['', '"ucab"', '/select-university'],
  ])('sends %s with the stored university %s to %s', async (search, stored, expected) => {
    localStorage.clear();
    if (stored !== null) localStorage.setItem(STORAGE_KEYS.selectedUniversity, stored);
    fakeApi(respond);
    const { router } = renderRoutes(routes, `/marketplace${search}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    if (expected === '/marketplace') expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('accepts ?university={id} and stores it', async () => {
    localStorage.clear();
    fakeApi(respond);
    renderRoutes(routes, '/marketplace?university=ucab');
    expect(await screen.findByRole('heading', { name: 'Marketplace de UCAB' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.selectedUniversity)).toBe('ucab');
  });

  it('falls back to the generic heading when the university cannot be loaded', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'gone');
    fakeApi(respond);
    renderRoutes(routes, '/marketplace');
    expect(await screen.findByRole('heading', { name: /Libros/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cambiar universidad' }).getAttribute('href')).toBe(
      '/select-university',
    );
  });

  it('links the shortcuts: tickets and carreras to their pages, the rest to /categoria/{id}', async () => {
    fakeApi(respond);
    renderRoutes(routes, '/marketplace');
    const carousel = await screen.findByRole('navigation', { name: 'Categorías' });
    const hrefs = within(carousel)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/categoria/tickets',
      '/carreras',
      '/categoria/ropa',
      '/categoria/libros',
      '/categoria/electronica',
      '/categoria/comida',
      '/categoria/musica',
      '/categoria/transporte',
      '/categoria/muebles',
      '/categoria/servicios',
      '/categoria/otros',
    ]);
  });

  it('shows one section per category with products and applies a category with "Ver todos"', async () => {
    fakeApi(respond);
    renderRoutes(routes, '/marketplace');
    expect(await screen.findByRole('heading', { name: /Libros/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Electrónica/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Ropa/ })).toBeNull(); // empty section hidden
    const seeAll = screen.getByRole('link', { name: 'Ver todos: Electrónica' });
    // A link that works before the app runs: this page with that category as its filter.
    expect(seeAll.getAttribute('href')).toBe('/marketplace?category=electronica');
    fireEvent.click(seeAll);
    expect(await screen.findByRole('heading', { name: 'Productos filtrados' })).toBeTruthy();
    expect(await screen.findByText('1 producto encontrado')).toBeTruthy();
    expect(screen.getByTestId('filter-count').textContent).toBe('1');
  });

  it('debounces typing by 300 ms, searches the last text and records it in the history', async () => {
    const api = fakeApi(respond);
    renderRoutes(routes, '/marketplace');
    const input = await screen.findByRole('searchbox', { name: 'Buscar productos' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'l' } });
    fireEvent.change(input, { target: { value: 'la' } });
    fireEvent.change(input, { target: { value: 'lap' } });
    await new Promise((r) => setTimeout(r, 150));
    expect(searches(api.requests)).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'Resultados para "lap"' })).toBeTruthy();
    expect(await screen.findByText('1 producto encontrado')).toBeTruthy();
    expect(searches(api.requests)).toEqual(['lap']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchHistory) ?? '[]')).toEqual(['lap']);
    // The search just made shows in the open dropdown without leaving the input.
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'lap ' } });
    expect(
      within(screen.getByRole('list', { name: 'Búsquedas recientes' })).getByRole('button', { name: 'lap' }),
    ).toBeTruthy();
  });

  it('sanitises the term sent to the API', async () => {
    const api = fakeApi(respond);
    renderRoutes(routes, '/marketplace');
    const input = await screen.findByRole('searchbox', { name: 'Buscar productos' });
    fireEvent.change(input, { target: { value: `si"lla';` } });
    await screen.findByRole('heading', { name: /Resultados para/ });
    await waitFor(() => expect(searches(api.requests)).toEqual(['silla']));
  });

  it('clears the search when the text is emptied', async () => {
    fakeApi(respond);
    renderRoutes(routes, '/marketplace');
    const input = await screen.findByRole('searchbox', { name: 'Buscar productos' });
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('No se encontraron productos')).toBeTruthy();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(await screen.findByRole('heading', { name: /Libros/ })).toBeTruthy();
  });

  it('shows the history while the input has text and focus, hides it 200 ms after blur, and fills the input', async () => {
    localStorage.setItem(STORAGE_KEYS.searchHistory, JSON.stringify(['laptop', 'silla']));
    fakeApi(respond);
    renderRoutes(routes, '/marketplace');
    const input = await screen.findByRole('searchbox', { name: 'Buscar productos' });
    fireEvent.focus(input);
    expect(screen.queryByRole('list', { name: 'Búsquedas recientes' })).toBeNull(); // no text yet
    fireEvent.change(input, { target: { value: 's' } });
    const list = screen.getByRole('list', { name: 'Búsquedas recientes' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['laptop', 'silla']);

    fireEvent.blur(input);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole('list', { name: 'Búsquedas recientes' })).toBeTruthy(); // still open at 100 ms
    fireEvent.click(within(list).getByRole('button', { name: 'silla' }));
    expect((input as HTMLInputElement).value).toBe('silla');

    fireEvent.focus(input);
    fireEvent.blur(input);
    await act(() => new Promise((r) => setTimeout(r, 250)));
    expect(screen.queryByRole('list', { name: 'Búsquedas recientes' })).toBeNull();
  });

  it('counts active filters on the badge, removes them by chip and resets them with "Limpiar todo"', async () => {
    fakeApi(respond);
    const { router } = renderRoutes(routes, '/marketplace');
    fireEvent.click(await screen.findByRole('button', { name: 'Filtros' }));
    fireEvent.change(await screen.findByLabelText('Categoría'), { target: { value: 'libros' } });
    fireEvent.change(screen.getByLabelText('Carrera'), { target: { value: 'ingenieria' } });
    fireEvent.change(screen.getByLabelText('Condición'), { target: { value: 'nuevo' } });
    fireEvent.change(screen.getByLabelText('Precio máximo'), { target: { value: '500' } });
    expect(screen.getByTestId('filter-count').textContent).toBe('4');
    expect(router.state.location.search).toContain('category=libros');

    const chips = screen.getByRole('list', { name: 'Filtros activos' });
    expect(within(chips).getByText('Libros')).toBeTruthy();
    expect(within(chips).getByText('$0 - $500')).toBeTruthy();
    fireEvent.click(within(chips).getByRole('button', { name: 'Quitar filtro Ingeniería' }));
    expect(screen.getByTestId('filter-count').textContent).toBe('3');
    expect((screen.getByLabelText('Carrera') as HTMLSelectElement).value).toBe('all');

    fireEvent.click(within(chips).getByRole('button', { name: 'Limpiar todo' }));
    expect(screen.queryByTestId('filter-count')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Filtros activos' })).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('sends the filters with the API names and leaves default price bounds out', async () => {
    const api = fakeApi(respond);
    renderRoutes(routes, '/marketplace?condition=usado&min=100&sort=price-low');
    expect(await screen.findByRole('heading', { name: 'Productos filtrados' })).toBeTruthy();
    const listing = api.requests.find((r) => r.url.searchParams.get('condition') === 'usado');
    expect(Object.fromEntries(listing?.url.searchParams ?? [])).toMatchObject({
      university: 'ucab',
      condition: 'usado',
      minPrice: '100',
      sort: 'price-low',
    });
    expect(listing?.url.searchParams.has('maxPrice')).toBe(false);
  });
});
