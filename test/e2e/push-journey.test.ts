import { randomUUID } from 'node:crypto';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_ADMIN, DEMO_SELLER } from '../../scripts/local/demo-users';
import type { PushDeviceInfo, ReceivedPush } from '../../scripts/local/push-receiver';
import {
  expectAccessible,
  launchChromium,
  openSession,
  type Session,
  sessionToken,
  signIn,
} from './journey-support';

/**
 * Web Push (issue 41) in Chromium, end to end on the local stack. Chromium's own push service (FCM)
 * cannot be reached here, so the browser's PushManager is replaced by an init script that hands out
 * a device of the stack's own push service (scripts/local/push-receiver.ts: real keys, a loopback
 * endpoint); the notifications permission is granted as a person would have (CDP
 * Browser.grantPermissions, through Playwright). A person turns push on in /settings, the app sends
 * the subscription to the API, sets a kind off. Then a real event: they ask the demo seller a
 * question and the seller answers it; the server pushes, the local push service checks the VAPID
 * signature and decrypts the push with the device's key, and that push, delivered to the service
 * worker (CDP ServiceWorker.deliverPushMessage), shows its notification, read back with
 * registration.getNotifications(); a malformed one shows the generic notification. Signing out
 * drops the device first.
 *
 * The demo admin is the person: no other journey reads their notifications or devices.
 */
const baseUrl = inject('baseUrl');
const cognitoEndpoint = inject('cognitoEndpoint');
const pushReceiverUrl = inject('pushReceiverUrl');
const origin = new URL(baseUrl).origin;
const PRODUCT = DEMO_SELLER_PRODUCTS[0];

let browser: Browser;
let session: Session;

/** The device the fake PushManager hands out: one of the local push service's. */
let endpoint = '';
let p256dh = '';
let auth = '';
let deviceId = '';

