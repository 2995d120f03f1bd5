import { logger } from '../../commons/observability';
import type { PushOutcome, PushSender } from '../../ports/push';
import type { VapidKeySource } from '../secrets/vapid-keys';
import { webPushRequest } from './web-push-request';

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
 * aes128gcm), built by web-push-request.ts and sent with fetch, so a push service that hangs is given up at `timeoutMs` and loopback
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
      let request: ReturnType<typeof webPushRequest>;
      try {
        request = webPushRequest(device, JSON.stringify(payload), {
          keys: await options.keys(),
          subject: options.subject,
          ttlSeconds: opts.ttlSeconds,
          urgency: opts.urgency,
          // Pushes about the same thing replace each other while still queued at the service.
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
        });
      } catch (error) {
        logger.warn('push not built', { error: String(error) });
        return 'failed';
      }
      for (let attempt = 0; ; attempt += 1) {
        let res: Response;
        try {
          res = await send(device.endpoint, {
            method: 'POST',
            headers: request.headers,
            body: new Uint8Array(request.body),
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
