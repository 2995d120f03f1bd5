// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES } from '#shared/alert-texts';
import { resetSessionForTests } from '@/lib/session';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const SIGNED_IN = signedInSession();

interface Saved {
  id: string;
  university: string;
  q?: string;
  category?: string;
  maxPrice?: number;
  enabled: boolean;
  created_at: string;
  new_count: number;
}

/** An in-test alerts API over a real list (the routes of shared/api/favorites.ts). */
function alertsApi(initial: Saved[]) {
  let items = [...initial];
  return fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    const one = /^\/api\/me\/alerts\/([a-f0-9]+)(\/seen)?$/.exec(path);
    if (path === '/api/me/alerts' && req.method === 'GET') return { body: { items, max: 10 } };
    if (path === '/api/me/alerts' && req.method === 'POST') {
      const created = {
        id: 'c'.repeat(24),
        enabled: true,
        created_at: '2026-03-10T00:00:00Z',
        new_count: 0,
        ...(req.body as object),
      } as Saved;
      items = [...items, created];
      return { status: 201, body: created };
    }
    if (one && req.method === 'PATCH') {
      items = items.map((s) => (s.id === one[1] ? { ...s, ...(req.body as object) } : s));
      return { body: items.find((s) => s.id === one[1]) };
    }
    if (one?.[2] && req.method === 'POST') {
      items = items.map((s) => (s.id === one[1] ? { ...s, new_count: 0 } : s));
      return { body: items.find((s) => s.id === one[1]) };
    }
    if (one && req.method === 'DELETE') {
      items = items.filter((s) => s.id !== one[1]);
      return { body: { id: one[1], deleted: true } };
    }
    if (path.startsWith('/api/')) return { body: { items: [], total: 0, nextCursor: null } };
    return { status: 404, body: {} };
  });
}

const calculadora: Saved = {
  id: 'a'.repeat(24),
  university: 'ucab',
  q: 'calculadora',
  category: 'electronica',
  maxPrice: 30,
  enabled: true,
  created_at: '2026-03-10T00:00:00Z',
  new_count: 2,
};
const writes = (api: ReturnType<typeof fakeApi>) =>
  api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname}`);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

describe('/alertas', () => {
  it('sends a visitor without a session to sign in', async () => {
    alertsApi([]);
    const { router } = renderApp('/alertas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("lists each saved search's filters as chips, its switch and 'Nuevos para ti'", async () => {
    alertsApi([calculadora]);
    renderApp('/alertas', SIGNED_IN);
    const card = (await screen.findByText('"calculadora"')).closest('li.alert-card') as HTMLElement;
    expect(within(card).getByText('Electrónica')).toBeTruthy();
    expect(within(card).getByText('Hasta US$ 30,00')).toBeTruthy();
    expect(within(card).getByText('Nuevos para ti: 2')).toBeTruthy();
    const toggle = within(card).getByRole('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('1 de 10 alertas')).toBeTruthy();
  });

  it('switches an alert off, and deletes it after confirming', async () => {
    const api = alertsApi([calculadora]);
    renderApp('/alertas', SIGNED_IN);
    fireEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText('Alerta desactivada')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(screen.getByRole('button', { name: /^Eliminar la alerta/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(/Aún no tienes alertas/)).toBeTruthy();
    expect(writes(api)).toEqual([
      `PATCH /api/me/alerts/${calculadora.id}`,
      `DELETE /api/me/alerts/${calculadora.id}`,
    ]);
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: false });
  });

  it("'Ver resultados' opens the marketplace with the search and marks its news seen", async () => {
    const api = alertsApi([calculadora]);
    const { router } = renderApp('/alertas', SIGNED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver resultados' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ q: 'calculadora', category: 'electronica', max: '30' });
    await waitFor(() => expect(writes(api)).toEqual([`POST /api/me/alerts/${calculadora.id}/seen`]));
  });
});

describe("'Crear alerta'", () => {
  it('saves the search on /search inside the chosen university', async () => {
    localStorage.setItem('selectedUniversity', 'ucab');
    const api = alertsApi([]);
    renderApp('/search?q=calculadora', SIGNED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByText('Alerta creada')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      university: 'ucab',
      q: 'calculadora',
    });
  });

  it('saves the text and the filters on /marketplace (the slider at its top is no cap; the sort is no filter)', async () => {
    localStorage.setItem('selectedUniversity', 'ucab');
    const api = alertsApi([]);
    renderApp(
      '/marketplace?q=calculadora&category=electronica&condition=usado&max=40&sort=price-low',
      SIGNED_IN,
    );
    // The screen settled first (its results and 'Crear alerta' are chunks of their own): a press
    // while a chunk still arrives could land on a button about to be hidden and remounted.
    await screen.findByText(/productos? encontrados?$/);
    fireEvent.click(await screen.findByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByText('Alerta creada')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      university: 'ucab',
      q: 'calculadora',
      category: 'electronica',
      condition: 'usado',
      maxPrice: 40,
    });
  });

  it("shows the API's refusal (the 11th alert) as it says it", async () => {
    localStorage.setItem('selectedUniversity', 'ucab');
    fakeApi((req) =>
      req.method === 'POST' && req.url.pathname === '/api/me/alerts'
        ? { status: 409, body: { error: { code: 'conflict', message: ALERT_MESSAGES.tooMany } } }
        : { body: { items: [], total: 0, nextCursor: null } },
    );
    renderApp('/search?q=silla', SIGNED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByText(ALERT_MESSAGES.tooMany)).toBeTruthy();
  });

  it('asks a visitor to sign in and calls no API', async () => {
    localStorage.setItem('selectedUniversity', 'ucab');
    const api = alertsApi([]);
    renderApp('/search?q=calculadora');
    fireEvent.click(await screen.findByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByText('Inicia sesión para crear alertas')).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });
});
