/**
 * Whether this browser can take push notifications (issue 41), from facts the page reads at once.
 *
 * - 'unsupported': no push here (the stage has no VAPID key, or the browser lacks service workers,
 *   the Push API or notifications): nothing is offered.
 * - 'needs-install': an iPhone or iPad browsing in Safari: push only works once the app is on the
 *   home screen (iOS 16.4 and later), opened from there.
 * - 'denied': the person blocked notifications for this site; only the browser's settings undo it.
 * - 'available': a tap on 'Activar notificaciones' may ask the permission and subscribe.
 */
export type PushAvailability = 'available' | 'needs-install' | 'unsupported' | 'denied';

export interface PushFacts {
  /** The runtime config carries the stage's VAPID public key (pushPublicKey). */
  hasKey: boolean;
  userAgent: string;
  maxTouchPoints: number;
  /** Opened from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  /** Notification.permission, null without the Notification API. */
  permission: NotificationPermission | null;
}

/** iOS's version from an iPhone's user agent ('OS 17_4'), or Safari's ('Version/17.4') for an iPad's desktop one. */
function iosVersion(userAgent: string): number | null {
  const match = /OS (\d+)_(\d+)/.exec(userAgent) ?? /Version\/(\d+)\.(\d+)/.exec(userAgent);
  return match ? Number(match[1]) + Number(match[2]) / 100 : null;
}

/** An iPhone, iPod or iPad (iPadOS says 'Macintosh', but a Mac has no touch screen). */
export const isAppleMobile = (facts: Pick<PushFacts, 'userAgent' | 'maxTouchPoints'>) =>
  /iPhone|iPad|iPod/.test(facts.userAgent) || (/Macintosh/.test(facts.userAgent) && facts.maxTouchPoints > 1);

export function pushAvailability(facts: PushFacts): PushAvailability {
  if (!facts.hasKey) return 'unsupported';
  if (isAppleMobile(facts) && !facts.standalone) {
    const version = iosVersion(facts.userAgent);
    // Before iOS 16.4 no web app gets push, installed or not.
    return version !== null && version < 16.04 ? 'unsupported' : 'needs-install';
  }
  if (!facts.serviceWorker || !facts.pushManager || facts.permission === null) return 'unsupported';
  if (facts.permission === 'denied') return 'denied';
  return 'available';
}

/** The facts of this browser. */
export function browserPushFacts(hasKey: boolean): PushFacts {
  const nav = globalThis.navigator as (Navigator & { standalone?: boolean }) | undefined;
  return {
    hasKey,
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone:
      nav?.standalone === true || globalThis.matchMedia?.('(display-mode: standalone)').matches === true,
    serviceWorker: nav !== undefined && 'serviceWorker' in nav,
    pushManager: 'PushManager' in globalThis,
    permission: 'Notification' in globalThis ? Notification.permission : null,
  };
}
