/**
 * `npm run bench -- lighthouse`: Lighthouse (mobile preset, simulated Slow 4G and 4× CPU slowdown,
 * i.e. its defaults) against the bench's own local stack with the demo data, in the system Chromium.
 * Each page runs LIGHTHOUSE_RUNS times (default 3), each run in a Chromium of its own with a new
 * profile: a first visit (Lighthouse clears the cache and the service workers, not local storage,
 * so in one browser the university stored by an earlier page would carry over); the medians are printed and marked against the goals of decision 024 (docs/decisions/024-phone-speed.md). The first visit with no
 * university chosen is /marketplace alone (the app sends it to /select-university).
 * LIGHTHOUSE_PAGES=/product,/marketplace keeps the pages whose label starts with one of them;
 * LIGHTHOUSE_REPORTS=<dir> keeps each run's full report there (the LCP element and its phases);
 * LIGHTHOUSE_THROTTLING=devtools throttles the load itself instead of simulating it.
 * Every round also measures the floor page (scripts/bench/floor: the smallest React + router page
 * showing the same 24 cards, built and served the same way, on an origin of its own), and each
 * page's LCP and TBT are printed as well as a ratio to the floor's in the same run (ratio of
 * medians; the floor's TBT clamped at FLOOR_TBT_CLAMP_MS, the difference printed too): TBT on a
 * shared machine moves with its load, the ratio much less. Each TBT is printed on thread time as
 * well (./main-thread-time.ts): the page's own work after its first paint, without the time its
 * tasks waited for a core.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { STORAGE_KEYS } from '../../shared/limits';
import { CHROMIUM_PATH } from '../../test/support/browser';
import type { LocalStack } from '../local/stack';
import { buildFloor, FLOOR_LABEL, FLOOR_PATH, startFloor } from './floor/serve';
import { SIMULATED_SLOWDOWN, type TraceEvent, threadTimeBlockingMs } from './main-thread-time';
import { median } from './stats';

export const LIGHTHOUSE_GOALS = {
  performance: 95,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.02,
  accessibility: 95,
  bestPractices: 95,
  seo: 95,
} as const;

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/**
 * 'simulate' (Lighthouse's default: the page loads unthrottled and its times are computed from the
 * trace) or 'devtools' (the load itself is throttled, Slow 4G and 4× CPU, and its times observed).
 * The simulation charges a rendered page for every script that arrived before its first paint on
 * the unthrottled load (decision 052); 'devtools' shows what the throttled load does.
 */
export const THROTTLING = (process.env.LIGHTHOUSE_THROTTLING ?? 'simulate') as 'simulate' | 'devtools';
let reportCount = 0;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

export interface RunFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** The TBT on thread time (./main-thread-time.ts): the page's own work, much less the load's. */
  threadTbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  finalUrl: string;
}

/** The floor's TBT is often 0 ms: the ratio's divisor is at least this. */
export const FLOOR_TBT_CLAMP_MS = 10;

/** A page's LCP and TBT against the floor's of the same run (ratio of medians, and the TBT difference). */
export function floorRatios(runs: RunFigures[], floor: RunFigures[]): string {
  const lcp = median(runs.map((r) => r.lcpMs));
  const tbt = median(runs.map((r) => r.tbtMs));
  const floorLcp = median(floor.map((r) => r.lcpMs));
  const floorTbt = median(floor.map((r) => r.tbtMs));
  const diff = Math.round(tbt - floorTbt);
  return `LCP ${(lcp / floorLcp).toFixed(2)}× floor · TBT ${(tbt / Math.max(floorTbt, FLOOR_TBT_CLAMP_MS)).toFixed(1)}× floor (${diff >= 0 ? '+' : ''}${diff} ms)`;
}

/**
 * The floor's origin beside `stack`, built and warmed (its render module's first import can outlast
 * the render's timeout on a loaded machine: the first pages would be the static shell).
 */
export async function floorOrigin(stack: Pick<LocalStack, 'url' | 's3Endpoint' | 'imagesBucket'>) {
  await buildFloor();
  const floor = await startFloor(stack);
  const url = `${floor.url}${FLOOR_PATH}`;
  for (let attempt = 0; ; attempt++) {
    const html = await (await fetch(url)).text();
    if (html.includes('data-server-rendered')) break;
    if (attempt >= 20) throw new Error(`The floor page at ${url} is not server-rendered`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { url, close: floor.close };
}

type Line = (label: string, value: string, verdict?: boolean) => void;

/** Label, path, and the university a returning visitor has chosen (none: a first visit). */
export type Page = [label: string, path: string, chosen?: string];

export async function pages(url: string): Promise<Page[]> {
  const res = await fetch(`${url}/api/products?university=ucab&limit=1`);
  const body = (await res.json()) as { products?: { id: number }[]; items?: { id: number }[] };
  const id = (body.products ?? body.items ?? [])[0]?.id;
  if (id === undefined) throw new Error('The demo data has no product of ucab to measure /product/{id} with');
  const all: Page[] = [
    ['/', '/'],
    ['/marketplace?university=ucab', '/marketplace?university=ucab'],
    // A university-scoped page without a university in its URL: a returning visitor's (a first
    // visit goes to the chooser, as the last row does).
    ['/search?q=calculadora, UCAB chosen', '/search?q=calculadora', 'ucab'],
    ['/global-marketplace', '/global-marketplace'],
    [`/product/{id}`, `/product/${id}`],
    ['/marketplace, no university chosen', '/marketplace'],
  ];
  return ONLY.length === 0 ? all : all.filter(([label]) => ONLY.some((prefix) => label.startsWith(prefix)));
}

async function audit(port: number, url: string): Promise<RunFigures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttlingMethod: THROTTLING,
    },
    // The default config: mobile form factor, Slow 4G and 4× CPU (simulated unless LIGHTHOUSE_THROTTLING).
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${String(++reportCount).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`;
    writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const observed = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaintTs?: number }[] })
    ?.items?.[0]?.observedFirstContentfulPaintTs;
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? [];
  return {
    performance: score('performance'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    threadTbtMs:
      observed === undefined
        ? Number.NaN
        : threadTimeBlockingMs(trace, observed, THROTTLING === 'devtools' ? 1 : SIMULATED_SLOWDOWN),
    cls: value('cumulative-layout-shift'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/**
 * Chooses the university as a visitor does through a shared link (/marketplace?university=…
 * stores it), in the browser's own profile: Lighthouse keeps local storage, so its run is a
 * returning visitor's (the cache and service worker it clears).
 */
async function chooseUniversity(port: number, origin: string, university: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${origin}/marketplace?university=${encodeURIComponent(university)}`, {
    waitUntil: 'load',
  });
  await page.waitForFunction(([key, u]) => localStorage.getItem(key)?.includes(u), [
    STORAGE_KEYS.selectedUniversity,
    university,
  ] as const);
  await page.close();
}

