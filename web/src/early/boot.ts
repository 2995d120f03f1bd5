/**
 * How the early script starts the app (docs/decisions/035-the-app-after-the-first-paint.md). The
 * build leaves the app's entry out of index.html and lists it, with the modules it imports, in a
 * meta element; the early script loads them once the first screen is painted, so that on a slow
 * link the screen's first bytes (its text, its main photo) do not share it with the app's ~110 KB.
 * Under the dev server there is no list: index.html loads the entry itself.
 */

/** The meta element's name; its content is the app's modules in the order they evaluate, the entry last. */
export const APP_MODULES_META = 'app-modules';

/**
 * The meta elements (one per first screen, `data-screen` its key in FIRST_SCREEN_MODULES) listing
 * the files of that screen's chunk that the app's modules do not include: scripts and stylesheets.
 */
export const SCREEN_MODULES_META = 'screen-modules';

/** The screens the early script starts loading, by key: the router's modules (from src/, no extension), for the build. */
export const FIRST_SCREEN_MODULES = {
  marketplace: 'features/marketplace/routes/marketplace',
  product: 'features/product/routes/product',
  search: 'features/marketplace/routes/search',
  global: 'features/marketplace/routes/global-marketplace',
  chooser: 'features/universities/routes/select-university',
} as const;

export type FirstScreen = keyof typeof FIRST_SCREEN_MODULES;

/** The first screen at `pathname`, for the paths people land on. */
export function firstScreen(pathname: string): FirstScreen | undefined {
  if (pathname === '/marketplace') return 'marketplace';
  if (pathname.startsWith('/product/')) return 'product';
  if (pathname === '/search') return 'search';
  if (pathname === '/global-marketplace') return 'global';
  if (pathname === '/' || pathname === '/select-university') return 'chooser';
  return undefined;
}

const listed = (meta: Element | null) => (meta?.getAttribute('content') ?? '').split(/\s+/).filter(Boolean);

export function appModules(): string[] {
  return listed(document.querySelector(`meta[name="${APP_MODULES_META}"]`));
}

/** A module to preload, or a stylesheet to apply as Vite's loader does. */
function addLink(rel: 'modulepreload' | 'stylesheet', href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  // The same fetch mode as the module graph's (and Vite's) own requests, or the browser fetches twice.
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * Starts fetching the files of a first screen's chunk (fetched and compiled, not run: the router
 * runs it once the app has started), one per task, and applies its stylesheets as Vite's own loader
 * would. False when the build listed none for it (the dev server).
 */
export async function preloadScreen(screen: FirstScreen, betweenLinks = nextTask): Promise<boolean> {
  const files = listed(
    document.querySelector(`meta[name="${SCREEN_MODULES_META}"][data-screen="${screen}"]`),
  );
  for (const href of files) {
    addLink(href.endsWith('.css') ? 'stylesheet' : 'modulepreload', href);
    await betweenLinks();
  }
  return files.length > 0;
}

/**
 * A new task: what comes after runs once the browser has had its turn (a paint, an input). A
 * message, not a timer: a page opened in a background tab gets its timers throttled to one a second.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Preloads the app's modules (in parallel, not one round trip after another), then runs them one
 * per task in the listed order, the entry last (which starts the app): a module graph runs in one
 * task, and all of the app's at once (~25 ms on this machine, ×4 on Lighthouse's phone) was the
 * longest task after the first paint (docs/decisions/039-the-app-one-chunk-per-task.md). The order
 * puts each chunk's imports before it, so each import runs that chunk alone. The preload links go
 * in one per task too: inserting one cost 0.4–7 ms on this machine, up to ~28 ms for five on a busy
 * moment, in one task. Nothing when the build listed no module.
 */
export function loadApp(
  importModule: (url: string) => Promise<unknown>,
  betweenTasks: () => Promise<void> = nextTask,
): Promise<unknown> | undefined {
  const modules = appModules();
  if (modules.length === 0) return undefined;
  return (async () => {
    for (const href of modules) {
      addLink('modulepreload', href);
      await betweenTasks();
    }
    let entry: unknown;
    for (const [i, href] of modules.entries()) {
      if (i > 0) await betweenTasks();
      entry = await importModule(href);
    }
    return entry;
  })();
}

/**
 * Calls `then` once, after the browser has painted the page as it is now: the frame after the next
 * animation frame. A hidden tab runs no animation frames, hence the timer as well.
 */
export function afterPaint(then: () => void, fallbackMs = 100): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, fallbackMs);
}

/**
 * Resolves once the photo is ready to paint (loaded and decoded: a photo with `decoding="async"`
 * may otherwise paint a frame or more after its load event) or has failed, or after `ms` (a slow
 * photo never holds the app long).
 */
export function photoSettled(photo: HTMLImageElement, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => resolve();
    const loaded = () => {
      if (typeof photo.decode === 'function') photo.decode().then(settled, settled);
      else settled();
    };
    setTimeout(settled, ms);
    if (photo.complete) return loaded();
    photo.addEventListener('load', loaded, { once: true });
    photo.addEventListener('error', settled, { once: true });
  });
}
