import { whenIdle } from '@/lib/when-idle';

/**
 * Starts the service worker's registration after the page's `load` event, when the main thread is
 * idle: the worker's install (the shell's precache) then never competes with the first screen for a
 * slow connection or a slow CPU, and its code is a chunk of its own. Production builds only: the dev
 * server has no /sw.js. Returns a cancel function (an effect's cleanup).
 */
export function scheduleServiceWorkerRegistration(
  register: () => Promise<unknown> = () =>
    import('./register-service-worker').then(async (m) => {
      await m.registerServiceWorker();
      // With the worker registered: a signed-in person's push subscription is sent again (issue 41).
      m.renewPushOnStart();
    }),
  enabled: boolean = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
): () => void {
  if (!enabled) return () => {};
  const run = () => {
    register().catch(() => {
      // No worker (a private window that refuses storage, an old browser): the app works as a site.
    });
  };
  let cancelWait = () => {};
  const wait = () => {
    cancelWait = whenIdle(run);
  };
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return () => {
    window.removeEventListener('load', wait);
    cancelWait();
  };
}
