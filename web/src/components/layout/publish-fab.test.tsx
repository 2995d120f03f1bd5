// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/account-schemas';
import { resetSessionForTests, SIGNED_OUT } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { fakeApi, renderApp, signedInSession } from '@/testing/render';

/** The phone's shortcut: the CSS shows it below 768 px; here, whether the page renders it at all. */
const shortcut = () => document.querySelector<HTMLAnchorElement>('a.publish-fab');

const UNVERIFIED: Profile = {
  user_id: 'u1',
  email: 'ana@gmail.com',
  full_name: 'Ana',
  university_email: null,
  university_email_verified: false,
  university_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const NOT_FOUND = { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetSessionForTests();
});

describe('the phone publish shortcut', () => {
  it('is on an ordinary page, keeps room at the page end, and sends a visitor to sign in like the bar', {
    timeout: 20_000,
  }, async () => {
    fakeApi(() => NOT_FOUND);
    const { router } = renderApp('/terms-and-conditions', SIGNED_OUT);
    await screen.findByRole('heading', { name: 'Términos y Condiciones', level: 1 });
    const link = shortcut();
    expect(link?.textContent).toBe(' Publicar Producto');
    expect(link?.getAttribute('href')).toBe('/new-product');
    expect(document.querySelector('.app-shell')?.classList.contains('app-shell--fab')).toBe(true);
    // Inside a landmark of its own (axe's `region`), not loose in the page.
    expect(screen.getByRole('navigation', { name: 'Atajo para publicar' }).contains(link)).toBe(true);

    localStorage.setItem('selectedUniversity', 'ucab');
    fireEvent.click(link as HTMLAnchorElement);
    expect(
      await screen.findByText('Debes iniciar sesión para publicar productos', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fnew-product');
    // The sign-in page is a focused page: no shortcut there either.
    expect(shortcut()).toBeNull();
    expect(document.querySelector('.app-shell')?.classList.contains('app-shell--fab')).toBe(false);
  });

  it('is not on /new-product itself', async () => {
    localStorage.setItem('selectedUniversity', 'ucab');
    fakeApi((req) => (req.url.pathname === '/api/me/profile' ? { body: UNVERIFIED } : NOT_FOUND));
    renderApp('/new-product', signedInSession({ sub: 'u1', email: 'ana@gmail.com' }));
    await screen.findByRole('heading', { name: 'Verifica tu correo institucional' });
    expect(shortcut()).toBeNull();
  });

  it("is not on a product page, where 'Contactar por WhatsApp' is what a buyer needs", async () => {
    const detail = {
      ...product({ id: 12, university_id: 'ucab' }),
      images: [],
      tags: [],
      description: 'Como nuevo.',
      seller_name: 'María Pérez',
      seller_id: null,
      status: 'active',
    };
    fakeApi(({ url }) => (url.pathname === '/api/products/12' ? { body: detail } : NOT_FOUND));
    renderApp('/product/12', SIGNED_OUT);
    await screen.findByRole('heading', { name: detail.title, level: 1 });
    await screen.findByRole('link', { name: 'Contactar por WhatsApp' });
    expect(shortcut()).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Atajo para publicar' })).toBeNull();
    expect(document.querySelector('.app-shell')?.classList.contains('app-shell--fab')).toBe(false);
  });

  it('is not in the admin area', { timeout: 20_000 }, async () => {
    fakeApi(() => NOT_FOUND);
    renderApp('/admin', SIGNED_OUT);
    // The admin area's own layout (no app bar, no footer) has mounted.
    expect(
      (await screen.findByRole('main', {}, { timeout: 10_000 })).classList.contains('admin-sign-in'),
    ).toBe(true);
    expect(shortcut()).toBeNull();
  });
});
