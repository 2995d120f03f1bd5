/**
 * vitest 5 calls Map.groupBy (Node 21+) when it reports a failing test; on Node 20 that crash hides
 * the failure's details. Loaded by vitest.config.ts in the main process.
 */
declare global {
  interface MapConstructor {
    groupBy<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]>;
  }
}

if (typeof Map.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = out.get(k);
        if (list) list.push(item);
        else out.set(k, [item]);
      }
      return out;
    },
  });
}

export {};
