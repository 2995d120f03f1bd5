/**
 * The page's main-thread tasks after its first contentful paint, charged as Lighthouse's simulation
 * charges them (4× the task, less 50 ms) but on each task's thread time (`tdur`: the time the
 * thread ran) instead of its wall time (`dur`). On this 2-core machine the bench's stacks, Chromium's
 * other threads and the service worker share the cores with the page; a task's wall time includes
 * the time its thread waited for one, and the simulation multiplies that by 4 as well (at a load of
 * 2–3, a 47.8 ms task had run 13.5 ms). The thread-time figure is the page's own work: it moves with
 * what the page runs, much less with the machine's load (decision 052).
 */

/** The trace events this reads (Chrome's trace event format). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

/** Lighthouse's simulated CPU slowdown (its mobile default). */
export const SIMULATED_SLOWDOWN = 4;
const BLOCKING_MS = 50;
/** Lighthouse's own scripts, evaluated in the page after the load (not the page's work). */
const isLighthouseScript = (e: TraceEvent) =>
  (e.name === 'EvaluateScript' || e.name === 'FunctionCall' || e.name === 'v8.compile') &&
  typeof e.args?.data?.url === 'string' &&
  !/^https?:/.test(e.args.data.url);

/** The page's renderer main thread: the `CrRendererMain` with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const totals = new Map<string, number>();
  const renderers = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && renderers.has(key)) totals.set(key, (totals.get(key) ?? 0) + (e.dur ?? 0));
  }
  const best = [...totals].sort((a, b) => b[1] - a[1])[0];
  if (!best) return null;
  const [pid, tid] = best[0].split(':').map(Number);
  return { pid, tid };
}

/**
 * Σ max(0, slowdown × thread time − 50 ms) over the main thread's tasks that start after `fcpTs`
 * (the trace's clock, µs), Lighthouse's own script evaluations left out. NaN when the trace has no
 * thread times. `slowdown` is the simulation's 4×; a load throttled itself (Lighthouse's
 * 'devtools' throttling) ran its tasks 4× slower already, so it is 1 there.
 */
export function threadTimeBlockingMs(
  events: TraceEvent[],
  fcpTs: number,
  slowdown = SIMULATED_SLOWDOWN,
): number {
  const main = mainThread(events);
  if (!main) return Number.NaN;
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ts > fcpTs);
  if (tasks.length > 0 && tasks.every((t) => t.tdur === undefined)) return Number.NaN;
  const lighthouse = own.filter(isLighthouseScript);
  let total = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    if (lighthouse.some((e) => e.ts >= task.ts && e.ts < end)) continue;
    total += Math.max(0, (slowdown * (task.tdur ?? 0)) / 1000 - BLOCKING_MS);
  }
  return total;
}
