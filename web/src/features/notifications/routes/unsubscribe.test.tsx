// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES } from '#shared/notification-messages';
import { type FakeRequest, fakeApi, renderApp } from '@/testing/render';

const TOKEN = `${'a'.repeat(20)}.${'b'.repeat(43)}`;

/** The unsubscribe route, answering `answers` in turn (then 200). */
function unsubscribeApi(...answers: { status: number; message: string }[]) {
  const api = fakeApi((req: FakeRequest) => {
    if (req.url.pathname !== '/api/notifications/unsubscribe')
      return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
    const next = answers.shift();
    if (next) return { status: next.status, body: { error: { code: 'x', message: next.message } } };
    return { body: { ok: true, notifications: { questions: false } } };
  });
  return {
    posts: () =>
      api.requests
        .filter((r) => r.url.pathname === '/api/notifications/unsubscribe')
        .map((r) => [r.method, r.url.searchParams.get('token')]),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/notificaciones/baja', () => {
  it('turns the mails off with one POST, without a session, and says so with a way back to /settings', async () => {
    const api = unsubscribeApi();
    renderApp(`/notificaciones/baja#token=${TOKEN}`);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Configuración' }).getAttribute('href')).toBe('/settings');
    expect(api.posts()).toEqual([['POST', TOKEN]]);
  });

  it('says the link is not valid, without calling anything, when it has no token', async () => {
    const api = unsubscribeApi();
    renderApp('/notificaciones/baja');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.invalidUnsubscribeLink)).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('says the link is not valid when the server refuses it', async () => {
    unsubscribeApi({ status: 400, message: NOTIFICATION_MESSAGES.invalidUnsubscribeLink });
    renderApp(`/notificaciones/baja#token=${TOKEN}`);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.invalidUnsubscribeLink)).toBeTruthy();
    expect(screen.queryByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeNull();
  });

  it('offers to try again when the service is down, and then confirms', async () => {
    const api = unsubscribeApi({ status: 503, message: 'El servicio no está disponible en este momento.' });
    renderApp(`/notificaciones/baja#token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeTruthy();
    await waitFor(() => expect(api.posts()).toHaveLength(2));
  });
});
