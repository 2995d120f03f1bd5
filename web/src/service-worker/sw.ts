/**
 * The service worker (built into /sw.js by web/pwa-plugin.ts; decision 023).
 *
 * - Precache: the shell only — index.html, the entry script with its static imports, its CSS, the
 *   favicon (the list is injected at build time: web/pwa-plugin.ts). Lazy screens are kept when
 *   first used (runtime cache), so the first visit downloads nothing it did not need.
 * - Pages the server renders (shared/pages.ts): network first, so the person sees the server's
 *   render; the last 30 seen are kept for a week, so a page seen once opens offline with its
 *   content; without network and without a kept copy, the shell. The pages served a static shell
 *   only (shared/pages.ts shellPages(): the session's pages, the mails' links, the admin area) get
 *   their own precached shell (the bar and the page's loading state from the first paint, offline
 *   too), and other page loads of client-side routes the precached index.html (fast on a slow
 *   network, and the app opens offline).
 * - Public API reads: network first, the kept answer after a 4 s timeout or a network failure.
 *   Requests with credentials, non-GETs and `no-store` / `private` answers are never kept.
 * - Hashed files and images: cache first, bounded by count and age.
 * - Updates never swap code under an open page: a new worker waits until every tab of the old one
 *   is closed, or until the person chooses 'Actualizar' (the page then reloads itself).
 * - Web Push (issue 41): every push shows a notification (the generic one when its payload is not
 *   the app's); a tap brings the app forward on the push's page (./push-handlers.ts).
 */
import { apiRoutes } from 'virtual:api-routes';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  PrecacheController,
  type PrecacheEntry,
  PrecacheRoute,
} from 'workbox-precaching';
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type StrategyOptions } from 'workbox-strategies';
import { NETWORK_STATUS, type NetworkStatusMessage, SKIP_WAITING } from '@/lib/pwa/messages';
import {
  isAppNavigation,
  isFailedRender,
  isHashedAsset,
  isImage,
  isPublicApiRead,
  isRenderedPageLoad,
  isRuntimeConfig,
  mayKeep,
  navigationShell,
  publicReadPatterns,
  type RequestFacts,
} from './cache-rules';
import { openNotification, pushText, showPush, type WorkerClients } from './push-handlers';

// The DOM lib types this program; the few worker globals used here are declared for this module.
interface WorkerClient {
  postMessage(message: unknown): void;
}
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface WorkerScope {
  location: Location;
  clients: WorkerClients & { claim(): Promise<void>; get(id: string): Promise<WorkerClient | undefined> };
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}
declare const self: WorkerScope;
/** The shell's files, compiled in by the build (web/pwa-plugin.ts). */
declare const __PRECACHE_ENTRIES__: PrecacheEntry[];
type WorkboxPlugin = NonNullable<StrategyOptions['plugins']>[number];

const CACHE_NAMES = {
  api: 'mercado-api',
  assets: 'mercado-assets',
  images: 'mercado-images',
  config: 'mercado-config',
  pages: 'mercado-pages',
} as const;

const DAY = 24 * 60 * 60;
const origin = self.location.origin;
const apiPatterns = publicReadPatterns(apiRoutes);
const facts = (request: Request, url: URL): RequestFacts => ({
  method: request.method,
  url,
  mode: request.mode,
  headers: request.headers,
});

const precache = new PrecacheController();
precache.precache(__PRECACHE_ENTRIES__);
cleanupOutdatedCaches();

/** Only answers the server allows to be kept (status 200, not `no-store` / `private`). */
const keepAllowed: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (mayKeep(response) ? response : null),
};

/** Tells the tab whether its API read reached the network: drives the 'Sin conexión' notice. */
async function tellClient(event: Event | undefined, online: boolean): Promise<void> {
  const clientId = (event as { clientId?: string } | undefined)?.clientId;
  if (!clientId) return;
  const client = await self.clients.get(clientId);
  client?.postMessage({ type: NETWORK_STATUS, online } satisfies NetworkStatusMessage);
}
const reportNetwork: WorkboxPlugin = {
  fetchDidFail: async ({ event }) => tellClient(event, false),
  fetchDidSucceed: async ({ event, response }) => {
    await tellClient(event, true);
    return response;
  },
};

