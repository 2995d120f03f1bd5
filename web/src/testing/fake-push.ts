import { vi } from 'vitest';

/**
 * The browser's side of Web Push for component tests (happy-dom has none): Notification and its
 * permission, the service worker's registration with its PushManager, and the user agent and
 * display mode that decide whether an iPhone must install the app first.
 */

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
/** A P-256 public key's shape (65 bytes, 0x04 first): the stage's VAPID key, a subscription's p256dh. */
export const fakeP256Key = (seed: number) =>
  base64url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * seed) % 256)));
export const PUSH_PUBLIC_KEY = fakeP256Key(7);

/** /runtime-config.json as the stage serves it, with or without its VAPID key. */
export const runtimeConfig = (pushPublicKey: string | null = PUSH_PUBLIC_KEY) => ({
  stage: 'test',
  apiBaseUrl: '',
  auth: { userPoolId: 'local_1', userPoolClientId: 'client', region: 'us-east-1' },
  ...(pushPublicKey ? { pushPublicKey } : {}),
});

export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export interface FakePushOptions {
  /** Notification.permission at the start. */
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  /** The browser holds a subscription already. */
  subscribed?: boolean;
  userAgent?: string;
  standalone?: boolean;
}

export function fakePush(options: FakePushOptions = {}) {
  let permission: NotificationPermission = options.permission ?? 'default';
  let count = 0;
  const makeSubscription = (key: BufferSource | null) => {
    count += 1;
    const endpoint = `https://fcm.googleapis.com/fcm/send/device-${count}`;
    const keys = { p256dh: fakeP256Key(count + 10), auth: base64url(new Uint8Array(16).fill(count)) };
    const subscription = {
      endpoint,
      expirationTime: null,
      options: {
        applicationServerKey: key ? new Uint8Array(key as ArrayBuffer).buffer : null,
        userVisibleOnly: true,
      },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: vi.fn(async () => {
        if (state.subscription === subscription) state.subscription = null;
        return true;
      }),
    };
    return subscription;
  };
  type FakeSubscription = ReturnType<typeof makeSubscription>;
  const state: { subscription: FakeSubscription | null } = { subscription: null };
  if (options.subscribed) {
    const key = Buffer.from(PUSH_PUBLIC_KEY, 'base64url');
    state.subscription = makeSubscription(new Uint8Array(key));
  }
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (opts: PushSubscriptionOptionsInit) => {
      state.subscription = makeSubscription(opts.applicationServerKey as BufferSource);
      return state.subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    permission = options.answer ?? 'granted';
    return permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  const realMatchMedia = window.matchMedia.bind(window);
  vi.stubGlobal('matchMedia', (query: string) =>
    query === '(display-mode: standalone)'
      ? ({ matches: options.standalone ?? false, media: query } as MediaQueryList)
      : realMatchMedia(query),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  if (options.userAgent)
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: options.userAgent });

  return {
    pushManager,
    requestPermission,
    get subscription() {
      return state.subscription;
    },
    permission: () => permission,
  };
}

/** Takes the fakes away again (afterEach, beside vi.unstubAllGlobals). */
export function removeFakePush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
}
