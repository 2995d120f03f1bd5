// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/account-schemas';
import { PUSH_KIND_LABELS, PUSH_KINDS, type PushSettings } from '#shared/push';
import { forgetRuntimeConfigForTests } from '@/config/runtime-config';
import { resetSessionForTests } from '@/lib/session';
import {
  fakePush,
  type FakePushOptions,
  IPHONE_SAFARI,
  PUSH_PUBLIC_KEY,
  removeFakePush,
  runtimeConfig,
} from '@/testing/fake-push';
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
const error = (status: number, message: string) => ({ status, body: { error: { code: 'x', message } } });

/** The accounts API with push (`failNext`: the next push write answers that error). */
function pushApi({ key = PUSH_PUBLIC_KEY as string | null } = {}) {
  let settings: PushSettings = { answers: true, questions: true, alerts: true, deals: true, reports: true };
  let fail: { status: number; message: string } | null = null;
  const api = fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/runtime-config.json') return { body: runtimeConfig(key) };
    if (path === '/api/me/profile') return { body: profile };
    if (path === '/api/me/notifications') return { body: { questions: true } };
    if (path === '/api/me/seller-page') return { body: { hide_sold: false } };
    if (path.startsWith('/api/me/push') && req.method !== 'GET' && fail) {
      const { status, message } = fail;
      fail = null;
      return error(status, message);
    }
    if (path === '/api/me/push-subscriptions' && req.method === 'POST') {
      const { endpoint } = req.body as { endpoint: string };
      return { status: 201, body: { endpoint, created_at: '2026-01-01T00:00:00.000Z' } };
    }
    if (path === '/api/me/push-subscriptions' && req.method === 'DELETE') return { body: { ok: true } };
    if (path === '/api/me/push-settings' && req.method === 'GET') return { body: settings };
    if (path === '/api/me/push-settings' && req.method === 'PUT') {
      settings = { ...settings, ...(req.body as Partial<PushSettings>) };
      return { body: settings };
    }
    return error(404, 'No encontrado');
  });
  const of = (method: string, path: string) =>
    api.requests.filter((r) => r.method === method && r.url.pathname === path);
  return {
    ...api,
    failNext: (status: number, message: string) => {
      fail = { status, message };
    },
    posts: () => of('POST', '/api/me/push-subscriptions'),
    deletes: () => of('DELETE', '/api/me/push-subscriptions'),
    puts: () => of('PUT', '/api/me/push-settings').map((r) => r.body),
  };
}

function open(push: FakePushOptions, api: { key?: string | null } = {}) {
  const browser = fakePush(push);
  const server = pushApi(api);
  renderApp('/settings', SESSION);
  return { browser, server };
}

const mailSwitch = () => screen.findByRole('switch', { name: 'Correos de preguntas, respuestas y compras' });
const enableButton = () => screen.findByRole('button', { name: 'Activar notificaciones' });
/** The push block has read the device (the config fetched, its placeholder gone). */
async function deviceRead(server: ReturnType<typeof pushApi>) {
  await waitFor(() =>
    expect(server.requests.some((r) => r.url.pathname === '/runtime-config.json')).toBe(true),
  );
  await waitFor(() => expect(document.querySelector('.push-settings__pending')).toBeNull());
  await new Promise((r) => setTimeout(r, 20));
}
const pushTitle = () => screen.queryByRole('heading', { name: 'Notificaciones en este dispositivo' });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('selectedUniversity', 'ucab');
  forgetRuntimeConfigForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  removeFakePush();
  resetSessionForTests();
});