const router = new Router();
router.registerRoute(new PrecacheRoute(precache));
type PageHandler = ReturnType<PrecacheController['createHandlerBoundToURL']>;
const shellHandlers = new Map<string, PageHandler>();
/**
 * A page load answered from the precache: the page's own static shell when it is precached (the
 * pages served a shell only), else the generic index.html.
 */
const shell: PageHandler = (options) => {
  const file = navigationShell(options.url.pathname, (url) => precache.getCacheKeyForURL(url) !== undefined);
  let handler = shellHandlers.get(file);
  if (!handler) {
    handler = precache.createHandlerBoundToURL(file);
    shellHandlers.set(file, handler);
  }
  return handler(options);
};
/** A failed render's answer (isFailedRender) counts as a failed fetch: the kept copy, else the shell. */
const failedRenderIsNoAnswer: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (isFailedRender(response.status)) throw new Error(`The page's render answered ${response.status}`);
    return response;
  },
};
const renderedPage = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  // The render answers in well under a second; past 3 s the kept copy (or the shell) shows.
  networkTimeoutSeconds: 3,
  plugins: [
    failedRenderIsNoAnswer,
    keepAllowed,
    reportNetwork,
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
  ],
});
router.registerRoute(
  new Route(
    ({ request, url }) => isRenderedPageLoad(facts(request, url), origin),
    async (options) => {
      try {
        return await renderedPage.handle(options);
      } catch {
        // No network and no kept copy: the app opens from the shell and says what it can.
        return shell(options);
      }
    },
  ),
);
router.registerRoute(new Route(({ request, url }) => isAppNavigation(facts(request, url), origin), shell));
router.registerRoute(
  new Route(
    ({ request, url }) => isPublicApiRead(facts(request, url), origin, apiPatterns),
    new NetworkFirst({
      cacheName: CACHE_NAMES.api,
      // On a slow network the last answer seen shows after 4 s; the fresh one still updates the cache.
      networkTimeoutSeconds: 4,
      plugins: [
        keepAllowed,
        reportNetwork,
        // "The last listings and products seen": the most recent 80 answers of the last week.
        new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  ),
);
router.registerRoute(
  new Route(
    ({ request, url }) => isHashedAsset(facts(request, url), origin),
    new CacheFirst({
      cacheName: CACHE_NAMES.assets,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        // Old versions' chunks stay usable by tabs still running them, and age out.
        new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  ),
);
router.registerRoute(
  new Route(
    ({ request, url }) => isImage(facts(request, url), origin),
    new CacheFirst({
      cacheName: CACHE_NAMES.images,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        // Photos are the heavy part: 120 (tens of KB each as WebP) for two weeks.
        new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 14 * DAY, purgeOnQuotaError: true }),
      ],
    }),
  ),
);
router.registerRoute(
  new Route(
    ({ request, url }) => isRuntimeConfig(facts(request, url), origin),
    new NetworkFirst({ cacheName: CACHE_NAMES.config, networkTimeoutSeconds: 4, plugins: [keepAllowed] }),
  ),
);
router.addFetchListener();
// CACHE_URLS from the page: what it loaded before this worker controlled it goes through the routes.
router.addCacheListener();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Taking control is safe on the first install (no older worker; this one serves every URL as the
// network would) and after 'Actualizar' (that tab reloads; other open tabs keep their old code,
// whose chunks stay in the runtime cache and on the origin, and are offered the reload). A waiting
// update never activates under an open tab otherwise, since nothing else calls skipWaiting.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Web Push (issue 41): a push always shows a notification, the generic one when its payload is not
// the app's (a push that shows nothing may cost the subscription, on iOS at once).
self.addEventListener('push', (event) => event.waitUntil(showPush(self.registration, pushText(event.data))));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotification(self.clients, event.notification.data, origin));
});
