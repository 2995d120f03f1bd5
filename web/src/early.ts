/**
 * Runs first (an async module script of its own, small, at the top of index.html): starts the first
 * screen's API calls and paints what of the screen it can before the app, then starts the app
 * (docs/decisions/024-phone-speed.md, 034 and 035). The API client adopts the early answers
 * (early/first-screen.ts); React.lazy gets the screen's chunk already loaded or on its way; React's
 * first commit replaces the early paint with the same markup.
 */
import { FILTER_CATEGORIES } from '#shared/enums';
import { STORAGE_KEYS } from '#shared/limits';
import { SERVER_RENDERED_ATTRIBUTE } from '#shared/pages';
import { afterPaint, firstScreen, loadApp, photoSettled, preloadScreen } from './early/boot';
import { toApiTerm } from './features/marketplace/hooks/api-term';
import { paintFirstScreen } from './early/first-paint';
import {
  earlyRedirect,
  firstScreenGets,
  mustRevalidatePublicReads,
  preloadFirstPhotos,
  startEarlyGets,
} from './early/first-screen';

/** How long the app waits for a painted photo: a slow photo holds it back by this much at most. */
const PHOTO_HOLD_MS = 300;
/** How long the app waits for the early paint at all, whatever the API's answer does. */
const PAINT_HOLD_MS = 1000;

function storedUniversity(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.selectedUniversity);
  } catch {
    return null;
  }
}

// A password-recovery link goes to /reset-password, fragment kept; the marketplace or the search
// with no university chosen to the chooser, as their screens would once loaded. Done here, the
// screen paints at once (decision 035), not after the app has loaded, rendered and redirected.
/**
 * A document the server rendered (issue 27) already shows the screen with its data, and the app
 * hydrates that HTML: nothing here may change it (no redirect, no early calls, no paint). Only the
 * app starts. The static shell (a build without the render, the origin's fallback) keeps it all.
 */
const serverRendered = document.documentElement.hasAttribute(SERVER_RENDERED_ATTRIBUTE);

const redirect = serverRendered ? null : earlyRedirect(location, storedUniversity());
if (redirect) history.replaceState(history.state, '', redirect);

const { pathname, search } = location;

let started = false;
/** The screen's chunk and the app, once. */
function startApp() {
  if (started) return;
  started = true;
  loadApp((url) => import(/* @vite-ignore */ url))?.catch((error: unknown) => {
    // The entry could not load (offline without the service worker, a deployment in between):
    // the painted shell stays, and the browser's console says why.
    console.error(error);
  });
  // The screen's chunk is fetched alongside the app, and run by the router once the app has started.
  const screen = firstScreen(pathname);
  if (screen) void preloadScreen(screen);
}

// Not right after the person's own change to listings: the answers could be the browser's old
// copies (the app revalidates them), and painting them would show what the app then replaces.
const answers = startEarlyGets(
  serverRendered || mustRevalidatePublicReads() ? [] : firstScreenGets(pathname, search, storedUniversity()),
);
if (!serverRendered) void preloadFirstPhotos(pathname, answers);

/**
 * Paints the screen's top from the early answers (all of them, in firstScreenGets' order) with a
 * painter of its own chunk, then starts the app: once the painted photos are in and decoded (or
 * PHOTO_HOLD_MS after the paint), after the paint when it shows none, at once when there is nothing
 * to paint; PAINT_HOLD_MS after the start whatever the answers do.
 */
function paintThenStart<M>(
  painter: Promise<M>,
  paint: (module: M, bodies: unknown[]) => HTMLImageElement[] | false,
): void {
  setTimeout(startApp, PAINT_HOLD_MS);
  void Promise.all([Promise.all(answers.values()), painter.catch(() => undefined)]).then(
    ([bodies, module]) => {
      let photos: HTMLImageElement[] | false = false;
      try {
        photos = module ? paint(module, bodies) : false;
      } finally {
        if (photos === false) startApp();
        else
          void Promise.all(photos.map((photo) => photoSettled(photo, PHOTO_HOLD_MS))).then(() =>
            afterPaint(startApp),
          );
      }
    },
  );
}

try {
  if (serverRendered) startApp();
  else if (paintFirstScreen(pathname)) {
    // Text only: the app starts once it is on screen.
    afterPaint(startApp);
  } else if (/^\/product\/[^/]+$/.test(pathname) && answers.size === 1) {
    // The product's breadcrumb and main photo.
    paintThenStart(import('./early/product-paint'), (module, [answer]) => {
      // The page's next calls start now, not once the app asks for them (decision 039).
      startEarlyGets(module.productFollowUpGets(answer), true);
      const photo = module.paintProduct(answer);
      return photo === false ? false : photo ? [photo] : [];
    });
  } else if (pathname === '/marketplace' && answers.size === 1 + FILTER_CATEGORIES.length) {
    // The browsing marketplace: the university's header, the search bar, the shortcuts and the
    // first section with products (firstScreenGets asks the university, then the sections in order).
    paintThenStart(import('./early/listing-paint'), (module, [university, ...sections]) =>
      module.paintMarketplace(
        university,
        FILTER_CATEGORIES.map((category, i) => ({ category, answer: sections[i] })),
      ),
    );
  } else if (pathname === '/global-marketplace' && answers.size === 2) {
    // With no search nor filter: the banner, the strip, the search bar and the first cards.
    paintThenStart(import('./early/results-paint'), (module, [strip, results]) =>
      module.paintGlobal(strip, results),
    );
  } else if (pathname === '/search' && answers.size === 1) {
    const shown = (new URLSearchParams(search).get('q') ?? '').trim();
    paintThenStart(import('./early/results-paint'), (module, [results]) =>
      module.paintSearch(shown, toApiTerm(shown), results),
    );
  } else startApp();
} catch (error) {
  // A paint that fails must never keep the app from starting.
  startApp();
  throw error;
}
