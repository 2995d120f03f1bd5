/**
 * `npm run bench -- render`: the rendered pages' answer time on the local origin (issue 27), which
 * answers them as CloudFront and the render function will (scripts/local/render.ts behind the edge
 * cache's emulation, scripts/local/render-cache.ts), against the bench's own stack with the demo data:
 * (a) a page the edge holds (a Hit: the same /global-marketplace again), (b) a product page the edge
 * does not hold (a Miss: each demo product asked for once, the render with its data from the
 * catalog's handlers in process). p50 and p95 of each, with the issue's goals at p50.
 */
import { DEMO_PRODUCT_COUNT } from '../demo/data';
import { startLocalStack } from '../local/stack';
import { buildWebIfStale } from '../local/web-build';
import { fmt, percentile } from './stats';

type Line = (label: string, value: string, verdict?: boolean) => void;

export const RENDER_GOALS = { cachedMs: 50, uncachedProductMs: 300 } as const;
const CACHED_SAMPLES = Number(process.env.BENCH_RENDER_SAMPLES ?? 200);

async function timedGet(url: string): Promise<{ ms: number; status: number; cache: string | null }> {
  const t0 = performance.now();
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status, cache: res.headers.get('x-cache') };
}

export async function renderFigures(line: Line): Promise<void> {
  await buildWebIfStale({ quiet: true });
  const stack = await startLocalStack({ port: 0, seed: true, quiet: true, edgeCache: true });
  try {
    // The render module's import and the catalog handlers' first load (the warm ping's work in AWS).
    for (let i = 0; i < 20; i++) {
      const first = await timedGet(`${stack.url}/global-marketplace`);
      if (first.cache) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await timedGet(`${stack.url}/product/1`);

    const cached: number[] = [];
    for (let i = 0; i < CACHED_SAMPLES; i++) {
      const r = await timedGet(`${stack.url}/global-marketplace`);
      // A copy older than s-maxage is refreshed behind a RefreshHit: still an edge answer.
      if (r.status === 200 && /Hit/.test(r.cache ?? '')) cached.push(r.ms);
    }
    const uncached: number[] = [];
    for (let id = 2; id <= DEMO_PRODUCT_COUNT; id++) {
      const r = await timedGet(`${stack.url}/product/${id}`);
      if (r.status === 200 && /^Miss/.test(r.cache ?? '')) uncached.push(r.ms);
    }
    const c50 = percentile(cached, 50);
    const u50 = percentile(uncached, 50);
    line(
      `cached page (edge hit, /global-marketplace) p50 / p95`,
      `${fmt(c50)} / ${fmt(percentile(cached, 95))} (${cached.length} answers)`,
      c50 < RENDER_GOALS.cachedMs,
    );
    line(
      `uncached product page (render) p50 / p95`,
      `${fmt(u50)} / ${fmt(percentile(uncached, 95))} (${uncached.length} products)`,
      u50 < RENDER_GOALS.uncachedProductMs,
    );
    console.log(
      `  goals at p50: cached < ${RENDER_GOALS.cachedMs} ms, uncached product < ${RENDER_GOALS.uncachedProductMs} ms`,
    );
  } finally {
    await stack.stop();
  }
}
