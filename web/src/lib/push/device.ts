import { STORAGE_KEYS } from '#shared/limits';
import type { PushSubscriptionBody } from '#shared/push';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { subscribePush, unsubscribePush } from '@/lib/api/push-subscriptions';
import { currentSession, sessionSettled } from '@/lib/session';
import { read, write } from '@/lib/storage';
import { browserPushFacts, type PushAvailability, pushAvailability } from './availability';

/**
 * This device's Web Push (issue 41): the browser's side (permission, the service worker's
 * PushSubscription) and the API's (the subscription held for the signed-in person). Imported
 * lazily, on use: the settings block, the offers after an alert, a question or a listing, the app's
 * start and the sign-out (./lazy.ts).
 *
 * The permission is asked only from a tap ('Activar notificaciones'), never on a page's load.
 */

export interface PushDevice {
  availability: PushAvailability;
  /** Push is on for this device: permission granted and a subscription held by the browser. */
  on: boolean;
}

/** How long a tap waits for the service worker (registered once the first page was idle). */
const WORKER_WAIT_MS = 10_000;
/** Signing out waits this long at most for the device to be dropped. */
const LEAVE_WAIT_MS = 5_000;

/** The stage's VAPID public key, null without one (push is then not offered). */
async function publicKey(): Promise<string | null> {
  try {
    return (await loadRuntimeConfig()).pushPublicKey ?? null;
  } catch {
    return null;
  }
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (a stage's new key needs a new subscription). */
function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options?.applicationServerKey;
  if (!used) return true; // the browser does not say: take it as it is
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** The subscription this browser holds, null without one (or without a service worker yet). */
async function heldSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** The body the API takes: `toJSON()`'s endpoint, expiry and keys, nothing else. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Whether push may be offered here and whether it is on for this device. */
export async function readPushDevice(): Promise<PushDevice> {
  const availability = pushAvailability(browserPushFacts((await publicKey()) !== null));
  const on =
    availability === 'available' &&
    Notification.permission === 'granted' &&
    (await heldSubscription()) !== null;
  return { availability, on };
}

/** A subscription made with the stage's key: the one held when it fits, else a new one. */
async function subscribeWith(
  registration: ServiceWorkerRegistration,
  key: string,
): Promise<PushSubscription> {
  const keyBytes = base64urlBytes(key);
  const held = await registration.pushManager.getSubscription();
  if (held && madeWithKey(held, keyBytes)) return held;
  if (held) await held.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes });
}

/**
 * 'Activar notificaciones': call it from the tap itself. The permission is asked at once (Safari
 * only shows its prompt inside the tap's own task: the default argument runs before any await),
 * then the browser subscribes with the stage's key and the API holds the subscription. Answers
 * 'granted' when push is on, else the permission the person chose ('denied', or 'default' when they
 * closed the prompt). A failure after the permission leaves push off here, and throws (an ApiError
 * when the API refused it).
 */
export async function enablePush(
  permission: Promise<NotificationPermission> = Notification.requestPermission(),
): Promise<NotificationPermission> {
  const answer = await permission;
  if (answer !== 'granted') return answer;
  const key = await publicKey();
  if (!key) throw new Error('push: the runtime config has no pushPublicKey');
  const registration = await within(navigator.serviceWorker.ready, WORKER_WAIT_MS, 'service worker');
  const subscription = await subscribeWith(registration, key);
  try {
    await subscribePush(subscriptionBody(subscription));
  } catch (err) {
    // Not held by the API: not on either, so the next tap starts over.
    await subscription.unsubscribe().catch(() => undefined);
    throw err;
  }
  return 'granted';
}

/** 'Desactivar en este dispositivo': the API drops the device, then the browser its subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await heldSubscription();
  if (!subscription) return;
  await unsubscribePush(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * At each start of the app with a session: the subscription the browser holds is sent again (the
 * API takes it as held, or holds the renewed one the browser may have made since in its place).
 * Nothing happens without the permission, a subscription or a session; failures wait for the next start.
 */
export async function renewPushSubscription(
  signedIn: () => Promise<boolean> = async () => {
    await sessionSettled();
    return currentSession().status === 'signed-in';
  },
): Promise<void> {
  if (!('Notification' in globalThis) || Notification.permission !== 'granted') return;
  if (!(await signedIn())) return;
  const key = await publicKey();
  const held = await heldSubscription();
  if (!key || !held) return;
  const registration = await navigator.serviceWorker.ready;
  await subscribePush(subscriptionBody(await subscribeWith(registration, key)));
}

/**
 * Signing out on this device: the API drops the device first (the session's token still valid),
 * then the browser its subscription, so the next person on this browser gets none of this one's
 * pushes. Never fails nor waits long: signing out goes on whatever happens here.
 */
export async function leavePushDevice(): Promise<void> {
  try {
    const subscription = await heldSubscription();
    if (!subscription) return;
    const controller = new AbortController();
    await within(
      unsubscribePush(subscription.endpoint, controller.signal),
      LEAVE_WAIT_MS,
      'unsubscribe',
    ).catch(() => controller.abort());
    await subscription.unsubscribe();
  } catch {
    // The browser's subscription could not be read or dropped: nothing more to do here.
  }
}

/**
 * The offer after an alert, a question or a listing: push available here, not on yet, and not
 * declined ('Ahora no') before on this browser.
 */
export async function shouldOfferPush(): Promise<boolean> {
  if (read(STORAGE_KEYS.pushOfferDismissed) !== null) return false;
  const device = await readPushDevice();
  return device.availability === 'available' && !device.on;
}

/** 'Ahora no': the offer is not made again on this browser (/settings still has the button). */
export function dismissPushOffer(): void {
  write(STORAGE_KEYS.pushOfferDismissed, new Date().toISOString());
}
