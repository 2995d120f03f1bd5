// The local origin's API delay switch (issue 27): every /api/* answer, and every API read a server
// render makes in process, waits this long first, so the slow-API journey (a render that reaches
// its data deadline and renders the loading state; a browser waiting on its reads) can be tried by
// hand and by the E2E suite. LOCAL ONLY: it wraps the local API Gateway's `invokeApi`
// (scripts/local/server.ts); nothing under functions/ or infra/ knows it.
//
//   GET /__local/api-delay → {"ms":0}; PUT with {"ms": 5000} (JSON) sets it; {"ms": 0} turns it off.
import type { InvokeApi } from '../../functions/http/api-event';

/** Where the local server answers the switch (outside /api: API Gateway has no such route). */
export const API_DELAY_PATH = '/__local/api-delay';
/** The longest delay the switch accepts: past the render's and the browser's timeouts, not forever. */
export const API_DELAY_MAX_MS = 60_000;

/** The delay a PUT body asks for, or what is wrong with it. */
export function parseApiDelay(body: string): { ms: number } | { error: string } {
  let ms: unknown;
  try {
    ms = (JSON.parse(body) as { ms?: unknown } | null)?.ms;
  } catch {
    ms = undefined;
  }
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > API_DELAY_MAX_MS)
    return { error: `ms must be an integer from 0 to ${API_DELAY_MAX_MS}` };
  return { ms };
}

export interface DelayedApi {
  invokeApi: InvokeApi;
  readonly ms: number;
  setMs(ms: number): void;
}

/** `invoke`, answering each request `ms` later than it would (0: at once, the default). */
export function delayedInvokeApi(invoke: InvokeApi): DelayedApi {
  let ms = 0;
  return {
    invokeApi: async (req) => {
      // The delay read when the request arrives: a request in flight keeps the delay it got.
      const wait = ms;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return invoke(req);
    },
    get ms() {
      return ms;
    },
    setMs(next) {
      ms = next;
    },
  };
}

/** Sets (or, without `ms`, reads) the delay of the stack at `origin`. */
export async function setApiDelay(origin: string, ms?: number): Promise<number> {
  const res = await fetch(new URL(API_DELAY_PATH, origin), {
    method: ms === undefined ? 'GET' : 'PUT',
    ...(ms === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) }),
  });
  const body = (await res.json()) as { ms?: unknown; error?: unknown };
  if (!res.ok || typeof body.ms !== 'number') throw new Error(`${origin}${API_DELAY_PATH}: ${String(body.error)}`);
  return body.ms;
}
