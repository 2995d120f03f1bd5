import { logger } from '../../functions/commons/observability';
import { NOTIFICATION_SWEEP_EVENT, type NotificationSweepEvent } from '../../functions/stream/sweep-event';
import { createSleeper, pauseAfter } from './pause';

/**
 * The local stand-in for the schedule that, in AWS, sends the stream dispatcher's function a sweep
 * event every minute (infra/constructs/notifications.ts): it invokes the SAME handler with the same
 * event, every `intervalMs`, so the question mails gathered in a window go out when it closes. The
 * windows are items of the table (DynamoDB Local, kept in .data/), so a restart loses none: the
 * first sweep after it finds them due.
 */
export interface NotificationSweeperOptions {
  handler: (event: NotificationSweepEvent) => Promise<unknown>;
  /** Pause between sweeps. @default 1000 */
  intervalMs?: number;
  /** Longest pause while sweeps fail (the table or the SES emulator down). @default 10000 */
  maxBackoffMs?: number;
}

export interface NotificationSweeper {
  /** Sweeps now (and waits for it); tests use it to skip the pause. */
  sweepNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startNotificationSweeper(opts: NotificationSweeperOptions): NotificationSweeper {
  const intervalMs = opts.intervalMs ?? 1000;
  const maxBackoffMs = opts.maxBackoffMs ?? 10_000;
  let stopped = false;
  let failures = 0;
  const sleeper = createSleeper();
  // One sweep at a time, as a schedule's invocations rarely overlap (overlaps are safe anyway).
  let running: Promise<void> = Promise.resolve();

  const sweepOnce = () => {
    running = running.then(async () => {
      try {
        await opts.handler(NOTIFICATION_SWEEP_EVENT);
        if (failures > 0) logger.info('notification sweep works again', { failedSweeps: failures });
        failures = 0;
      } catch (error) {
        failures += 1;
        // Logged when it starts failing, not on every sweep; the windows stay due meanwhile.
        if (failures === 1)
          logger.warn('notification sweep failed; retrying with a growing pause', { error });
      }
    });
    return running;
  };

  const loop = (async () => {
    while (!stopped) {
      await sweepOnce();
      if (stopped) break;
      await sleeper.sleep(pauseAfter(failures, intervalMs, maxBackoffMs));
    }
  })();

  return {
    sweepNow: () => sweepOnce(),
    async stop() {
      stopped = true;
      sleeper.wake();
      await loop;
    },
  };
}
