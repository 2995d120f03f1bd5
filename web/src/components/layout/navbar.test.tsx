// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes, signedInSession, withSession } from '@/testing/render';
import { Navbar } from './navbar';

afterEach(cleanup);

const routes = [{ path: '*', element: <Navbar /> }];

async function submitSearch(text: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Abrir búsqueda' }));
  // The form is a chunk of its own, loaded when first opened.
  const input = await screen.findByRole('searchbox', { name: 'Buscar productos' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
}

describe('Navbar search', () => {
  it('submits the trimmed text as q', async () => {
    const { router } = renderRoutes(routes, '/marketplace');
    await submitSearch('  laptop dell  ');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=laptop+dell');
  });

  it('goes to /search without q for whitespace-only text', async () => {
    const { router } = renderRoutes(routes, '/marketplace');
    await submitSearch('   ');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('');
  });
});

describe('Navbar parts', () => {
  it('shows the global link, user menu and publish button on ordinary pages', async () => {
    renderRoutes(routes, '/marketplace');
    expect(screen.getByRole('link', { name: /Global Marketplace/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Publicar Producto/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(await screen.findByRole('link', { name: 'Iniciar Sesión' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registrarse' })).toBeTruthy();
  });

  it('hides the global link on the global marketplace', () => {
    renderRoutes(routes, '/global-marketplace');
    expect(screen.queryByRole('link', { name: /Global Marketplace/ })).toBeNull();
  });

  it('hides the global link, user menu and publish button on /login', () => {
    renderRoutes(routes, '/login');
    expect(screen.queryByRole('link', { name: /Global Marketplace/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menú de usuario' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Publicar Producto/ })).toBeNull();
  });

  it('opens the drawer with the welcome card and the collapsible careers list', async () => {
    renderRoutes(routes, '/marketplace');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    expect(within(drawer).getByRole('link', { name: 'Ingresa' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Crea tu cuenta' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: /Inicio/ })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: /Economía/ })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: /Categorías/ }));
    expect(
      within(drawer)
        .getByRole('link', { name: /Economía/ })
        .getAttribute('href'),
    ).toBe('/carrera/economia');
  });

  it('has no Inicio entry in the drawer on the home page', async () => {
    renderRoutes(routes, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    expect(within(drawer).getByRole('link', { name: /Marketplace Global/ })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: /Inicio/ })).toBeNull();
  });
});

describe('the drawer as a modal', () => {
  // Keys go to the focused element, as in a browser.
  const press = (key: string, shiftKey = false) =>
    fireEvent.keyDown(document.activeElement as Element, { key, shiftKey });

  it('is a modal <dialog>, takes the focus, keeps Tab inside, closes with Escape and gives the focus back', async () => {
    renderRoutes(routes, '/marketplace');
    const opener = screen.getByRole('button', { name: 'Abrir menú' });
    opener.focus();
    fireEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    expect(drawer.tagName).toBe('DIALOG');
    expect((drawer as HTMLDialogElement).open).toBe(true);
    expect(document.body.classList.contains('no-scroll')).toBe(true);
    const close = within(drawer).getByRole('button', { name: 'Cerrar menú' });
    const publish = within(drawer).getByRole('link', { name: 'Publicar Producto' });
    expect(document.activeElement).toBe(close);
    press('Tab', true);
    expect(document.activeElement).toBe(publish);
    press('Tab');
    expect(document.activeElement).toBe(close);

    press('Escape');
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.classList.contains('no-scroll')).toBe(false);
  });

  it('closes on a press around its panel (the backdrop) and gives the focus back', async () => {
    renderRoutes(routes, '/marketplace');
    const opener = screen.getByRole('button', { name: 'Abrir menú' });
    opener.focus();
    fireEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    // A press inside the panel does not close it.
    fireEvent.mouseDown(within(drawer).getByText('Menú'));
    expect(screen.getByRole('dialog', { name: 'Menú' })).toBeTruthy();
    fireEvent.mouseDown(drawer);
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('the drawer entries', () => {
  it('each start with an icon, so their labels line up (signed in: every entry)', async () => {
    renderRoutes(withSession(signedInSession(), routes), '/marketplace');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const nav = within(await screen.findByRole('dialog', { name: 'Menú' })).getByRole('navigation');
    const entries = [...nav.querySelectorAll(':scope > ul > li > a, :scope > ul > li > button')];
    expect(entries.map((e) => e.textContent?.trim())).toEqual([
      'Inicio',
      'Marketplace Global',
      'Mis Compras',
      'Favoritos',
      'Mis Alertas',
      'Mis Productos',
      'Configuración',
      'Categorías',
    ]);
    for (const entry of entries) expect(entry.firstElementChild?.tagName.toLowerCase()).toBe('svg');
  });
});
