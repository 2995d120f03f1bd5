import { type ComponentType, lazy as reactLazy } from 'react';

type ScreenModule = { Component: ComponentType };
type Loaded = { default: ComponentType };

/** What a route's `handle` offers: loading its screen (and, for a table of routes, the path's) ahead. */
export interface Preloadable {
  preload: (pathname: string) => Promise<unknown>;
}

/**
 * A screen module (exporting `Component`) as a lazy component: its chunk loads when the route first
 * renders, inside the layout's Suspense (the bar and footer are on screen meanwhile). `preload`
 * loads it ahead; once loaded, the component renders at once, without passing through the
 * Suspense fallback: React.lazy takes a thenable, and one that calls back synchronously resolves
 * it on the spot. The first screen relies on this (`preloadRoute`), so React's first commit shows
 * the screen in place of what the HTML painted, never a spinner in between.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): {
  Component: ComponentType;
  handle: Preloadable;
} {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const preload = () => {
    loading ??= load().then(
      (m) => (loaded = { default: m.Component }),
      (err: unknown) => {
        loading = undefined; // A later visit tries again (offline now, online later).
        throw err;
      },
    );
    return loading;
  };
  const Component = reactLazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is the point
        ({ then: (resolve: (m: Loaded) => void) => resolve(loaded as Loaded) } as Promise<Loaded>)
      : preload(),
  );
  return { Component, handle: { preload } };
}