const subscriptionBodySchema = z.object({
  endpoint: z.string(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
});
const notificationSchema = z.object({
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  icon: z.string(),
  badge: z.string(),
  data: z.object({ path: z.string() }).nullable(),
});
type ShownNotification = z.infer<typeof notificationSchema>;

beforeAll(async () => {
  const device = (await (
    await fetch(`${pushReceiverUrl}/devices`, {
      method: 'POST',
      body: JSON.stringify({ label: 'Chromium del administrador' }),
    })
  ).json()) as PushDeviceInfo;
  ({ endpoint } = device.subscription);
  ({ p256dh, auth } = device.subscription.keys);
  deviceId = device.id;

  browser = await launchChromium();
  session = await openSession(browser, baseUrl, { universityId: 'ucab' });
  const { context } = session;
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      // The browser's subscription, kept across page loads as the browser keeps it.
      const STORED = '__testPushSubscription';
      const toBase64url = (buffer: ArrayBuffer | null) =>
        buffer
          ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
              .replace(/\+/g, '-')
              .replace(/\//g, '_')
              .replace(/=+$/, '')
          : null;
      const make = (applicationServerKey: string | null) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        applicationServerKey,
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(STORED);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const text =
          typeof key === 'string'
            ? key
            : key
              ? toBase64url(key instanceof ArrayBuffer ? key : (key as Uint8Array).slice().buffer)
              : null;
        localStorage.setItem(
          STORED,
          JSON.stringify({ key: text, userVisibleOnly: options?.userVisibleOnly }),
        );
        return make(text) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const stored = localStorage.getItem(STORED);
        return stored ? (make(JSON.parse(stored).key) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, p256dh, auth },
  );
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

/** The VAPID key the stack serves (its own pair, made in its data directory). */
async function servedKey(): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/runtime-config.json`)).json()) as { pushPublicKey?: string };
  expect(config.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  return config.pushPublicKey as string;
}

/** The service worker's registration id, as DevTools knows it (ServiceWorker domain). */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the worker shows now with this tag. */
async function shown(page: Page, tag: string): Promise<ShownNotification[]> {
  const raw = await page.evaluate(async (t) => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications({ tag: t })).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: (n as Notification & { badge?: string }).badge,
      data: n.data,
    }));
  }, tag);
  return z.array(notificationSchema).parse(raw);
}

describe('push notifications', () => {
  it("turns push on from /settings with one tap: the browser's subscription goes to the API", async () => {
    const page = session.page;
    await page.goto('/login');
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Notificaciones en este dispositivo' }).waitFor();
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/me/push-subscriptions') && r.method() === 'POST',
    );
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/push-subscriptions') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Activar notificaciones' }).click();

    // The web app's part: the subscription, with the stage's key, sent as the browser gave it.
    const request = await sent;
    expect(subscriptionBodySchema.parse(request.postDataJSON())).toEqual({
      endpoint,
      expirationTime: null,
      keys: { p256dh, auth },
    });
    expect(request.headers().authorization).toMatch(/^Bearer /);
    const stored = await page.evaluate(() => localStorage.getItem('__testPushSubscription'));
    expect(JSON.parse(stored ?? '{}')).toEqual({ key: await servedKey(), userVisibleOnly: true });

    // The backend's part (issue 41's API): the device is held, new (201).
    const response = await answered;
    expect(response.status(), await response.text()).toBe(201);
    await page.getByText('Notificaciones activadas en este dispositivo').waitFor();
    await page.getByRole('button', { name: 'Desactivar en este dispositivo' }).waitFor();
    await expectAccessible(page);
  });

  it('sets a kind off with its switch, saved at once, and keeps it across a reload, which sends the subscription again (backend)', async () => {
    const page = session.page;
    const alerts = page.getByRole('switch', { name: 'Productos nuevos de mis alertas' });
    expect(await alerts.getAttribute('aria-checked')).toBe('true');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/push-settings') && r.request().method() === 'PUT',
    );
    await alerts.click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ alerts: false });
    await page.getByText('Configuración guardada correctamente').first().waitFor();

    // Each start of the app sends the held subscription again (once the worker is registered, idle).
    const renewed = page.waitForRequest(
      (r) => r.url().endsWith('/api/me/push-subscriptions') && r.method() === 'POST',
      { timeout: 20_000 },
    );
    await page.reload();
    const renewal = await renewed;
    expect(renewal.postDataJSON()).toEqual({ endpoint, expirationTime: null, keys: { p256dh, auth } });
    // The backend's part: held already (the contract's 200; 201 were it dropped meanwhile).
    expect((await renewal.response())?.ok()).toBe(true);
    await page.getByText('Notificaciones activadas en este dispositivo').waitFor();
    const after = page.getByRole('switch', { name: 'Productos nuevos de mis alertas' });
    await expect.poll(() => after.getAttribute('aria-checked')).toBe('false');
    // Put back, so the next run starts as the demo does.
    await after.click();
    await page.getByText('Configuración guardada correctamente').first().waitFor();
    session.expectNoProblems();
  });

  it("a real event reaches the device: the seller answers the person's question, the server pushes, the worker shows it", async () => {
    const page = session.page;
    // The person asks the demo seller a question (through the API: what is tested here is the push).
    const call = async (token: string, method: string, path: string, body: unknown, extra = {}) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extra },
        body: JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return (await res.json()) as { id: string };
    };
    const asker = await sessionToken(baseUrl, cognitoEndpoint, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const seller = await sessionToken(baseUrl, cognitoEndpoint, DEMO_SELLER.email, DEMO_SELLER.password);
    const question = await call(
      asker,
      'POST',
      `/api/products/${PRODUCT.id}/questions`,
      { question_text: '¿Incluye el casco y las luces?' },
      { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    );
    try {
      await call(seller, 'PUT', `/api/products/${PRODUCT.id}/questions/${question.id}/answer`, {
        answer_text: 'Sí, ambos incluidos.',
      });
      // The local push service got it: signed with the stage's key, and decrypted with the device's.
      const received = async () =>
        (await (await fetch(`${pushReceiverUrl}/pushes.json?device=${deviceId}`)).json()) as ReceivedPush[];
      await expect.poll(async () => (await received()).length, { timeout: 15_000 }).toBe(1);
      const [push] = await received();
      expect(push.refused).toBeNull();
      expect(push.vapidKey).toBe(await servedKey());
      const payload = JSON.parse(push.payload ?? '{}') as {
        title: string;
        body: string;
        path: string;
        tag: string;
      };
      expect(payload).toEqual({
        title: 'Respondieron tu pregunta',
        body: `«${PRODUCT.title}»: Sí, ambos incluidos.`,
        path: `/product/${PRODUCT.id}`,
        tag: `producto-${PRODUCT.id}`,
      });

      // That push, as the browser would hand it to the worker: its notification, and the page it opens.
      const cdp = await page.context().newCDPSession(page);
      const id = await registrationId(cdp);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: id,
        data: push.payload ?? '',
      });
      await expect.poll(() => shown(page, payload.tag), { timeout: 10_000 }).toHaveLength(1);
      expect(await shown(page, payload.tag)).toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: payload.tag,
          icon: `${origin}/icons/icon-192.png`,
          badge: `${origin}/icons/badge-96.png`,
          data: { path: payload.path },
        },
      ]);
      const push2 = { ...payload, body: 'El vendedor respondió otra de tus preguntas.' };
      // A second push about the same listing replaces the first.
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: id,
        data: JSON.stringify(push2),
      });
      await expect
        .poll(async () => (await shown(page, payload.tag)).map((n) => n.body))
        .toEqual([push2.body]);
      await cdp.detach();
    } finally {
      // The demo's listing keeps only its own questions (other journeys read it).
      await fetch(`${baseUrl}/api/products/${PRODUCT.id}/questions/${question.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${asker}` },
      });
    }
    session.expectNoProblems();
  });

  it('shows the generic notification for a malformed push: a push never goes unseen', async () => {
    const page = session.page;
    const cdp = await page.context().newCDPSession(page);
    const id = await registrationId(cdp);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: 'esto no es JSON',
    });
    await expect.poll(() => shown(page, 'novedades'), { timeout: 10_000 }).toHaveLength(1);
    expect(await shown(page, 'novedades')).toEqual([
      {
        title: 'Mercado Universitario',
        body: 'Tienes novedades en Mercado Universitario.',
        tag: 'novedades',
        icon: `${origin}/icons/icon-192.png`,
        badge: `${origin}/icons/badge-96.png`,
        data: { path: '/' },
      },
    ]);
    await cdp.detach();
    session.expectNoProblems();
  });

  it("signing out drops this device's subscription first, while the session is valid (backend)", async () => {
    const page = session.page;
    await page.goto('/settings');
    await page.getByText('Notificaciones activadas en este dispositivo').waitFor();
    const left = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/push-subscriptions') && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click();
    const response = await left;
    expect(response.request().postDataJSON()).toEqual({ endpoint });
    expect(response.status(), await response.text()).toBe(200);
    await page.getByText('Sesión cerrada correctamente').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('__testPushSubscription'))).toBeNull();
    session.expectNoProblems();
  });
});
