// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import { universities } from '@/testing/fixtures';
import { fakeApi, renderRoutes } from '@/testing/render';
import { Component as SelectUniversity } from './select-university';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/', element: <SelectUniversity /> },
  { path: '/marketplace', element: <p>marketplace</p> },
];

describe('University selection', () => {
  it('stores the choice, confirms it and goes to /marketplace after 0.5 s', async () => {
    fakeApi(() => ({ body: { items: universities } }));
    const { router } = renderRoutes(routes, '/');
    const card = await screen.findByRole('link', { name: /^Elegir UCAB.*Universidad Católica Andrés Bello/ });
    // Before the app runs, the card is a plain link that chooses the university where it leads.
    expect(card.getAttribute('href')).toBe('/marketplace?university=ucab');
    fireEvent.click(card);
    expect(localStorage.getItem(STORAGE_KEYS.selectedUniversity)).toBe('ucab');
    expect(screen.getByText('Has seleccionado Universidad Católica Andrés Bello')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'), { timeout: 1500 });
  });

  describe('sent here on the way to a page (?next=)', () => {
    const withNext = [
      { path: '/select-university', element: <SelectUniversity /> },
      { path: '/marketplace', element: <p>marketplace</p> },
      { path: '/search', element: <p>busqueda</p> },
    ];

    it('goes back to that page once a university is chosen', async () => {
      fakeApi(() => ({ body: { items: universities } }));
      const { router } = renderRoutes(withNext, '/select-university?next=%2Fsearch%3Fq%3Dcalculadora');
      const card = await screen.findByRole('link', { name: /^Elegir UCAB/ });
      expect(card.getAttribute('href')).toBe('/search?q=calculadora&university=ucab');
      fireEvent.click(card);
      expect(router.state.location.pathname).toBe('/select-university');
      await waitFor(() => expect(router.state.location.pathname).toBe('/search'), { timeout: 1500 });
      expect(router.state.location.search).toBe('?q=calculadora');
    });

    it('goes there at once, in place of the chooser, when a choice is already stored', async () => {
      localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
      fakeApi(() => ({ body: { items: universities } }));
      const { router } = renderRoutes(withNext, '/select-university?next=%2Fmarketplace');
      await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
      expect(router.state.historyAction).toBe('REPLACE');
    });

    it.each([
      ['another site', 'https://evil.example/marketplace'],
      ['a page that does not show the chosen university', '/product/12'],
    ])(
      'ignores a next that is %s: the chooser stays, and choosing goes to /marketplace',
      async (_why, next) => {
        localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
        fakeApi(() => ({ body: { items: universities } }));
        const { router } = renderRoutes(withNext, `/select-university?next=${encodeURIComponent(next)}`);
        const card = await screen.findByRole('link', { name: /^Elegir UCAB/ });
        expect(card.getAttribute('href')).toBe('/marketplace?university=ucab');
        fireEvent.click(card);
        expect(router.state.location.pathname).toBe('/select-university');
        await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'), { timeout: 1500 });
      },
    );

    it('without next, a stored choice does not move a visitor who came to change it', async () => {
      localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
      fakeApi(() => ({ body: { items: universities } }));
      const { router } = renderRoutes(withNext, '/select-university');
      await screen.findByRole('link', { name: /^Elegir UCAB/ });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(router.state.location.pathname).toBe('/select-university');
    });
  });

  it('leaves a tap with a modifier (a new tab) to the browser', async () => {
    fakeApi(() => ({ body: { items: universities } }));
    const { router } = renderRoutes(routes, '/');
    const card = await screen.findByRole('link', { name: /^Elegir UCAB/ });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    card.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.selectedUniversity)).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('filters by name ignoring accents', async () => {
    fakeApi(() => ({ body: { items: universities } }));
    renderRoutes(routes, '/');
    await screen.findByRole('link', { name: /^Elegir .*Universidad Central/ });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar universidad' }), {
      target: { value: 'catolica' },
    });
    expect(screen.getByRole('link', { name: /^Elegir .*Universidad Católica/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Elegir .*Universidad Central/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Marketplace Global/ })).toBeTruthy();
  });

  it('shows the load error', async () => {
    fakeApi(() => ({
      status: 500,
      body: { error: { code: 'Internal', message: 'Ocurrió un error inesperado' } },
    }));
    renderRoutes(routes, '/');
    expect(await screen.findByText('Error al cargar las universidades')).toBeTruthy();
  });

  it('validates and sends a university request', async () => {
    const api = fakeApi((req) =>
      req.method === 'POST'
        ? {
            status: 201,
            body: {
              ...(req.body as object),
              id: 'r1',
              status: 'pending',
              requester_id: null,
              created_at: 'x',
            },
          }
        : { body: { items: universities } },
    );
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: /No encuentras tu universidad/ }));
    // The form is a chunk of its own, loaded for the first opening.
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar solicitud' }));
    expect(screen.getAllByText('Este campo es requerido.').length).toBe(4);
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Nombre corto *'), { target: { value: 'UNEXPO' } });
    fireEvent.change(screen.getByLabelText('Nombre completo *'), {
      target: { value: 'Universidad Politécnica' },
    });
    fireEvent.change(screen.getByLabelText('Dominio de correo *'), { target: { value: 'unexpo.edu.ve' } });
    fireEvent.change(screen.getByLabelText('Ciudad *'), { target: { value: 'Barquisimeto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Solicitud enviada')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/university-requests');
    expect(post?.body).toEqual({
      university_name: 'UNEXPO',
      university_full_name: 'Universidad Politécnica',
      email_domain: 'unexpo.edu.ve',
      city: 'Barquisimeto',
      additional_info: null,
    });
  });

  it('shows the failure toast when the request fails', async () => {
    fakeApi((req) =>
      req.method === 'POST'
        ? { status: 500, body: { error: { code: 'Internal', message: 'Ocurrió un error inesperado' } } }
        : { body: { items: universities } },
    );
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: /No encuentras tu universidad/ }));
    fireEvent.change(await screen.findByLabelText('Nombre corto *'), { target: { value: 'UNEXPO' } });
    fireEvent.change(screen.getByLabelText('Nombre completo *'), {
      target: { value: 'Universidad Politécnica' },
    });
    fireEvent.change(screen.getByLabelText('Dominio de correo *'), { target: { value: 'unexpo.edu.ve' } });
    fireEvent.change(screen.getByLabelText('Ciudad *'), { target: { value: 'Barquisimeto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Error al enviar la solicitud. Inténtalo de nuevo.')).toBeTruthy();
  });
});
