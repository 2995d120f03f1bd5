import { type RefObject, useLayoutEffect } from 'react';

/**
 * A field the server rendered can be typed in before the app hydrates it (a slow phone, the
 * script still loading): the text stays in the DOM but never reached React, whose state still
 * holds the rendered value, so the screen would ignore it. Once mounted, adopt what was typed: in
 * the hydration's own commit (a layout effect), so the state holds it before the app marks itself
 * ready and replays a submission pressed meanwhile (first-paint/early-taps.ts), which would
 * otherwise read the empty value.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  set: (typed: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before the first commit
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) set(typed);
  }, []);
}

/**
 * A field the server rendered can also be focused before the app hydrates it: React saw no focus
 * event, so what shows while it has the focus (the search history) would wait for the next one.
 * Once mounted, adopt the focus it has.
 */
export function useFocusedBeforeHydration(ref: RefObject<HTMLElement | null>, onFocus: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the focus it had at the first commit
  useLayoutEffect(() => {
    if (ref.current && ref.current === ref.current.ownerDocument.activeElement) onFocus();
  }, []);
}
