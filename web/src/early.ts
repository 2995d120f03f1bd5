/**
 * Runs before the app (an async module script of its own, small, in index.html): starts the first
 * screen's API calls and its screen's chunk while React is still downloading, so neither waits for
 * the app to start and render (docs/decisions/024-phone-speed.md). The API client adopts the
 * answers (early/first-screen.ts); React.lazy gets the chunk already loaded or on its way.
 */
import { STORAGE_KEYS } from '#shared/limits';
import { paintFirstScreen } from './early/first-paint';
import { firstScreenGets, preloadFirstPhotos, startEarlyGets } from './early/first-screen';

function storedUniversity(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.selectedUniversity);
  } catch {
    return null;
  }
}

const { pathname, search } = location;
// The screen's text that needs no data, painted now rather than when React has arrived.
paintFirstScreen(pathname);
void preloadFirstPhotos(pathname, startEarlyGets(firstScreenGets(pathname, search, storedUniversity())));

// The screen's chunk (the router imports the same module, so it is fetched once). A failure is the
// router's to report (offline: the 'Sin conexión' page).
const screen =
  pathname === '/marketplace'
    ? import('./features/marketplace/routes/marketplace')
    : pathname.startsWith('/product/')
      ? import('./features/product/routes/product')
      : pathname === '/search'
        ? import('./features/marketplace/routes/search')
        : pathname === '/global-marketplace'
          ? import('./features/marketplace/routes/global-marketplace')
          : pathname === '/' || pathname === '/select-university'
            ? import('./features/universities/routes/select-university')
            : undefined;
screen?.catch(() => {});