/**
 * One first visit (or a returning visitor's, with `chosen`): a new browser with a new profile (chrome-launcher makes a temporary one), so no
 * storage of an earlier run is left. Lighthouse sometimes loses a trace on a busy machine
 * (NO_NAVSTART, NO_FCP): that run is retried.
 */
export async function auditWithRetry(url: string, chosen?: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
    try {
      if (chosen) await chooseUniversity(chrome.port, new URL(url).origin, chosen);
      return await audit(chrome.port, url);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.error(`  (retrying ${url}: ${(err as Error).message})`);
    } finally {
      chrome.kill();
    }
  }
}

export async function lighthouseFigures(
  stack: Pick<LocalStack, 'url' | 's3Endpoint' | 'imagesBucket'>,
  line: Line,
): Promise<boolean> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`No Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROME_PATH)`);
  const list = await pages(stack.url);
  const floor = await floorOrigin(stack);
  try {
    // One warm-up load so the first measured page does not pay for the handlers' first import.
    await auditWithRetry(`${stack.url}/`);
    await auditWithRetry(floor.url);
    const floorRuns: RunFigures[] = [];
    const results = new Map<string, RunFigures[]>(list.map(([label]) => [label, []]));
    // Pages (the floor with them) interleaved run by run, so a noisy moment on the shared machine
    // hits them alike.
    for (let run = 0; run < RUNS; run++) {
      floorRuns.push(await auditWithRetry(floor.url));
      for (const [label, path, chosen] of list)
        results.get(label)!.push(await auditWithRetry(`${stack.url}${path}`, chosen));
    }
    return printFigures(stack, list, results, floorRuns, line);
  } finally {
    await floor.close();
  }
}

function printFigures(
  stack: Pick<LocalStack, 'url'>,
  list: Page[],
  results: Map<string, RunFigures[]>,
  floorRuns: RunFigures[],
  line: Line,
): boolean {
  let allMet = true;
  console.log(
    `\nLighthouse ${RUNS} runs per page, medians (mobile, ${THROTTLING === 'devtools' ? 'throttled' : 'simulated'} Slow 4G, 4× CPU):`,
  );
  for (const [label, runs] of results) {
    const m = (key: keyof Omit<RunFigures, 'finalUrl'>) => median(runs.map((r) => r[key]));
    const figures = {
      performance: m('performance'),
      lcpMs: m('lcpMs'),
      tbtMs: m('tbtMs'),
      threadTbtMs: m('threadTbtMs'),
      cls: m('cls'),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      seo: m('seo'),
    };
    const final = new URL(runs[0].finalUrl).pathname;
    const mark = (ok: boolean) => {
      if (!ok) allMet = false;
      return ok ? '✓' : '✗';
    };
    const g = LIGHTHOUSE_GOALS;
    line(
      `${label}${final !== new URL(`${stack.url}${list.find(([l]) => l === label)![1]}`).pathname ? ` → ${final}` : ''}`,
      [
        `perf ${figures.performance} ${mark(figures.performance >= g.performance)}`,
        `LCP ${(figures.lcpMs / 1000).toFixed(2)} s ${mark(figures.lcpMs <= g.lcpMs)}`,
        `TBT ${Math.round(figures.tbtMs)} ms ${mark(figures.tbtMs <= g.tbtMs)} (thread time ${Math.round(figures.threadTbtMs)} ms)`,
        `CLS ${figures.cls.toFixed(3)} ${mark(figures.cls <= g.cls)}`,
        `a11y ${figures.accessibility} ${mark(figures.accessibility >= g.accessibility)}`,
        `BP ${figures.bestPractices} ${mark(figures.bestPractices >= g.bestPractices)}`,
        `SEO ${figures.seo} ${mark(figures.seo >= g.seo)}`,
        floorRatios(runs, floorRuns),
      ].join(' · '),
    );
  }
  const floorLcp = median(floorRuns.map((r) => r.lcpMs));
  const floorTbt = median(floorRuns.map((r) => r.tbtMs));
  line(
    FLOOR_LABEL,
    `perf ${median(floorRuns.map((r) => r.performance))} · LCP ${(floorLcp / 1000).toFixed(2)} s · TBT ${Math.round(floorTbt)} ms (runs ${floorRuns.map((r) => Math.round(r.tbtMs)).join(', ')}; thread time ${Math.round(median(floorRuns.map((r) => r.threadTbtMs)))} ms)`,
  );
  return allMet;
}
