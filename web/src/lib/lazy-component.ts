import { type ComponentType, lazy as reactLazy } from 'react';

type Loaded<P> = { default: ComponentType<P> };

/**
 * A lazy component (its module a chunk of its own) whose `preload` loads it ahead; once loaded, it
 * renders at once, without passing through the Suspense fallback: React.lazy takes a thenable, and
 * one that calls back synchronously resolves it on the spot (React.lazy over an import() suspends
 * for a moment even when the module is in). A failed load is tried again on the next preload or
 * render (offline now, online later).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = { default: component }),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Component = reactLazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is the point
        ({ then: (resolve: (m: Loaded<P>) => void) => resolve(loaded as Loaded<P>) } as Promise<Loaded<P>>)
      : preload(),
  );
  return { Component: Component as unknown as ComponentType<P>, preload };
}
