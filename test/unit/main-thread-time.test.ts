import { describe, expect, it } from 'vitest';
import { type TraceEvent, threadTimeBlockingMs } from '../../scripts/bench/main-thread-time';

const PAGE = { pid: 10, tid: 1 };
const OTHER = { pid: 10, tid: 2 };
const names: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, ...PAGE, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, ...OTHER, args: { name: 'Compositor' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: 20, tid: 1, args: { name: 'CrRendererMain' } },
];
/** A task at `ms` lasting `wall` ms of which its thread ran `cpu` ms. */
const task = (at: { pid: number; tid: number }, ms: number, wall: number, cpu?: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts: ms * 1000,
  dur: wall * 1000,
  ...(cpu === undefined ? {} : { tdur: cpu * 1000 }),
  ...at,
});

describe('the main thread’s blocking time by thread time', () => {
  it('charges each task after the first paint 4× its thread time less 50 ms, whatever its wall time', () => {
    const events = [
      ...names,
      task(PAGE, 100, 80, 80), // before the paint: not counted
      task(PAGE, 1100, 200, 30), // waited for a core: 4 × 30 − 50 = 70
      task(PAGE, 1400, 20, 10), // 4 × 10 < 50: not blocking
      task(PAGE, 1500, 40, 40), // 4 × 40 − 50 = 110
      task(OTHER, 1200, 500, 500), // another thread
      task({ pid: 20, tid: 1 }, 1200, 30, 30), // another renderer, with less task time
    ];
    expect(threadTimeBlockingMs(events, 1000 * 1000)).toBe(180);
  });

  it('charges a load throttled itself 1× its thread time (its tasks ran 4× slower already)', () => {
    const events = [...names, task(PAGE, 1100, 200, 30), task(PAGE, 1500, 80, 80)];
    expect(threadTimeBlockingMs(events, 1000 * 1000)).toBe(70 + 270);
    expect(threadTimeBlockingMs(events, 1000 * 1000, 1)).toBe(30);
  });

  it("leaves out Lighthouse's own script evaluations in the page", () => {
    const probe = task(PAGE, 3000, 100, 100);
    const events = [
      ...names,
      task(PAGE, 1500, 40, 40),
      probe,
      {
        name: 'FunctionCall',
        ph: 'X',
        ts: probe.ts + 10,
        dur: 90_000,
        ...PAGE,
        args: { data: { url: '_lighthouse-eval.js' } },
      },
    ];
    expect(threadTimeBlockingMs(events, 1000 * 1000)).toBe(110);
  });

  it('is NaN for a trace without thread times (not a figure of 0)', () => {
    expect(threadTimeBlockingMs([...names, task(PAGE, 1500, 40)], 1000 * 1000)).toBeNaN();
    expect(threadTimeBlockingMs([], 0)).toBeNaN();
  });
});
