import { useEffect, useState } from 'react';

/**
 * The value once it stopped changing for `delayMs` (the admin searches). A copy of hooks/
 * use-debounced-value on purpose: sharing it with the admin chunks would split it out of the
 * marketplace's first-route chunk into a chunk of its own (one more request and its overhead).
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
