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