describe('/settings → Notificaciones → push on this device', () => {
  it('offers nothing when the stage has no push key, leaving the mails switch as it was', async () => {
    const { browser, server } = open({}, { key: null });
    await mailSwitch();
    await deviceRead(server);
    expect(pushTitle()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('offers nothing in a browser without the Push API', async () => {
    fakePush();
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(globalThis, 'PushManager');
    const server = pushApi();
    renderApp('/settings', SESSION);
    await mailSwitch();
    await deviceRead(server);
    expect(pushTitle()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).toBeNull();
  });

  it('tells an iPhone in Safari to add the app to the home screen, with no control', async () => {
    open({ userAgent: IPHONE_SAFARI, standalone: false });
    expect(
      await screen.findByText(
        'Para recibir notificaciones en tu iPhone o iPad, agrega Mercado Universitario a tu pantalla de inicio: toca Compartir y luego «Agregar a inicio».',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).toBeNull();
  });

  it('offers the button on an iPhone once the app runs from the home screen', async () => {
    open({ userAgent: IPHONE_SAFARI, standalone: true });
    await enableButton();
  });

  it('says how to undo a blocked permission, with no control', async () => {
    open({ permission: 'denied' });
    expect(
      await screen.findByText(
        'Bloqueaste las notificaciones para este sitio. Actívalas en la configuración de tu navegador.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).toBeNull();
  });

  it('never asks the permission until the button is tapped; the tap asks, subscribes and sends the subscription', async () => {
    const { browser, server } = open({});
    const button = await enableButton();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(server.posts()).toHaveLength(0);

    fireEvent.click(button);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notificaciones activadas en este dispositivo')).toBeTruthy();
    const [options] = browser.pushManager.subscribe.mock.calls[0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(
      PUSH_PUBLIC_KEY,
    );
    const sent = browser.subscription?.toJSON();
    expect(server.posts().map((r) => r.body)).toEqual([sent]);
    expect(server.posts()[0].headers.get('authorization')).toBeNull(); // the pinned test session has no token
    expect(await screen.findByText('Notificaciones activadas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar en este dispositivo' })).toBeTruthy();
  });

  it('shows the blocked text when the person refuses the prompt, and stays off when they close it', async () => {
    const { server } = open({ answer: 'denied' });
    fireEvent.click(await enableButton());
    expect(
      (await screen.findAllByText(/Bloqueaste las notificaciones para este sitio/)).length,
    ).toBeGreaterThan(0);
    expect(server.posts()).toHaveLength(0);
  });

  it('stays off and says why when the API refuses the subscription (the browser drops it too)', async () => {
    const { browser, server } = open({});
    server.failNext(
      400,
      'La suscripción a notificaciones no es válida. Vuelve a activarlas en Configuración.',
    );
    fireEvent.click(await enableButton());
    expect(await screen.findByText('No se pudieron activar las notificaciones')).toBeTruthy();
    expect(screen.getByText(/La suscripción a notificaciones no es válida/)).toBeTruthy();
    await waitFor(() => expect(browser.subscription).toBeNull());
    expect(await enableButton()).toBeTruthy();
  });

  it('shows each kind as a switch once on, and saves a change at once', async () => {
    const { server } = open({ permission: 'granted', subscribed: true });
    await screen.findByText('Notificaciones activadas en este dispositivo');
    for (const kind of PUSH_KINDS) {
      const control = await screen.findByRole('switch', { name: PUSH_KIND_LABELS[kind] });
      expect(control.getAttribute('aria-checked')).toBe('true');
    }
    const alerts = screen.getByRole('switch', { name: 'Productos nuevos de mis alertas' });
    fireEvent.click(alerts);
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('Configuración guardada correctamente')).toBeTruthy();
    expect(server.puts()).toEqual([
      { answers: true, questions: true, alerts: false, deals: true, reports: true },
    ]);
  });

  it('moves a kind back and says why when its save fails', async () => {
    const { server } = open({ permission: 'granted', subscribed: true });
    const deals = await screen.findByRole('switch', { name: 'Compras y reseñas' });
    server.failNext(503, 'El servicio no está disponible en este momento.');
    fireEvent.click(deals);
    expect(await screen.findByText('Error al guardar la configuración')).toBeTruthy();
    await waitFor(() => expect(deals.getAttribute('aria-checked')).toBe('true'));
  });

  it('turns push off on this device: the API drops the endpoint, then the browser its subscription', async () => {
    const { browser, server } = open({ permission: 'granted', subscribed: true });
    const held = browser.subscription;
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar en este dispositivo' }));
    expect(await screen.findByText('Notificaciones desactivadas en este dispositivo')).toBeTruthy();
    expect(server.deletes().map((r) => r.body)).toEqual([{ endpoint: held?.endpoint }]);
    expect(held?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await enableButton()).toBeTruthy();
  });

  it("'Cerrar Sesión' drops this device's push while the session is valid, then signs out", async () => {
    const order: string[] = [];
    const browser = fakePush({ permission: 'granted', subscribed: true });
    const held = browser.subscription;
    const server = pushApi();
    renderApp(
      '/settings',
      signedInSession({ sub: 'u1', email: 'ana@gmail.com' }, async () => {
        order.push('signOut');
      }),
    );
    held?.unsubscribe.mockImplementation(async () => {
      order.push(`unsubscribe after ${server.deletes().length} DELETE`);
      return true;
    });
    await screen.findByText('Notificaciones activadas en este dispositivo');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(order).toEqual(['unsubscribe after 1 DELETE', 'signOut']));
    expect(server.deletes().map((r) => r.body)).toEqual([{ endpoint: held?.endpoint }]);
  });
});
