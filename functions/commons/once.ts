/**
 * Runs `load` on the first call and hands every later call the same promise; a failed load is
 * forgotten, so the next call tries again. Adapters load their AWS SDK client module this way, on
 * first use, so a function only pays for the clients its requests touch.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      pending = load();
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}
