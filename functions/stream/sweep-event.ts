/**
 * The event that asks the stream dispatcher's function to sweep the notification windows that are
 * due (docs/decisions/020): in AWS a schedule sends it every minute (infra/constructs/
 * notifications.ts); locally the stack's sweeper (scripts/local/notification-sweeper.ts).
 */
export const NOTIFICATION_SWEEP_EVENT = { sweep: 'notifications' } as const;
export type NotificationSweepEvent = typeof NOTIFICATION_SWEEP_EVENT;

export function isNotificationSweep(event: unknown): event is NotificationSweepEvent {
  return (
    typeof event === 'object' &&
    event !== null &&
    !('Records' in event) &&
    (event as { sweep?: unknown }).sweep === NOTIFICATION_SWEEP_EVENT.sweep
  );
}
