import type { PushSubscriptionBody } from '#shared/push';
import { apiCall } from '@/lib/api-client';

/**
 * Web Push (issue 41): this device's subscription held for the signed-in person (subscribePush:
 * 201 new, 200 held already), or dropped (unsubscribePush: push turned off here, or signing out).
 * Called by lib/push/device.ts, which owns the browser's side of it.
 */
export const subscribePush = (subscription: PushSubscriptionBody) =>
  apiCall('subscribePush', { body: subscription });

export const unsubscribePush = (endpoint: string, signal?: AbortSignal) =>
  apiCall('unsubscribePush', { body: { endpoint }, signal });
