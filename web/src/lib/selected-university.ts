import { useContext, useSyncExternalStore } from 'react';
import { RenderContext } from './render-context';
import { getSelectedUniversity, subscribeSelectedUniversity } from './storage';

// A module of its own, imported by the screens only: the shell's entry (render-context.tsx) must not
// import storage.ts, which is in the listings' shared chunk (a cycle between the two chunks otherwise).
/**
 * The chosen university: the stored one in the browser (updated when it changes), the render's on
 * the server and while hydrating the server's HTML.
 */
export function useSelectedUniversity(): string | null {
  const render = useContext(RenderContext);
  return useSyncExternalStore(subscribeSelectedUniversity, getSelectedUniversity, () =>
    render ? render.university : null,
  );
}
