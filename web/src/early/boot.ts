/**
 * How the early script starts the app (docs/decisions/035-the-app-after-the-first-paint.md). The
 * build leaves the app's entry out of index.html and lists it, with the modules it imports, in a
 * meta element; the early script loads them once the first screen is painted, so that on a slow
 * link the screen's first bytes (its text, its main photo) do not share it with the app's ~110 KB.
 * Under the dev server there is no list: index.html loads the entry itself.
 */

/** The meta element's name; its content is the entry's URL, then its static imports' (space-separated). */
export const APP_MODULES_META = 'app-modules';

export function appModules(): string[] {
  const content = document.querySelector(`meta[name="${APP_MODULES_META}"]`)?.getAttribute('content') ?? '';
  return content.split(/\s+/).filter(Boolean);
}

/**
 * Preloads the entry's imports in parallel (not one round trip after the entry) and imports the
 * entry, which starts the app. Nothing when the build listed no entry.
 */
export function loadApp(importModule: (url: string) => Promise<unknown>): Promise<unknown> | undefined {
  const [entry, ...imports] = appModules();
  for (const href of imports) {
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.crossOrigin = '';
    preload.href = href;
    document.head.append(preload);
  }
  return entry === undefined ? undefined : importModule(entry);
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
