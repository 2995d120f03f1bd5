import { NOTIFICATION_SWEEP_EVENT, type NotificationSweepEvent } from '../../functions/stream/sweep-event';
import { startSweepLoop } from './pause';

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
  // One sweep at a time, as a schedule's invocations rarely overlap (overlaps are safe anyway). The
  // windows stay due while sweeps fail, so nothing is lost meanwhile.
  const loop = startSweepLoop<never>(
    'notification sweep',
    async () => {
      await opts.handler(NOTIFICATION_SWEEP_EVENT);
    },
    opts,
  );
  return { sweepNow: () => loop.run(), stop: () => loop.stop() };
}
