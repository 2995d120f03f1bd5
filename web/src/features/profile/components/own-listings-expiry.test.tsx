// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPIRY_MESSAGES } from '#shared/listing-expiry';
import { resetSessionForTests } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const SESSION = signedInSession({ sub: 'u1', email: 'ana@gmail.com' });

type Own = ReturnType<typeof product> & {
  status: 'active' | 'reserved' | 'sold' | 'inactive' | 'expired';
  expires_at?: string | null;
};
const own = (id: number, title: string, status: Own['status'], expires_at: string | null): Own => ({
  ...product({ id, title, price: 10, created_at: '2026-01-05T12:00:00.000Z' }),
  status,
  expires_at,
});

/** /api/me/products and the renewal route, with state. */
function ownApi(start: Own[]) {
  let items = [...start];
  const api = fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/me/profile')
      return {
        body: {
          user_id: 'u1',
          email: 'ana@gmail.com',
          full_name: 'Ana',
          university_email: null,
          university_email_verified: false,
          university_id: null,
          created_at: '2026-01-01T00:00:00.000Z',
        },
      };
    if (path === '/api/me/products') return { body: { items } };
    const renew = /^\/api\/me\/products\/(\d+)\/renew$/.exec(path);
    if (renew && req.method === 'POST') {
      items = items.map((p) =>
        p.id === Number(renew[1]) ? { ...p, status: 'active', expires_at: '2026-05-09T03:00:00.000Z' } : p,
      );
      return { body: items.find((p) => p.id === Number(renew[1])) };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
  return {
    renewals: () => api.requests.filter((r) => r.url.pathname.endsWith('/renew')).map((r) => r.url.pathname),
  };
}

beforeEach(() => {
  localStorage.setItem('selectedUniversity', 'ucab');
  // 23:00 on 9 March in Caracas (03:00 UTC on the 10th): only the clock is fake.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T03:00:00.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSessionForTests();
  localStorage.clear();
});

describe('expiry in the seller’s lists (decision 030)', () => {
  it("says 'Vence en N días' in Caracas calendar days while on offer, nothing once sold", async () => {
    ownApi([
      // 01:00 on the 10th in Caracas: tomorrow, though only two hours away.
      own(1, 'Lámpara', 'active', '2026-03-10T05:00:00.000Z'),
      own(2, 'Silla', 'reserved', '2026-03-19T16:00:00.000Z'),
      own(3, 'Mesa', 'sold', '2026-03-19T16:00:00.000Z'),
    ]);
    renderApp('/my-products', SESSION);
    const row = async (title: string) => (await screen.findByText(title)).closest('li') as HTMLElement;
    expect(within(await row('Lámpara')).getByText('Vence en 1 día')).toBeTruthy();
    expect(within(await row('Silla')).getByText('Vence en 10 días')).toBeTruthy();
    expect(within(await row('Mesa')).queryByText(/Vence/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Renovar/ })).toBeNull();
  });

  it("shows 'Vencido' and 'Renovar', which puts it back on offer at once", async () => {
    const api = ownApi([own(7, 'Bicicleta', 'expired', '2026-03-01T12:00:00.000Z')]);
    renderApp('/my-products', SESSION);
    const row = (await screen.findByText('Bicicleta')).closest('li') as HTMLElement;
    expect(within(row).getByText('Vencido')).toBeTruthy();
    // Not linked: its page is gone like a sold one's.
    expect(within(row).queryByRole('link', { name: 'Bicicleta' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Renovar Bicicleta' }));
    expect(await screen.findByText(EXPIRY_MESSAGES.renewed)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Bicicleta' })).toBeTruthy());
    const renewed = screen.getByRole('link', { name: 'Bicicleta' }).closest('li') as HTMLElement;
    expect(within(renewed).getByText('Activo')).toBeTruthy();
    expect(within(renewed).getByText('Vence en 60 días')).toBeTruthy();
    expect(api.renewals()).toEqual(['/api/me/products/7/renew']);
  });
});
