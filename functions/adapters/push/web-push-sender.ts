import webpush from 'web-push';
import { logger } from '../../commons/observability';
import type { PushOutcome, PushSender } from '../../ports/push';
import type { VapidKeySource } from '../secrets/vapid-keys';

export interface WebPushOptions {
  /** The VAPID `sub` claim: a mailto: of the stage's sender. */
  subject: string;
  keys: VapidKeySource;
  /** One request's longest wait for a push service. */
  timeoutMs?: number;
  /** Retries of a 429 or 5xx, each after the service's Retry-After (capped). */
  retries?: number;
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
}

/** Seconds or an HTTP date, as Retry-After gives it; in milliseconds, within [0, cap]. */
function retryAfterMs(header: string | null, cap: number): number {
  if (!header) return Math.min(1000, cap);
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Math.max(0, Math.min(Number.isFinite(ms) ? ms : cap, cap));
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted to the device (RFC 8291,
 * aes128gcm): the `web-push` library builds the request (its encryption and signature), and this
 * sends it with fetch, so a push service that hangs is given up at `timeoutMs` and loopback
 * endpoints (the local receiver) work over plain HTTP. 404 and 410 say the subscription is gone; a
 * 429 or 5xx is retried after its Retry-After, a bounded number of times, then given up.
 */
export function createWebPushSender(options: WebPushOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? 5000;
  const retries = options.retries ?? 2;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 3000;
  const send = options.fetch ?? fetch;
  return {
    async send(device, payload, opts): Promise<PushOutcome> {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        const vapid = await options.keys();
        request = webpush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: {
              subject: options.subject,
              publicKey: vapid.publicKey,
              privateKey: vapid.privateKey,
            },
            TTL: opts.ttlSeconds,
            urgency: opts.urgency,
            // Pushes about the same thing replace each other while still queued at the service.
            topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        logger.warn('push not built', { error: String(error) });
        return 'failed';
      }
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      for (let attempt = 0; ; attempt += 1) {
        let res: Response;
        try {
          res = await send(request.endpoint, {
            method: 'POST',
            headers,
            body: request.body as Buffer<ArrayBuffer> | null,
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (error) {
          logger.warn('push service did not answer', {
            host: new URL(device.endpoint).host,
            error: String(error),
          });
          return 'failed';
        }
        await res.body?.cancel().catch(() => {});
        if (res.status >= 200 && res.status < 300) return 'sent';
        if (res.status === 404 || res.status === 410) return 'gone';
        if ((res.status === 429 || res.status >= 500) && attempt < retries) {
          await new Promise((r) =>
            setTimeout(r, retryAfterMs(res.headers.get('retry-after'), maxRetryWaitMs)),
          );
          continue;
        }
        logger.warn('push refused', { host: new URL(device.endpoint).host, status: res.status });
        return 'failed';
      }
    },
  };
}
