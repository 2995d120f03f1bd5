import { logger } from '../../functions/commons/observability';

/**
 * The pauses of the local stack's polling loops (the stream poller, the notification sweeper):
 * `intervalMs` while all is well, doubling per failure up to `maxBackoffMs` while the part they
 * read is down; and a stop that need not wait the pause out.
 */
export function pauseAfter(failures: number, intervalMs: number, maxBackoffMs: number): number {
  return failures === 0 ? intervalMs : Math.min(intervalMs * 2 ** failures, maxBackoffMs);
}

export interface Sleeper {
  /** Waits `ms`, or less if woken. */
  sleep(ms: number): Promise<void>;
  /** Ends the current sleep at once (a stop). */
  wake(): void;
}

export function createSleeper(): Sleeper {
  let wake: (() => void) | undefined;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = undefined;
          resolve();
        }, ms);
        wake = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
      }),
    wake: () => wake?.(),
  };
}

export interface SweepLoop<A> {
  /** Queues one run now (after any run under way) and resolves when it is done. */
  run(arg?: A): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A local stand-in for a schedule (the notification sweeper, the admin's job runner): runs `work`
 * every `intervalMs`, one run at a time, pausing longer while it fails (logged when it starts
 * failing and when it works again, not on every run); `run` adds a run at once.
 */
export function startSweepLoop<A>(
  label: string,
  work: (arg: A | undefined, stopped: () => boolean) => Promise<void>,
  opts: { intervalMs?: number; maxBackoffMs?: number } = {},
): SweepLoop<A> {
  const intervalMs = opts.intervalMs ?? 1000;
  const maxBackoffMs = opts.maxBackoffMs ?? 10_000;
  let stopped = false;
  let failures = 0;
  const sleeper = createSleeper();
  let running: Promise<void> = Promise.resolve();

  const run = (arg?: A) => {
    running = running.then(async () => {
      try {
        await work(arg, () => stopped);
        if (failures > 0) logger.info(`${label} works again`, { failedRuns: failures });
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1) logger.warn(`${label} failed; retrying with a growing pause`, { error });
      }
    });
    return running;
  };

  const loop = (async () => {
    while (!stopped) {
      await run();
      if (stopped) break;
      await sleeper.sleep(pauseAfter(failures, intervalMs, maxBackoffMs));
    }
  })();

  return {
    run,
    async stop() {
      stopped = true;
      sleeper.wake();
      await loop;
      await running;
    },
  };
}
