// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '@/lib/session';
import { renderRoutes, signedInSession, withSession } from '@/testing/render';
import { UserMenu } from './user-menu';

afterEach(cleanup);

const signedIn = (groups: string[], signOut = async () => undefined): Session =>
  signedInSession({ sub: 'u1', email: 'ana@example.com', 'cognito:groups': groups }, signOut);

async function open(session: Session, at = '/') {
  const view = renderRoutes(withSession(session, [{ path: '*', element: <UserMenu /> }]), at);
  fireEvent.click(screen.getByRole('button', { name: 'Menú de usuario' }));
  // The entries are a chunk of their own, loaded when the menu is first wanted.
  await screen.findAllByRole('listitem');
  return view.router;
}

describe('UserMenu', () => {
  it('shows the admin link to admins and super admins only', async () => {
    await open(signedIn(['admin']));
    expect(screen.getByRole('link', { name: 'Panel de Administrador' })).toBeTruthy();
    expect(screen.getByText('A')).toBeTruthy();
    cleanup();
    await open(signedIn(['super_admin']));
    expect(screen.getByRole('link', { name: 'Panel de Administrador' })).toBeTruthy();
    cleanup();
    await open(signedIn([]));
    expect(screen.queryByRole('link', { name: 'Panel de Administrador' })).toBeNull();
    for (const name of ['Mi Perfil', 'Favoritos', 'Configuración'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeTruthy();
  });
});

describe('sign out', () => {
  it('toasts and goes home on success', async () => {
    const router = await open(signedIn([]), '/carreras');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(await screen.findByText('Sesión cerrada correctamente')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('toasts the error and stays on failure', async () => {
    const router = await open(
      signedIn([], async () => {
        throw new Error('offline');
      }),
      '/carreras',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(await screen.findByText('Error al cerrar sesión')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/carreras');
  });
});
