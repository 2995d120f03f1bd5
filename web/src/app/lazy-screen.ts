import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { lazyComponent } from '@/lib/lazy-component';

/** A screen module: its component, and what its first render waits for besides its own chunk. */
type ScreenModule = { Component: ComponentType; ready?: Promise<unknown> };

/** What a route's `handle` offers: loading its screen (and, for a table of routes, the path's) ahead. */
export interface Preloadable {
  preload: (pathname: string) => Promise<unknown>;
}

/**
 * A screen module (exporting `Component`) as a lazy component: its chunk loads when the route first
 * renders, inside the layout's Suspense (the bar and footer are on screen meanwhile). `preload`
 * loads it ahead (with what the module's `ready` waits for); once loaded, it renders at once. The
 * first screen relies on this (`preloadRoute`), so React's first commit shows the screen in place
 * of what the HTML painted, never a spinner in between.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): {
  Component: ComponentType;
  handle: Preloadable;
} {
  const { Component, preload } = lazyComponent(() =>
    load().then(async (m) => {
      await m.ready;
      return m.Component;
    }),
  );
  return { Component, handle: { preload } };
}

/** Loads the screen `routes` render for `pathname` ahead (its route's `handle`); at once for none. */
export async function preloadFrom(routes: RouteObject[], pathname: string): Promise<void> {
  await (matchRoutes(routes, pathname)?.at(-1)?.route.handle as Preloadable | undefined)?.preload(pathname);
}
