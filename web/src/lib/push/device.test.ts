// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRuntimeConfigForTests } from '@/config/runtime-config';
import {
  type FakePushOptions,
  fakeP256Key,
  fakePush,
  IPHONE_SAFARI,
  PUSH_PUBLIC_KEY,
  removeFakePush,
  runtimeConfig,
} from '@/testing/fake-push';
import { type FakeRequest, fakeApi } from '@/testing/render';
import { type PushFacts, pushAvailability } from './availability';
import { leavePushDevice, renewPushSubscription } from './device';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const OLD_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1';

const facts = (over: Partial<PushFacts> = {}): PushFacts => ({
  hasKey: true,
  userAgent: ANDROID_CHROME,
  maxTouchPoints: 5,
  standalone: false,
  serviceWorker: true,
  pushManager: true,
  permission: 'default',
  ...over,
});

describe('pushAvailability', () => {
  it('offers push where the browser has it and the stage has a key', () => {
    expect(pushAvailability(facts())).toBe('available');
    expect(pushAvailability(facts({ permission: 'granted' }))).toBe('available');
    // A Mac's Safari (no touch screen) has push in the browser itself.
    expect(pushAvailability(facts({ userAgent: IPAD_DESKTOP, maxTouchPoints: 0 }))).toBe('available');
  });

  it('offers nothing without the key, a service worker, the Push API or notifications', () => {
    expect(pushAvailability(facts({ hasKey: false }))).toBe('unsupported');
    expect(pushAvailability(facts({ serviceWorker: false }))).toBe('unsupported');
    expect(pushAvailability(facts({ pushManager: false }))).toBe('unsupported');
    expect(pushAvailability(facts({ permission: null }))).toBe('unsupported');
    expect(pushAvailability(facts({ hasKey: false, userAgent: IPHONE_SAFARI }))).toBe('unsupported');
  });

  it('asks an iPhone or iPad in Safari to install the app first (iOS 16.4 and later)', () => {
    const iphone = { userAgent: IPHONE_SAFARI, pushManager: false, permission: null };
    expect(pushAvailability(facts(iphone))).toBe('needs-install');
    expect(pushAvailability(facts({ userAgent: IPAD_DESKTOP, pushManager: false }))).toBe('needs-install');
    expect(pushAvailability(facts({ userAgent: OLD_IPHONE, pushManager: false }))).toBe('unsupported');
    expect(pushAvailability(facts({ userAgent: IPHONE_SAFARI, standalone: true }))).toBe('available');
  });

  it('says when the person blocked notifications', () => {
    expect(pushAvailability(facts({ permission: 'denied' }))).toBe('denied');
  });
});

function api(answer: (req: FakeRequest) => { status?: number; body: unknown } | undefined = () => undefined) {
  const server = fakeApi(
    (req) =>
      answer(req) ??
      (req.url.pathname === '/runtime-config.json'
        ? { body: runtimeConfig() }
        : req.method === 'POST'
          ? { status: 201, body: { endpoint: 'x', created_at: '2026-01-01T00:00:00.000Z' } }
          : { body: { ok: true } }),
  );
  return {
    pushCalls: () =>
      server.requests
        .filter((r) => r.url.pathname === '/api/me/push-subscriptions')
        .map((r) => ({ method: r.method, body: r.body })),
  };
}
const withPush = (options: FakePushOptions) => fakePush(options);

beforeEach(() => forgetRuntimeConfigForTests());
afterEach(() => {
  vi.unstubAllGlobals();
  removeFakePush();
});

describe('at the start of the app', () => {
  it('sends the held subscription again for the signed-in person', async () => {
    const browser = withPush({ permission: 'granted', subscribed: true });
    const server = api();
    await renewPushSubscription(async () => true);
    expect(server.pushCalls()).toEqual([{ method: 'POST', body: browser.subscription?.toJSON() }]);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('subscribes anew when the stage changed its key (the old subscription goes)', async () => {
    const browser = withPush({ permission: 'granted', subscribed: true });
    const old = browser.subscription;
    const key = fakeP256Key(3);
    const server = api((req) =>
      req.url.pathname === '/runtime-config.json' ? { body: runtimeConfig(key) } : undefined,
    );
    await renewPushSubscription(async () => true);
    expect(old?.unsubscribe).toHaveBeenCalled();
    expect(browser.subscription).not.toBe(old);
    expect(server.pushCalls()).toEqual([{ method: 'POST', body: browser.subscription?.toJSON() }]);
    expect(key).not.toBe(PUSH_PUBLIC_KEY);
  });

  it('sends nothing signed out, without the permission or without a subscription', async () => {
    for (const [options, signedIn] of [
      [{ permission: 'granted', subscribed: true }, false],
      [{ permission: 'default', subscribed: true }, true],
      [{ permission: 'granted', subscribed: false }, true],
    ] as [FakePushOptions, boolean][]) {
      withPush(options);
      const server = api();
      await renewPushSubscription(async () => signedIn);
      expect(server.pushCalls(), JSON.stringify(options)).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});

describe('signing out on this device', () => {
  it('drops the endpoint at the API first, then the browser its subscription', async () => {
    const browser = withPush({ permission: 'granted', subscribed: true });
    const held = browser.subscription;
    const order: string[] = [];
    const server = api((req) => {
      if (req.method === 'DELETE') order.push('DELETE');
      return undefined;
    });
    held?.unsubscribe.mockImplementation(async () => {
      order.push('unsubscribe');
      return true;
    });
    await leavePushDevice();
    expect(server.pushCalls()).toEqual([{ method: 'DELETE', body: { endpoint: held?.endpoint } }]);
    expect(order).toEqual(['DELETE', 'unsubscribe']);
  });

  it('still drops the browser subscription when the API cannot be reached, and never fails', async () => {
    const browser = withPush({ permission: 'granted', subscribed: true });
    const held = browser.subscription;
    api((req) => (req.method === 'DELETE' ? { status: 503, body: {} } : undefined));
    await expect(leavePushDevice()).resolves.toBeUndefined();
    expect(held?.unsubscribe).toHaveBeenCalled();
  });

  it('does nothing without a subscription', async () => {
    withPush({ permission: 'granted' });
    const server = api();
    await leavePushDevice();
    expect(server.pushCalls()).toEqual([]);
  });
});
