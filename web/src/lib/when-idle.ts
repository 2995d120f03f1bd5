/**
 * Runs `run` once the main thread is idle (`timeoutMs` at most on a page that never goes idle:
 * animations, a busy phone; a second later where the browser has no idle callbacks). Returns a
 * cancel function (an effect's cleanup).
 */
export function whenIdle(run: () => void, timeoutMs = 5000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1000);
  return () => window.clearTimeout(handle);
}
