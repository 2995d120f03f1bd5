import { SERVER_RENDERED_ATTRIBUTE } from '#shared/pages';
import { CACHE_URLS, PAGE_REQUEST_ACCEPT, isNetworkStatusMessage, SKIP_WAITING } from './messages';
import { offerUpdate, reportNetwork } from './status';

/** Run by ./schedule.ts once the worker is registered: this chunk loads then anyway. */
export { renewPushOnStart } from '../push/lazy';

/**
 * Registers /sw.js and wires its life cycle to the shell (decision 023). Loaded as its own chunk
 * once the page has loaded and the main thread is idle (./schedule.ts), so it adds nothing to the
 * first route's JavaScript and the worker's precache download never competes with the page's.
 */

export const SERVICE_WORKER_URL = '/sw.js';
/** A tab (an installed app especially) may stay open for days: look for a new version hourly. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Same-origin files and API reads this page loaded (the worker decides which of them it keeps). */
export function loadedUrls(entries: readonly { name: string }[], origin: string): string[] {
  const urls = new Set<string>();
  for (const { name } of entries) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    const path = url.pathname;
    if (path.startsWith('/api/') || path.startsWith('/assets/') || path.startsWith('/images/')) {
      urls.add(url.href);
    }
  }
  return [...urls];
}

/**
 * A document the server rendered, as the worker's page rule takes it (an `Accept: text/html`
 * request; the worker fetches the page again and keeps the answer), so it opens offline.
 */
function ownDocument(): [string, RequestInit][] {
  if (!document.documentElement.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return [];
  return [[location.href.split('#')[0], { headers: { accept: PAGE_REQUEST_ACCEPT } }]];
}

export async function registerServiceWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): Promise<ServiceWorkerRegistration> {
  const hadController = Boolean(container.controller);
  let updateRequested = false;
  let reloading = false;

  container.addEventListener('message', (event) => {
    if (isNetworkStatusMessage(event.data)) reportNetwork(event.data.online);
  });

  const reloadOnce = () => {
    if (!reloading) {
      reloading = true;
      reload();
    }
  };

  container.addEventListener('controllerchange', () => {
    if (updateRequested) {
      // This tab chose 'Actualizar': the new worker is in control, load the new version once.
      reloadOnce();
      return;
    }
    if (!hadController) {
      // First install: the worker just took control. What this page loaded before that (the
      // screen's chunk, the product, its photos) goes through its routes, so it reads offline.
      container.controller?.postMessage({
        type: CACHE_URLS,
        payload: {
          urlsToCache: [
            ...ownDocument(),
            ...loadedUrls(performance.getEntriesByType('resource'), location.origin),
          ],
        },
      });
      return;
    }
    // Another tab chose 'Actualizar'. This one still runs the previous version, which keeps
    // working (its files stay on the origin and in the cache); offer the reload, never force it.
    offerUpdate(reload);
  });

  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });

  const offer = (worker: ServiceWorker) =>
    offerUpdate(() => {
      updateRequested = true;
      // Also when the chosen worker reports itself active: on a busy phone its controllerchange
      // can come late, and the person pressed 'Actualizar' to get the new version now.
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') reloadOnce();
      });
      worker.postMessage({ type: SKIP_WAITING });
    });
  // A new version installed earlier and still waits (another tab of the old one was open).
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // 'installed' with a controller: an update that waits for the person; without one it is the
      // first install, which activates by itself.
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
  setInterval(() => {
    registration.update().catch(() => {
      // Offline or the origin unreachable: the next check tries again.
    });
  }, UPDATE_CHECK_MS);
  return registration;
}
