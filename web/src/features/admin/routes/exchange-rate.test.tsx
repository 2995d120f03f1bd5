// @vitest-environment happy-dom
import { caracasDate } from '#shared/caracas-time';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ExchangeRate, lastBusinessDay, RATE_MESSAGES } from '#shared/exchange-rate';
import { resetSessionForTests } from '@/lib/session';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';
import { parseRateInput } from './exchange-rate';

const ADMIN = signedInSession({ sub: 'a1', email: 'admin@ucab.edu.ve', 'cognito:groups': ['admin'] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

const today = caracasDate(new Date());
const lastDay = lastBusinessDay(today);
const rate = (date: string, value: number, source: 'bcv' | 'admin' = 'bcv'): ExchangeRate => ({
  date,
  rate: value,
  source,
  recorded_at: `${date}T21:00:00.000Z`,
  recorded_by: source === 'admin' ? 'admin@ucab.edu.ve' : null,
});

/** An in-test rate API that keeps what is saved and refuses a jump unless confirmed, as the server does. */
function ratesApi() {
  const items = [rate(lastDay, 526.8704)];
  return fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/admin/exchange-rates' && req.method === 'GET') return { body: { items } };
    if (path === '/api/admin/exchange-rates' && req.method === 'PUT') {
      const body = req.body as { date: string; rate: number; confirm?: boolean };
      if (!body.confirm && Math.abs(body.rate - items[0].rate) / items[0].rate > 0.5) {
        const message = RATE_MESSAGES.rateJump('526,87');
        return {
          status: 400,
          body: { error: { code: 'bad_request', message, details: [{ path: 'rate', message }] } },
        };
      }
      const saved = rate(body.date, body.rate, 'admin');
      items.splice(0, items[0].date === body.date ? 1 : 0, saved);
      return { body: saved };
    }
    if (path === '/api/admin/audit') return { body: { items: [], nextCursor: null } };
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
}

describe("the admin's 'Tasa BCV' page", () => {
  it('reads a rate written with a decimal comma, a decimal point or thousands', () => {
    expect(parseRateInput('36,12345678')).toBe(36.12345678);
    expect(parseRateInput('36.5')).toBe(36.5);
    expect(parseRateInput(' 1.052,17 ')).toBe(1052.17);
    for (const bad of ['', 'abc', '36,1,2', '-5', '3 6x']) expect(parseRateInput(bad), bad).toBeNull();
  });

  it('shows the current rate, saves a new one, and asks for confirmation of a jump of more than 50 %', async () => {
    const { requests } = ratesApi();
    renderApp('/admin/exchange-rate', ADMIN);
    await screen.findByRole('heading', { name: 'Tasa BCV', level: 1 });
    const current = screen.getByRole('region', { name: 'Tasa vigente' });
    const [y, m, d] = lastDay.split('-');
    await within(current).findByText(/Bs\. 526,8704/);
    expect(current.textContent).toContain(`(tasa BCV del ${d}/${m}/${y})`);

    const input = screen.getByLabelText('Tasa (Bs. por US$)');
    fireEvent.change(input, { target: { value: '900,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tasa' }));
    expect(await screen.findByText(RATE_MESSAGES.rateJump('526,87'))).toBeTruthy();

    fireEvent.click(screen.getByLabelText(/Confirmo la tasa/));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tasa' }));
    await waitFor(() => expect(current.textContent).toContain('Bs. 900,50'));
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.body)).toEqual([
      { date: today, rate: 900.5 },
      { date: today, rate: 900.5, confirm: true },
    ]);
  });

  it('refuses an unreadable rate before calling the API', async () => {
    const { requests } = ratesApi();
    renderApp('/admin/exchange-rate', ADMIN);
    await screen.findByRole('heading', { name: 'Tasa BCV', level: 1 });
    fireEvent.change(screen.getByLabelText('Tasa (Bs. por US$)'), { target: { value: 'treinta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tasa' }));
    expect(await screen.findByText('Escribe la tasa como un número, por ejemplo 36,12345678')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
