import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { lazyComponent } from '@/lib/lazy-component';
import type { Prefetch } from '@/lib/render-context';

/**
 * A screen module: its component; what its first render in the browser waits for besides its own
 * chunk (`ready`, given the page's query string); and, for a page rendered on the server, the
 * queries its first render reads (`prefetch`, the same query options its hooks use).
 */
export type ScreenModule = {
  Component: ComponentType;
  ready?: (search: string) => Promise<unknown> | undefined;
  prefetch?: Prefetch;
};

/**
 * What a route's `handle` offers: loading its screen (and, for a table of routes, the path's) ahead,
 * and the screen module of a path (the server's render reads its `prefetch`).
 */
export interface Preloadable {
  preload: (pathname: string) => Promise<unknown>;
  screen: (pathname: string) => Promise<ScreenModule | undefined>;
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
      await m.ready?.(globalThis.location?.search ?? '');
      return m.Component;
    }),
  );
  // The module once its component is loaded too, so a render right after does not suspend for it.
  const screen = async () => (await Promise.all([load(), preload()]))[0];
  return { Component, handle: { preload, screen } };
}

/** Loads the screen `routes` render for `pathname` ahead (its route's `handle`); at once for none. */
export async function preloadFrom(routes: RouteObject[], pathname: string): Promise<void> {
  await (matchRoutes(routes, pathname)?.at(-1)?.route.handle as Preloadable | undefined)?.preload(pathname);
}

/** The screen module `routes` render for `pathname` (through a nested table's handle); undefined for none. */
export async function screenFrom(routes: RouteObject[], pathname: string): Promise<ScreenModule | undefined> {
  return (matchRoutes(routes, pathname)?.at(-1)?.route.handle as Preloadable | undefined)?.screen(pathname);
}
