/**
 * The push module (./device.ts), loaded on use: it carries the runtime config's parser (zod), so no
 * first screen downloads it. The app's start and the sign-out call in here only when the browser
 * already gave this site the permission: for everyone else they load nothing.
 */
export const loadPush = () => import('./device');

const permissionGranted = () => 'Notification' in globalThis && Notification.permission === 'granted';

/** At the app's start: the subscription the browser holds is sent again for the signed-in person. */
export function renewPushOnStart(): void {
  if (!permissionGranted()) return;
  loadPush()
    .then((m) => m.renewPushSubscription())
    .catch(() => {
      // Offline, or the API refused it: the next start tries again.
    });
}

/** Before signing out on this device: drops its subscription while the session is still valid. */
export async function leavePushBeforeSignOut(): Promise<void> {
  if (!permissionGranted()) return;
  await loadPush()
    .then((m) => m.leavePushDevice())
    .catch(() => undefined);
}
