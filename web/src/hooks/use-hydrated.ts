import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML, true in every render after
 * (and at once in a render that hydrates nothing: a navigation, an app created over a static shell).
 * A page rendered on the server cannot read what only the browser knows (localStorage, the URL's
 * fragment): it shows its loading state until this turns true, so the hydration matches the
 * server's HTML and the browser's own state follows right after (React re-renders when the
 * snapshot the server used differs from the browser's).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
