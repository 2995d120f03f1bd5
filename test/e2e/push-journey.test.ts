import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { DEMO_ADMIN } from '../../scripts/local/demo-users';
import { expectAccessible, launchChromium, openSession, type Session, signIn } from './journey-support';

/**
 * Web Push (issue 41) in Chromium. Chromium's own push service (FCM) cannot be reached here, so the
 * browser's PushManager is replaced by an init script: its subscription's endpoint is this test's
 * loopback 'push service' and its keys are real ones (a P-256 public key, a 16-byte secret); the
 * notifications permission is granted as a person would have (CDP Browser.grantPermissions, through
 * Playwright). A person then turns push on in /settings, the app sends the subscription to the API,
 * sets a kind off, and signs out (the device leaves first). The service worker's part is real: a push
 * delivered through CDP (ServiceWorker.deliverPushMessage) shows its notification, read back with
 * registration.getNotifications(); a malformed one shows the generic notification.
 *
 * The demo admin is the person: no other journey reads their notifications or devices.
 */
const baseUrl = inject('baseUrl');
const origin = new URL(baseUrl).origin;

let browser: Browser;
let session: Session;
let pushService: Server;
const delivered: { path: string; headers: IncomingMessage['headers'] }[] = [];

/** The subscription the fake PushManager hands out: a loopback endpoint, real-looking keys. */
const deviceId = randomBytes(6).toString('hex');
const p256dh = createECDH('prime256v1').generateKeys().toString('base64url'); // 65 bytes, 0x04 first
const auth = randomBytes(16).toString('base64url');
let endpoint = '';
/**
 * The VAPID key the app subscribes with when the local stack serves none yet (until the backend's
 * scripts/local writes its own: then the stack's is used and this one never is).
 */
const STAND_IN_VAPID_KEY = createECDH('prime256v1').generateKeys().toString('base64url');

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
  // A stand-in push service on a free loopback port: what the backend may send there is recorded.
  pushService = createServer((req, res) => {
    delivered.push({ path: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/${deviceId}`;

  browser = await launchChromium();
  session = await openSession(browser, baseUrl, { universityId: 'ucab' });
  const { context } = session;
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  await context.addInitScript(
    ({ endpoint, p256dh, auth, standInKey }) => {
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
      // Until the local stack serves its VAPID key (the backend's part), the app gets a stand-in.
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await realFetch(input, init);
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.endsWith('/runtime-config.json') || !response.ok) return response;
        const config = await response.clone().json();
        if (config.pushPublicKey) return response;
        return new Response(JSON.stringify({ ...config, pushPublicKey: standInKey }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      };
    },
    { endpoint, p256dh, auth, standInKey: STAND_IN_VAPID_KEY },
  );
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

/** The VAPID key the stack serves, or the stand-in the page gets instead. */
async function servedKey(): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/runtime-config.json`)).json()) as { pushPublicKey?: string };
  return config.pushPublicKey ?? STAND_IN_VAPID_KEY;
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

  it('shows a push the service worker receives: title, body, tag and the page to open', async () => {
    const page = session.page;
    const cdp = await page.context().newCDPSession(page);
    const id = await registrationId(cdp);
    const push = {
      title: 'Nueva respuesta',
      body: 'El vendedor respondió tu pregunta sobre «Libro de Cálculo I».',
      path: '/product/1#preguntas',
      tag: `answers-${deviceId}`,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify(push),
    });
    await expect.poll(() => shown(page, push.tag), { timeout: 10_000 }).toHaveLength(1);
    expect(await shown(page, push.tag)).toEqual([
      {
        title: push.title,
        body: push.body,
        tag: push.tag,
        icon: `${origin}/icons/icon-192.png`,
        badge: `${origin}/icons/badge-96.png`,
        data: { path: '/product/1#preguntas' },
      },
    ]);

    // A second push about the same thing replaces the first.
    const again = { ...push, body: 'El vendedor respondió otra de tus preguntas.' };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify(again),
    });
    await expect.poll(async () => (await shown(page, push.tag)).map((n) => n.body)).toEqual([again.body]);
    await cdp.detach();
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
