/**
 * The messages the page and the service worker exchange (web/src/service-worker/sw.ts). Plain
 * objects with a `type`; both sides ignore anything else.
 */

/** Page → waiting worker: the person chose 'Actualizar'; take over now (the page reloads after). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * Page → worker: fetch these same-origin URLs through the worker's routes (Workbox's cache
 * listener). Sent once, when a worker first takes control, with what the page loaded before it did,
 * so the very first product seen is readable offline too.
 */
export const CACHE_URLS = 'CACHE_URLS';

/** Worker → page: whether an API read just reached the network (`online: false` when it failed). */
export const NETWORK_STATUS = 'NETWORK_STATUS';

export interface NetworkStatusMessage {
  type: typeof NETWORK_STATUS;
  online: boolean;
}

export function isNetworkStatusMessage(data: unknown): data is NetworkStatusMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === NETWORK_STATUS &&
    typeof (data as { online?: unknown }).online === 'boolean'
  );
}

/**
 * The `Accept` of the request with which a page hands the worker its own server-rendered
 * document to keep (service-worker/cache-rules.ts isRenderedPageLoad): a page cannot make a
 * navigation request, so the worker knows the page's load by this header.
 */
export const PAGE_REQUEST_ACCEPT = 'text/html';
