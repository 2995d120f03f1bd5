// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import { product } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderRoutes } from '@/testing/render';
import { matchCareer } from '../match-career';
import { Component as CareerPage } from './career';
import { Component as CareersPage } from './careers';

/** GET /api/products as the API answers it: scoped by university and career, paginated by cursor. */
function respond(req: FakeRequest) {
  if (req.url.pathname !== '/api/products')
    return { status: 404, body: { error: { code: 'NotFound', message: 'x' } } };
  const career = req.url.searchParams.get('career');
  if (career !== 'comunicacion') return { body: { items: [], total: 0, nextCursor: null } };
  if (req.url.searchParams.get('cursor') === 'p2')
    return {
      body: {
        items: [product({ id: 3, title: 'Trípode Manfrotto', career: 'comunicacion' })],
        total: 3,
        nextCursor: null,
      },
    };
  return {
    body: {
      items: [
        product({ id: 1, title: 'Cámara Canon T6', career: 'comunicacion', price: 300 }),
        product({ id: 2, title: 'Micrófono Rode', career: 'comunicacion', price: 90 }),
      ],
      total: 3,
      nextCursor: 'p2',
    },
  };
}

const routes = [
  { path: '/carreras', element: <CareersPage /> },
  { path: '/carrera/:career', element: <CareerPage /> },
  { path: '/select-university', element: <p>seleccion</p> },
];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('matchCareer', () => {
  it('matches by value and by accent-stripped hyphenated label', () => {
    expect(matchCareer('economia')).toBe('economia');
    expect(matchCareer('Economía')).toBe('economia');
    expect(matchCareer('psicología')).toBe('psicologia');
    expect(matchCareer('astrologia')).toBeNull();
    expect(matchCareer(undefined)).toBeNull();
  });
});

describe('/carreras', () => {
  it('links the six careers to /carrera/{slug}', () => {
    fakeApi(respond);
    renderRoutes(routes, '/carreras');
    const links = within(screen.getByRole('list', { name: 'Carreras' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/carrera/economia',
      '/carrera/arquitectura',
      '/carrera/ingenieria',
      '/carrera/derecho',
      '/carrera/comunicacion',
      '/carrera/psicologia',
    ]);
    expect(within(links[0]).getByText('Economía')).toBeTruthy();
  });
});

describe('/carrera/:career', () => {
  it('matches an accented label, lists that career in the selected university and loads more', async () => {
    const { requests } = fakeApi(respond);
    renderRoutes(routes, '/carrera/Comunicación');
    expect(await screen.findByRole('heading', { level: 1, name: 'Comunicación' })).toBeTruthy();
    expect(await screen.findByText('3 productos disponibles')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cámara Canon T6' })).toBeTruthy();
    const first = requests[0].url.searchParams;
    expect(first.get('university')).toBe('ucab');
    expect(first.get('career')).toBe('comunicacion');

    screen.getByRole('button', { name: 'Cargar más' }).click();
    expect(await screen.findByRole('link', { name: 'Trípode Manfrotto' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('shows the empty state with the publish button', async () => {
    fakeApi(respond);
    renderRoutes(routes, '/carrera/economia');
    expect(await screen.findByText('0 productos disponibles')).toBeTruthy();
    expect(screen.getByRole('link', { name: '¡Sé el primero en publicar!' }).getAttribute('href')).toBe(
      '/new-product',
    );
  });

  it('shows 12 skeleton cards while loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderRoutes(routes, '/carrera/derecho');
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(12);
  });

  it('shows "Carrera no encontrada" for an unknown career', async () => {
    const { requests } = fakeApi(respond);
    renderRoutes(routes, '/carrera/astrologia');
    expect(await screen.findByRole('heading', { name: 'Carrera no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(requests).toHaveLength(0);
  });

  it('redirects to /select-university without a selected university', async () => {
    localStorage.clear();
    fakeApi(respond);
    const { router } = renderRoutes(routes, '/carrera/derecho');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-university'));
  });
});
