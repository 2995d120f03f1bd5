/**
 * Web Push in the service worker (issue 41): what a push shows and where its tap leads. Pure
 * functions over the few worker APIs they need, so the worker's listeners (./sw.ts) stay one line
 * each and the rules are tested with fake clients.
 *
 * Every push shows a notification, whatever it carries: a browser may revoke a subscription whose
 * push shows nothing (iOS does). A payload that is not shared/push.ts pushPayloadSchema's shape
 * (checked by hand: zod stays out of the worker) shows the generic one.
 */

export interface ShownPush {
  title: string;
  body: string;
  /** The app's page to open: a same-origin path ('/product/42'). */
  path: string;
  /** Pushes with the same tag replace each other ('' for none). */
  tag: string;
}

export const GENERIC_PUSH: ShownPush = {
  title: 'Mercado Universitario',
  body: 'Tienes novedades en Mercado Universitario.',
  path: '/',
  // Generic pushes replace each other: one 'Tienes novedades' says it all.
  tag: 'novedades',
};

/** The app's icon, and the monochrome mark Android shows in the status bar. */
export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/badge-96.png';

/**
 * A same-origin path: no scheme-relative '//host', and no backslash or white space, which URL
 * parsers turn into one ('/\\host', '/\t/host').
 */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !/[\\\s]/.test(path);

const isString = (v: unknown, min: number, max: number): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max;

/**
 * The push's payload (JSON text) as shared/push.ts pushPayloadSchema describes it, else the generic
 * push: an empty, malformed or unexpected payload still shows something.
 */
export function readPushPayload(text: string | null | undefined): ShownPush {
  if (!text) return GENERIC_PUSH;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return GENERIC_PUSH;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return GENERIC_PUSH;
  const { title, body, path, tag, ...rest } = data as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return GENERIC_PUSH;
  if (!isString(title, 1, 120) || !isString(body, 0, 240) || !isString(tag, 0, 64)) return GENERIC_PUSH;
  if (!isString(path, 1, 2000) || !isAppPath(path)) return GENERIC_PUSH;
  return { title, body, path, tag };
}

/** `showNotification`'s arguments for a push. */
export function notificationOf(push: ShownPush): [string, NotificationOptions & { renotify?: boolean }] {
  const options: NotificationOptions & { renotify?: boolean } = {
    body: push.body,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    data: { path: push.path },
  };
  // A browser refuses `renotify` without a tag; with one, the replacing push alerts the person again.
  if (push.tag) Object.assign(options, { tag: push.tag, renotify: true });
  return [push.title, options];
}

/** What the worker's `push` listener needs of the registration. */
export interface NotifyingRegistration {
  showNotification(title: string, options?: NotificationOptions): Promise<void>;
}

/** The `push` listener's work: always one visible notification. */
export function showPush(
  registration: NotifyingRegistration,
  text: string | null | undefined,
): Promise<void> {
  const [title, options] = notificationOf(readPushPayload(text));
  return registration.showNotification(title, options);
}

/** The text of a push event's data, null when it has none or it cannot be read. */
export function pushText(data: { text(): string } | null | undefined): string | null {
  try {
    return data ? data.text() : null;
  } catch {
    return null;
  }
}

/** The app's URL a tapped notification opens: its data's path on this origin, else the home page. */
export function notificationUrl(data: unknown, origin: string): string {
  const path = (data as { path?: unknown } | null | undefined)?.path;
  if (typeof path === 'string' && isAppPath(path)) {
    const url = new URL(path, origin);
    if (url.origin === origin) return url.href;
  }
  return new URL('/', origin).href;
}

/** A window of the app as the worker sees it (WindowClient). */
export interface AppWindow {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
export interface WorkerClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * The `notificationclick` listener's work (the notification already closed): an open window of the
 * app is brought forward and shown the page (the focused one first); without one, a new window
 * opens it. A window the worker does not control cannot be navigated: a new window then.
 */
export async function openNotification(clients: WorkerClients, data: unknown, origin: string): Promise<void> {
  const url = notificationUrl(data, origin);
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  const target = windows.find((w) => w.focused) ?? windows[0];
  if (target) {
    try {
      await target.focus();
      if (target.url !== url) await target.navigate(url);
      return;
    } catch {
      // Not controlled by this worker (or gone): open the page anew.
    }
  }
  await clients.openWindow(url);
}
