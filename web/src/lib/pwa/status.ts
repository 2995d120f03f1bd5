/**
 * What the app shell shows about the connection and the installed version (decision 023), as a
 * small store read with `useSyncExternalStore`:
 * - offline: the browser says so (navigator.onLine, online/offline events), or the service worker's
 *   last API read failed to reach the network (a phone "connected" to a Wi-Fi without internet);
 *   the next success or the browser's 'online' clears it.
 * - update: a new version waits; `applyUpdate` runs what the registration set (tell the waiting
 *   worker to take over, then reload).
 * Kept in the entry (it is tiny); the registration itself loads later (./register-service-worker).
 */

export interface PwaStatus {
  offline: boolean;
  updateAvailable: boolean;
}

const listeners = new Set<() => void>();
let networkFailed = false;
let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let update: (() => void) | null = null;
let snapshot: PwaStatus = compute();

function compute(): PwaStatus {
  return { offline: browserOffline || networkFailed, updateAvailable: update !== null };
}

function publish(): void {
  const next = compute();
  if (next.offline === snapshot.offline && next.updateAvailable === snapshot.updateAvailable) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

const onOnline = () => {
  browserOffline = false;
  networkFailed = false;
  publish();
};
const onOffline = () => {
  browserOffline = true;
  publish();
};

export function subscribePwaStatus(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    // Read again on (re)subscription: the state may have changed while nobody listened.
    browserOffline = navigator.onLine === false;
    snapshot = compute();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    }
  };
}

export const getPwaStatus = (): PwaStatus => snapshot;

const ONLINE: PwaStatus = { offline: false, updateAvailable: false };
/** The server renders neither notice (the client's hydration neither): they show once it runs. */
export const getServerPwaStatus = (): PwaStatus => ONLINE;

/** The service worker's word on the last API read (true: it reached the network). */
export function reportNetwork(reached: boolean): void {
  networkFailed = !reached;
  publish();
}

/** Offers an update: `apply` runs when the person chooses 'Actualizar' (null withdraws it). */
export function offerUpdate(apply: (() => void) | null): void {
  update = apply;
  publish();
}

export function applyUpdate(): void {
  update?.();
}
