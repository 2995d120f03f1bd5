/** Small statistics helpers for the benchmarks (milliseconds). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export async function sample(n: number, fn: () => Promise<unknown>, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export const median = (samples: number[]) => percentile(samples, 50);

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
