import type { ExpiryJobDeps, ExpiryRunResult } from '../../functions/services/publishing/listing-expiry';
import { startSweepLoop } from './pause';

/**
 * The local stand-in for the expiry job's hourly schedule (docs/decisions/030): runs the same
 * service (runExpiry) in this process every `intervalMs` (LOCAL_EXPIRY_INTERVAL_MS, default one
 * minute), one run at a time. The listings' state is in the table, so a restart loses nothing.
 */
export interface ExpiryTimer {
  /** Runs the job now (after any run under way); tests and the e2e hook use it. */
  runNow(): Promise<ExpiryRunResult | undefined>;
  stop(): Promise<void>;
}

export function startExpiryTimer(
  deps: () => ExpiryJobDeps,
  opts: { intervalMs?: number; maxBackoffMs?: number } = {},
): ExpiryTimer {
  let last: ExpiryRunResult | undefined;
  const loop = startSweepLoop<never>(
    'listing expiry',
    async () => {
      const { runExpiry } = await import('../../functions/services/publishing/listing-expiry');
      last = await runExpiry(deps());
    },
    { intervalMs: opts.intervalMs ?? 60_000, maxBackoffMs: opts.maxBackoffMs ?? 300_000 },
  );
  return {
    async runNow() {
      await loop.run();
      return last;
    },
    stop: () => loop.stop(),
  };
}

/**
 * The local stack's control path that runs the expiry job now (`POST`; answers the run's counts).
 * A hook of the local stack only, like the search switch: no deployed function has it. Tests use
 * it after writing a listing's expiry into the past, instead of waiting for the timer.
 */
export const EXPIRY_RUN_PATH = '/__local/expiry-run';

export async function handleExpiryRun(
  timer: () => ExpiryTimer | undefined,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): Promise<void> {
  const answer = (status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(JSON.stringify(body));
  };
  req.resume();
  const running = timer();
  if (req.method !== 'POST') return answer(405, { error: 'POST' });
  if (!running) return answer(503, { error: 'the expiry timer has not started yet' });
  answer(200, (await running.runNow()) ?? null);
}

/** Runs the expiry job of the local stack at `origin` now; its counts. */
export async function runLocalExpiry(origin: string): Promise<ExpiryRunResult | null> {
  const res = await fetch(new URL(EXPIRY_RUN_PATH, origin), { method: 'POST' });
  if (!res.ok) throw new Error(`${origin}${EXPIRY_RUN_PATH}: ${res.status}`);
  return (await res.json()) as ExpiryRunResult | null;
}
