// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session';
import { fakeApi, renderApp, signedInSession } from '@/testing/render';

const STUDENT = signedInSession({ sub: 's1', email: 'estudiante@est.ucab.edu.ve' });
const ADMIN = signedInSession({ sub: 'a1', email: 'admin@ucab.edu.ve', 'cognito:groups': ['admin'] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

describe('/admin access', () => {
  it('sends a signed-in student home with a toast, without calling the API', async () => {
    // The select-university home lists universities; anything else would be the admin area asking.
    const api = fakeApi(() => ({ body: { items: [] } }));
    const { router } = renderApp('/admin/universities', STUDENT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Acceso denegado')).toBeTruthy();
    expect(screen.getByText('No tienes permisos para acceder al panel de administración.')).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows an admin the sidebar: the seven pages, back to the app and sign out', async () => {
    fakeApi(() => ({ status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } }));
    renderApp('/admin', ADMIN);
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin'],
      ['Productos', '/admin/products'],
      ['Reportes', '/admin/reports'],
      ['Usuarios', '/admin/users'],
      ['Universidades', '/admin/universities'],
      ['Solicitudes', '/admin/university-requests'],
      ['Tasa BCV', '/admin/exchange-rate'],
      ['Volver a la app', '/'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    // The app's own bar is not part of the admin area.
    expect(screen.queryByRole('button', { name: 'Menú de usuario' })).toBeNull();
  });

  it('folds the sidebar into a menu button that opens and closes it', async () => {
    fakeApi(() => ({ status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } }));
    renderApp('/admin', ADMIN);
    const toggle = await screen.findByRole('button', { name: 'Menú' });
    const nav = screen.getByRole('navigation', { name: 'Administración' });
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.className).not.toContain('admin-sidebar__nav--open');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('admin-sidebar__nav--open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('signs the admin out from the sidebar and goes home', async () => {
    fakeApi(() => ({ body: { items: [] } }));
    const signOut = vi.fn(async () => undefined);
    const { router } = renderApp(
      '/admin',
      signedInSession({ sub: 'a1', email: 'admin@ucab.edu.ve', 'cognito:groups': ['super_admin'] }, signOut),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
