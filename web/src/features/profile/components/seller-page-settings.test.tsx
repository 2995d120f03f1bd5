// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/account-schemas';
import { resetSessionForTests } from '@/lib/session';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const SESSION = signedInSession({ sub: 'u1', email: 'ana@gmail.com' });
const profile: Profile = {
  user_id: 'u1',
  email: 'ana@gmail.com',
  full_name: 'Ana Pérez',
  university_email: null,
  university_email_verified: false,
  university_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

function settingsApi() {
  let hide = false;
  const api = fakeApi((req: FakeRequest) => {
    if (req.url.pathname === '/api/me/profile') return { body: profile };
    if (req.url.pathname === '/api/me/notifications') return { body: { questions: true } };
    if (req.url.pathname === '/api/me/seller-page' && req.method === 'GET')
      return { body: { hide_sold: hide } };
    if (req.url.pathname === '/api/me/seller-page' && req.method === 'PUT') {
      hide = (req.body as { hide_sold: boolean }).hide_sold;
      return { body: { hide_sold: hide } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
  return { ...api, puts: () => api.requests.filter((r) => r.method === 'PUT').map((r) => r.body) };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('selectedUniversity', 'ucab');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

describe("/settings → 'Mi página de vendedor'", () => {
  it('hides the sold items at once and links to the public page', async () => {
    const api = settingsApi();
    renderApp('/settings', SESSION);
    const control = await screen.findByRole('switch', { name: 'Ocultar mis vendidos' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('link', { name: 'Ver mi página de vendedor' }).getAttribute('href')).toBe(
      '/vendedor/u1',
    );
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('Configuración guardada correctamente')).toBeTruthy();
    expect(api.puts()).toEqual([{ hide_sold: true }]);
  });
});
