// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRuntimeConfigForTests } from '@/config/runtime-config';
import { type FakePushOptions, fakePush, removeFakePush, runtimeConfig } from '@/testing/fake-push';
import { type FakeRequest, fakeApi, renderRoutes } from '@/testing/render';
import { usePushOffer } from './use-push';

/** A screen whose 'Guardar' succeeds with the offer, as 'Crear alerta' does. */
function Saver() {
  const offer = usePushOffer();
  return (
    <button
      type="button"
      onClick={() =>
        offer(
          { title: 'Alerta creada', description: 'Te avisaremos por correo.' },
          '¿Te avisamos también con una notificación?',
        )
      }
    >
      Guardar
    </button>
  );
}

function open(push: FakePushOptions = {}, key: string | null | undefined = undefined) {
  const browser = fakePush(push);
  const server = fakeApi((req: FakeRequest) => {
    if (req.url.pathname === '/runtime-config.json') return { body: runtimeConfig(key) };
    if (req.url.pathname === '/api/me/push-subscriptions' && req.method === 'POST')
      return { status: 201, body: { endpoint: 'x', created_at: '2026-01-01T00:00:00.000Z' } };
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
  renderRoutes([{ path: '/', element: <Saver /> }], '/');
  const posts = () => server.requests.filter((r) => r.url.pathname === '/api/me/push-subscriptions');
  return { browser, server, posts };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
/** The success toast says its piece; then the module's answer is in (it may add the offer). */
async function saved(server: { requests: FakeRequest[] }) {
  await screen.findByText('Alerta creada');
  await waitFor(() =>
    expect(server.requests.some((r) => r.url.pathname === '/runtime-config.json')).toBe(true),
  );
  await new Promise((r) => setTimeout(r, 20));
}
const offered = () => screen.queryByRole('button', { name: 'Activar notificaciones' });

beforeEach(() => {
  localStorage.clear();
  forgetRuntimeConfigForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  removeFakePush();
});

describe('the offer of push after a success', () => {
  it('adds the offer to the success toast; a tap asks the permission and subscribes', async () => {
    const { browser, posts } = open();
    save();
    expect(
      await screen.findByText('Te avisaremos por correo. ¿Te avisamos también con una notificación?'),
    ).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Activar notificaciones' }));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notificaciones activadas')).toBeTruthy();
    expect(posts().map((r) => r.body)).toEqual([browser.subscription?.toJSON()]);
  });

  it("'Ahora no' closes it and it is never offered again on this browser", async () => {
    const { server, browser } = open();
    save();
    fireEvent.click(await screen.findByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByText('Alerta creada')).toBeNull();
    expect(localStorage.getItem('pushOfferDismissed')).not.toBeNull();
    save();
    await saved(server);
    expect(offered()).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('is not offered when push is on here already, blocked, or not possible', async () => {
    for (const [push, key] of [
      [{ permission: 'granted', subscribed: true }, undefined],
      [{ permission: 'denied' }, undefined],
      [{}, null],
    ] as [FakePushOptions, string | null | undefined][]) {
      forgetRuntimeConfigForTests();
      const { server } = open(push, key);
      save();
      await saved(server);
      expect(offered(), JSON.stringify(push)).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
      removeFakePush();
    }
  });
});
