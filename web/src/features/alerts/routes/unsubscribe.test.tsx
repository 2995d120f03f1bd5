// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES } from '#shared/alert-texts';
import { type FakeRequest, fakeApi, renderApp } from '@/testing/render';

const TOKEN = `${'a'.repeat(20)}.${'b'.repeat(43)}`;

/** The alerts' unsubscribe route, answering `status` (200 by default). */
function unsubscribeApi(status = 200) {
  const api = fakeApi((req: FakeRequest) => {
    if (req.url.pathname !== '/api/alerts/unsubscribe')
      return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
    if (status !== 200)
      return {
        status,
        body: { error: { code: 'bad_request', message: ALERT_MESSAGES.invalidUnsubscribeLink } },
      };
    return { body: { ok: true, turned_off: 2 } };
  });
  return () =>
    api.requests
      .filter((r) => r.url.pathname === '/api/alerts/unsubscribe')
      .map((r) => [r.method, r.url.searchParams.get('token')]);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/alertas/baja', () => {
  it('turns the alerts off with one POST, without a session, and offers the way back', async () => {
    const posts = unsubscribeApi();
    renderApp(`/alertas/baja#token=${TOKEN}`);
    expect(await screen.findByText(/desactivamos tus alertas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Mis Alertas' }).getAttribute('href')).toBe('/alertas');
    expect(posts()).toEqual([['POST', TOKEN]]);
  });

  it('says a refused link is not valid, and a link without a token calls nothing', async () => {
    unsubscribeApi(400);
    renderApp(`/alertas/baja#token=${TOKEN}`);
    expect(await screen.findByText(ALERT_MESSAGES.invalidUnsubscribeLink)).toBeTruthy();
    cleanup();
    const posts = unsubscribeApi();
    renderApp('/alertas/baja');
    expect(await screen.findByText(ALERT_MESSAGES.invalidUnsubscribeLink)).toBeTruthy();
    expect(posts()).toEqual([]);
  });
});
