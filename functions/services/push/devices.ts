import { createECDH } from 'node:crypto';
import {
  MAX_PUSH_DEVICES,
  PUSH_KINDS,
  PUSH_MESSAGES,
  type PushSettings,
  type PushSubscriptionBody,
} from '#shared/push';
import type { AuthContext } from '../../commons/auth';
import { isLocal } from '../../commons/env';
import { BadRequestError } from '../../commons/errors';
import type { PushDeviceStore } from '../../ports/push';
import type { StreamChange } from '../../ports/stream';
import { profileIdOf } from '../admin/admin-counts';
import { type AccountDeps, getProfile } from '../accounts/accounts';

/**
 * A person's devices for Web Push (issue 41): what the browser's PushSubscription gives, checked
 * before anything is stored. The browsers' push services are the only endpoints (Google's,
 * Mozilla's, Apple's, Microsoft's), over HTTPS; the local stack also takes loopback addresses,
 * where its own receiver stands in for them. Nothing else would ever deliver a push, and a server
 * that posts wherever a client says is a request forger.
 */
export interface PushDeviceDeps extends Pick<AccountDeps, 'profiles' | 'now'> {
  pushDevices: PushDeviceStore;
}

/** The push services' hosts: the host itself or any host under it. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether pushes may be posted to this endpoint (a push service's, or loopback on the local stack). */
export function acceptedEndpoint(endpoint: string, local = isLocal()): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (local && url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return true;
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Whether the subscription's key is a point of P-256 (an ECDH with it succeeds). */
export function validPublicKey(p256dh: string): boolean {
  const bytes = Buffer.from(p256dh, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/** POST /api/me/push-subscriptions: 'created' (201) or 'refreshed' (200, held already). */
export async function subscribePush(
  deps: PushDeviceDeps,
  auth: AuthContext,
  body: PushSubscriptionBody,
): Promise<{ outcome: 'created' | 'refreshed'; device: { endpoint: string; created_at: string } }> {
  if (!acceptedEndpoint(body.endpoint))
    throw new BadRequestError(PUSH_MESSAGES.invalidEndpoint, [
      { path: 'endpoint', message: PUSH_MESSAGES.invalidEndpoint },
    ]);
  if (!validPublicKey(body.keys.p256dh) || Buffer.from(body.keys.auth, 'base64url').length !== 16)
    throw new BadRequestError(PUSH_MESSAGES.invalidKeys, [
      { path: 'keys', message: PUSH_MESSAGES.invalidKeys },
    ]);
  const now = deps.now().toISOString();
  const outcome = await deps.pushDevices.hold(
    {
      userId: auth.userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: now,
    },
    MAX_PUSH_DEVICES,
    now,
  );
  const held = (await deps.pushDevices.devicesOf(auth.userId)).find((d) => d.endpoint === body.endpoint);
  return { outcome, device: { endpoint: body.endpoint, created_at: held?.createdAt ?? now } };
}

/** DELETE /api/me/push-subscriptions: the caller's own device goes; anyone else's stays, said alike. */
export async function unsubscribePush(
  deps: PushDeviceDeps,
  auth: AuthContext,
  endpoint: string,
): Promise<{ ok: true }> {
  await deps.pushDevices.release(auth.userId, endpoint);
  return { ok: true };
}

/** The caller's switches (the profile is created from the token on first use, as GET /api/me/profile does). */
export async function getPushSettings(deps: PushDeviceDeps, auth: AuthContext): Promise<PushSettings> {
  await getProfile(deps, auth);
  const settings = await deps.pushDevices.settings(auth.userId);
  return settings ?? (Object.fromEntries(PUSH_KINDS.map((k) => [k, true])) as PushSettings);
}

export async function updatePushSettings(
  deps: PushDeviceDeps,
  auth: AuthContext,
  changes: Partial<PushSettings>,
): Promise<PushSettings> {
  await getProfile(deps, auth);
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => typeof v === 'boolean'));
  if (Object.keys(given).length > 0) await deps.pushDevices.setSettings(auth.userId, given);
  return getPushSettings(deps, auth);
}

/** A profile removed (the account deleted): its devices go, and nothing more is pushed to them. */
export async function releaseDevicesOfProfile(
  deps: Pick<PushDeviceDeps, 'pushDevices'>,
  change: StreamChange,
): Promise<void> {
  if (change.eventName === 'REMOVE') await deps.pushDevices.releaseAll(profileIdOf(change));
}
