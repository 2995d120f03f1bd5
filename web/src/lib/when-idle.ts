/**
 * Runs `run` after the page's `load` event, once the main thread is idle (or after `timeoutMs` on a
 * page that never goes idle: animations, a busy phone): work that must not compete with the first
 * screen for a slow connection or a slow CPU. Returns a cancel function (an effect's cleanup).
 */
export function afterLoadWhenIdle(run: () => void, timeoutMs = 5000): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const go = () => {
    if (!cancelled) run();
  };
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(go, { timeout: timeoutMs });
      cancelWait = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(go, 1000);
      cancelWait = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelWait();
  };
}
