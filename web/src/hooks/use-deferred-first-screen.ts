import { useDeferredValue, useState } from 'react';
import { firstScreenOnce } from '@/lib/api-client';

/**
 * `data` rendered in the background (React slices the work into short tasks; meanwhile the previous
 * view stays on screen). On the page's first screen, when `data` came from the early script, which
 * has painted `firstPart` of it (decision 036), the first render shows that part at once and the
 * rest follows in the background render, so the app's first commit stays short.
 */
export function useDeferredFirstScreen<T>(
  data: T | undefined,
  firstPart: (data: T) => T | undefined,
): T | undefined {
  const [firstScreen] = useState(() => firstScreenOnce(data));
  return useDeferredValue(data, firstScreen && data !== undefined ? firstPart(data) : undefined);
}
