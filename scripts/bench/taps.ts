/**
 * `npm run bench -- taps` (issue 38): the wait for the first photos (decision 052) weighed with the
 * person's first tap, not only the largest paint. For each rendered page kind and each DESIGN of
 * when the app's scripts load, on a phone (Galaxy S8 at 1×, 4× CPU slowdown, Slow 4G: 150 ms RTT,
 * 1.6 Mbit/s down, 750 kbit/s up, set through CDP on the load itself), signed out, it prints the
 * medians of BENCH_TAPS_RUNS runs (default 5) of:
 * - LCP and FCP (PerformanceObserver, from a load where nothing is tapped: a tap ends LCP);
 * - first paint → app ready (`<html data-app-ready>`: hydrated and the session known);
 * - visible → answered, from a second load where the page's main control (tapTable) is tapped as
 *   soon as it shows: from the frame it is first drawn in to its answer (its toast, or a new path:
 *   the app's navigation or a new document's first paint), all in the page's clock, so the bench's
 *   own polling does not count; a tap unanswered after ANSWER_TIMEOUT_MS is LOST and counted.
 *   Beside them: how the taps were answered, how many the loader kept until the app was ready, and
 *   (+x s) the bench's own delay from visible to tap; at the end, each lost tap's story (its click,
 *   the app's readiness), and the console errors and page errors seen.
 * The designs, all from one build, switched by what the bench's origins serve (./taps-designs.ts):
 * A "photos": as served today (the loader adds the app's scripts once the first row's photos are
 * in, 3 s at most); B "at once, low priority": the held tags live in the head at once with
 * fetchpriority="low" (the loader still keeps taps); C "after first paint": a loader bundled from
 * web/src/first-paint/load-app.ts with the photos' wait at 0 ms. Each design has an origin of its
 * own beside the stack (the local origin's code: render, edge cache emulation, compression), so
 * every byte goes through Chromium's throttled network alike: a document rewritten by
 * `page.route` and fulfilled would skip the throttling (measured: 200 KB in 18 ms instead of 1.2 s).
 * Service workers are blocked (a first visit's registers after load). Pages and designs are
 * interleaved run by run; the floor page (./floor) is measured once per round for reference.
 * BENCH_TAPS_PAGES=/product,/carreras keeps the page kinds whose label starts with one of them.
 * Lighthouse's figures for the same pages: `npm run bench -- lighthouse`.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium, devices } from 'playwright-core';
import { STORAGE_KEYS } from '../../shared/limits';
import { UNIVERSITY_COOKIE } from '../../shared/pages';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../shared/runtime-config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/browser';
import {
  APP_READY_ATTRIBUTE,
  APP_SCRIPTS_TEMPLATE_ID,
  TAP_KEPT_ATTRIBUTE,
} from '../../web/src/first-paint/app-scripts';
import { localS3Client } from '../local/parts/s3';
import { type LocalServer, startLocalServer } from '../local/server';
import { type LocalStack, startLocalStack } from '../local/stack';
import { buildWebIfStale, WEB_DIST, WEB_RENDER_MODULE } from '../local/web-build';
import { FLOOR_LABEL } from './floor/serve';
import { floorOrigin } from './lighthouse';
import { median } from './stats';
import { withoutPhotosWait } from './taps-designs';

const HERE = import.meta.dirname;
const ROOT = resolve(HERE, '../..');
const RUNS = Number(process.env.BENCH_TAPS_RUNS ?? 5);
/** BENCH_TAPS_PAGES=/product,/carreras keeps the page kinds whose label starts with one of them. */
const ONLY = (process.env.BENCH_TAPS_PAGES ?? '').split(',').filter(Boolean);
/** The page each design's origin is checked and warmed with. */
const PROBE = '/marketplace?university=ucab';
/** A tap with no answer this long after it is lost. */
const ANSWER_TIMEOUT_MS = 15_000;
/** How long the tapping load waits for its control to show and take the tap. */
const TAP_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 30_000;
/** After load and readiness, for the last largest-paint candidate to be painted. */
const SETTLE_MS = 1000;

/**
 * Issue 38's phone: Lighthouse's mobile figures (Slow 4G, 4× CPU) as they are, on the load itself.
 * Lighthouse's own throttled mode (LIGHTHOUSE_THROTTLING=devtools) adds to them (562.5 ms latency
 * per request, 90 % of the throughput): its absolute times are longer than these.
 */
const PHONE = { ...devices['Galaxy S8'], deviceScaleFactor: 1 };
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const CPU_SLOWDOWN = 4;

/** The control a newcomer taps first on a page, and how its answer shows. */
interface Control {
  /** CSS selector of the control: a button or a link alike. */
  css: string;
  /** Text its content includes, when the selector matches other elements too. */
  text?: string;
  /** The toast a signed-out visitor's tap shows. A new path (the app's or a new document) answers too. */
  toast?: string;
}

interface PageKind {
  label: string;
  path: string;
  /** The university a returning visitor has chosen (cookie `mu_u` and localStorage). */
  chosen?: string;
}

const HEART: Control = { css: '[aria-label="Guardar en favoritos"]', toast: 'Inicia sesión para guardar' };

/**
 * THE table of what is tapped, in one place. A control may be a button (kept by the loader until
 * the app is ready, then carried out: its toast) or a link (followed natively before the app runs,
 * by the app after: a new path); the answer is whichever shows first, so a control that changes
 * from one to the other (university cards, chips, 'Ver todos' becoming links) needs no change here.
 */
function tapTable(product: number, seller: string): [PageKind, Control][] {
  return [
    [
      { label: '/ (chooser)', path: '/' },
      { css: '.university-card', text: 'Universidad Católica Andrés Bello', toast: 'Has seleccionado' },
    ],
    [{ label: '/marketplace?university=ucab', path: '/marketplace?university=ucab' }, HEART],
    [
      { label: '/search?q=calculadora (UCAB)', path: '/search?q=calculadora', chosen: 'ucab' },
      { css: 'button, a', text: 'Crear alerta', toast: 'Inicia sesión para crear alertas' },
    ],
    [{ label: '/global-marketplace', path: '/global-marketplace' }, HEART],
    [
      { label: '/product/{id}', path: `/product/${product}` },
      {
        css: 'button, a',
        text: 'Contactar por WhatsApp',
        toast: 'Debes iniciar sesión para contactar al vendedor',
      },
    ],
    [{ label: '/vendedor/{id}', path: `/vendedor/${seller}` }, HEART],
    [
      { label: '/carreras', path: '/carreras' },
      { css: '.career-card', text: 'Ingeniería' },
    ],
    [{ label: '/carrera/ingenieria (UCAB)', path: '/carrera/ingenieria', chosen: 'ucab' }, HEART],
    [{ label: '/categoria/libros (UCAB)', path: '/categoria/libros', chosen: 'ucab' }, HEART],
  ];
}

const DESIGNS = [
  { key: 'A', label: 'A photos (today)' },
  { key: 'B', label: 'B at once, low priority' },
  { key: 'C', label: 'C after first paint' },
] as const;
type DesignKey = (typeof DESIGNS)[number]['key'];

// ---- In the page ----------------------------------------------------------------------------

/** One document's figures, in its own clock (ms since its time origin). */
interface DocFigures {
  fcp: number | null;
  lcp: number | null;
  ready: number | null;
}

/**
 * A tap's story in the tab, absolute times (time origin + now, comparable across its documents),
 * kept in sessionStorage: it outlives a navigation to a new document.
 */
interface TapStory {
  path?: string;
  visible?: number;
  tap?: number;
  /** The loader kept the tap (first-paint/early-taps.ts) until the app was ready. */
  kept?: boolean;
  /** When the tap's click reached the page, and when its first document's app was ready (lost taps' story). */
  click?: number;
  ready?: number;
  answer?: number;
  how?: 'toast' | 'app navigation' | 'new page';
}

const STORY_KEY = '__bench_taps';

interface InPageOptions {
  appReady: string;
  tapKept: string;
  storyKey: string;
  control: Control | null;
}

/** Runs in every document of the tab before its own scripts (an init script). */
function instrument({ appReady, tapKept, storyKey, control }: InPageOptions): void {
  if (window.top !== window) return;
  const doc: DocFigures = { fcp: null, lcp: null, ready: null };
  Object.assign(window, { __taps: doc });
  const observe = (type: string, take: (entry: PerformanceEntry) => void) =>
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) take(entry);
    }).observe({ type, buffered: true });
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') doc.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    doc.lcp = entry.startTime;
  });
  let onReady = () => {};
  new MutationObserver(() => {
    if (doc.ready !== null || !document.documentElement.hasAttribute(appReady)) return;
    doc.ready = performance.now();
    onReady();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: [appReady] });
  if (!control) return;

  const target = control;
  const at = (ms: number) => performance.timeOrigin + ms;
  const story = (): TapStory => JSON.parse(sessionStorage.getItem(storyKey) ?? '{}');
  const tell = (more: TapStory) => sessionStorage.setItem(storyKey, JSON.stringify({ ...story(), ...more }));
  const first = story();
  if (first.path !== undefined) {
    // A later document of the tab: the tap's answer when it is a new page (its first paint).
    if (first.tap !== undefined && first.answer === undefined && location.pathname !== first.path)
      observe('paint', (entry) => {
        if (entry.name === 'first-contentful-paint' && story().answer === undefined)
          tell({ answer: at(entry.startTime), how: 'new page' });
      });
    return;
  }
  const path = location.pathname;
  tell({ path });
  let tapped = false;
  onReady = () => tell({ ready: at(performance.now()) });
  const answer = (how: TapStory['how']) => {
    if (tapped && story().answer === undefined) tell({ answer: at(performance.now()), how });
  };

  // Visible: the first frame that draws the control (the frame's callbacks run before its paint).
  const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').toLowerCase();
  const look = () => {
    const shown = [...document.querySelectorAll<HTMLElement>(target.css)].some(
      (el) =>
        (!target.text || fold(el.textContent).includes(fold(target.text))) &&
        el.checkVisibility() &&
        el.getBoundingClientRect().width > 0,
    );
    if (shown) tell({ visible: at(performance.now()) });
    else if (performance.now() < 60_000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);

  // The tap: when the finger came down (the event's own time, not when a busy thread got to it).
  addEventListener(
    'pointerdown',
    (event) => {
      if (tapped) return;
      tapped = true;
      tell({ tap: at(event.timeStamp > 0 ? event.timeStamp : performance.now()) });
    },
    true,
  );
  addEventListener(
    'click',
    () => {
      if (tapped && story().click === undefined) tell({ click: at(performance.now()) });
    },
    true,
  );
  new MutationObserver(() => {
    if (tapped) tell({ kept: true });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: [tapKept] });
  const toast = target.toast;
  new MutationObserver((records) => {
    if (!tapped || !toast) return;
    for (const record of records)
      for (const node of record.addedNodes) if (node.textContent?.includes(toast)) return answer('toast');
  }).observe(document, { childList: true, subtree: true });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      if (location.pathname !== path) answer('app navigation');
    };
  }
}

/**
 * An init script's source: `fn(arg)`. tsx compiles named functions with a `__name` helper the
 * page does not have: it is given one.
 */
const inPage = <T>(fn: (arg: T) => void, arg: T) => ({
  content: `(() => { const __name = (f) => f; (${fn})(${JSON.stringify(arg)}); })();`,
});

// ---- The bench's side -----------------------------------------------------------------------

interface PaintFigures {
  lcp: number;
  fcp: number;
  paintToReady: number;
}

interface TapFigures {
  outcome: 'answered' | 'lost' | 'no control';
  visibleToAnswer: number;
  visibleToTap: number;
  how?: TapStory['how'];
  kept: boolean;
}

/** Console errors, page errors and taps that could not be made, by page and design (printed at the end). */
const problems = new Map<string, number>();
const note = (where: string, text: string) => {
  const key = `${where}: ${text.slice(0, 200)}`;
  problems.set(key, (problems.get(key) ?? 0) + 1);
};

/** A fresh phone: a new context (no cache, no storage), throttled through CDP. */
async function openPhone(
  browser: Browser,
  url: string,
  chosen: string | undefined,
  control: Control | null,
  where: string,
) {
  const context = await browser.newContext({
    ...PHONE,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
    serviceWorkers: 'block',
  });
  if (chosen) {
    await context.addCookies([{ name: UNIVERSITY_COOKIE, value: chosen, url: new URL(url).origin }]);
    await context.addInitScript(
      inPage(({ key, value }) => localStorage.setItem(key, value), {
        key: STORAGE_KEYS.selectedUniversity,
        value: chosen,
      }),
    );
  }
  await context.addInitScript(
    inPage(instrument, {
      appReady: APP_READY_ATTRIBUTE,
      tapKept: TAP_KEPT_ATTRIBUTE,
      storyKey: STORY_KEY,
      control,
    }),
  );
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.text().includes('[hydration]'))
      note(where, `${msg.text()} (${msg.location().url.replace(/^https?:\/\/[^/]+/, '')})`);
  });
  page.on('pageerror', (error) => note(where, `page error: ${error.message}`));
  page.on('crash', () => note(where, 'the page crashed'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, close: () => context.close() };
}

/** A load with no tap: its paints and when the app was ready. */
async function paintLoad(
  browser: Browser,
  url: string,
  chosen: string | undefined,
  where: string,
  hasApp = true,
): Promise<PaintFigures> {
  const { page, close } = await openPhone(browser, url, chosen, null, where);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (hasApp)
      await page
        .waitForFunction((name) => document.documentElement.hasAttribute(name), APP_READY_ATTRIBUTE, {
          timeout: READY_TIMEOUT_MS,
          polling: 250,
        })
        .catch(() => {});
    await page.waitForTimeout(SETTLE_MS);
    const doc = await page.evaluate(() => (window as unknown as { __taps: DocFigures }).__taps);
    return {
      lcp: doc.lcp ?? Number.NaN,
      fcp: doc.fcp ?? Number.NaN,
      paintToReady: doc.ready === null || doc.fcp === null ? Number.NaN : doc.ready - doc.fcp,
    };
  } finally {
    await close();
  }
}

/** A load whose control is tapped as soon as it shows, until its answer (or ANSWER_TIMEOUT_MS). */
async function tapLoad(
  browser: Browser,
  url: string,
  chosen: string | undefined,
  control: Control,
  where: string,
): Promise<TapFigures> {
  const { page, close } = await openPhone(browser, url, chosen, control, where);
  const none: TapFigures = {
    outcome: 'no control',
    visibleToAnswer: Number.NaN,
    visibleToTap: Number.NaN,
    kept: false,
  };
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const tapped = await page
      .locator(control.css, control.text ? { hasText: control.text } : {})
      .filter({ visible: true })
      .first()
      .tap({ timeout: TAP_TIMEOUT_MS })
      .then(
        () => true,
        (error: Error) => {
          note(where, `no tap: ${error.message.split('\n')[0]}`);
          return false;
        },
      );
    if (!tapped) return none;
    let story: TapStory = {};
    const deadline = Date.now() + ANSWER_TIMEOUT_MS + 1000;
    while (story.answer === undefined && Date.now() < deadline) {
      // Between two documents the read fails: the next one reads the new document.
      story = await page
        .evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}') as TapStory, STORY_KEY)
        .catch(() => story);
      if (story.answer === undefined) await page.waitForTimeout(100);
    }
    const { visible = Number.NaN, tap = Number.NaN, answer = Number.NaN } = story;
    const lost = story.answer === undefined || answer - tap > ANSWER_TIMEOUT_MS;
    if (lost) {
      const after = (ms: number | undefined) => (ms === undefined ? 'never' : `${Math.round(ms - tap)} ms`);
      note(
        where,
        `LOST tap (${Math.round(tap - visible)} ms after visible): click ${after(story.click)}, app ready ${after(story.ready)} after it, kept ${story.kept === true}`,
      );
    }
    return {
      outcome: lost ? 'lost' : 'answered',
      visibleToAnswer: lost ? Number.NaN : answer - visible,
      visibleToTap: tap - visible,
      how: lost ? undefined : story.how,
      kept: story.kept === true,
    };
  } finally {
    await close();
  }
}

// ---- The designs' origins -------------------------------------------------------------------

/** Design C's loader: web/src/first-paint/load-app.ts bundled with the photos' wait at 0 ms. */
async function loaderWithoutWait(): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'web/src/first-paint/load-app.ts')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'no-photos-wait',
        setup(b) {
          b.onLoad({ filter: /first-paint[\\/]app-scripts\.ts$/ }, (args) => ({
            contents: withoutPhotosWait(readFileSync(args.path, 'utf8')),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}

/**
 * One origin per design beside `stack` (its API handlers in process, its bucket's photos), built
 * in `work`: A serves web/dist as built; B the render wrapped by scriptsAtOnce; C a copy of web/dist
 * with design C's loader under the built loader's name. Each is checked before it is measured.
 */
async function designOrigins(stack: LocalStack, work: string, probe: string) {
  const runtimeConfig = (await (await fetch(`${stack.url}${RUNTIME_CONFIG_PATH}`)).json()) as RuntimeConfig;
  const serve = (webDir: string, renderModule: string) =>
    startLocalServer({
      port: 0,
      quiet: true,
      runtimeConfig,
      connectSrc: [stack.cognito.endpoint],
      webDir,
      renderModule,
      edgeCache: true,
      images: { s3: localS3Client(stack.s3Endpoint), bucket: stack.imagesBucket },
    });
  const wrapped = join(work, 'render-at-once.mjs');
  writeFileSync(
    wrapped,
    [
      `import * as render from ${JSON.stringify(pathToFileURL(WEB_RENDER_MODULE).href)};`,
      `import { scriptsAtOnce } from ${JSON.stringify(pathToFileURL(join(HERE, 'taps-designs.ts')).href)};`,
      'export const setApiTransport = render.setApiTransport;',
      'export async function renderPage(request) {',
      '  const page = await render.renderPage(request);',
      '  return page && { ...page, body: scriptsAtOnce(page.body) };',
      '}',
    ].join('\n'),
  );
  const dist = join(work, 'dist');
  cpSync(WEB_DIST, dist, { recursive: true });
  const loaderFile = readdirSync(join(dist, 'assets')).find((f) => /^load-app-.*\.js$/.test(f));
  if (!loaderFile) throw new Error('web/dist has no first-paint loader (load-app-*.js)');
  const loader = await loaderWithoutWait();
  writeFileSync(join(dist, 'assets', loaderFile), loader);

  const origins = new Map<DesignKey, LocalServer>();
  origins.set('A', await serve(WEB_DIST, WEB_RENDER_MODULE));
  origins.set('B', await serve(WEB_DIST, wrapped));
  origins.set('C', await serve(dist, WEB_RENDER_MODULE));
  const html = async (key: DesignKey) => (await fetch(`${origins.get(key)!.url}${probe}`)).text();
  const held = `<template id="${APP_SCRIPTS_TEMPLATE_ID}">`;
  const [a, b, c] = await Promise.all([html('A'), html('B'), html('C')]);
  const servedLoader = await (await fetch(`${origins.get('C')!.url}/assets/${loaderFile}`)).text();
  if (!a.includes(held) || !c.includes(held)) throw new Error(`A or C: ${probe} holds no app scripts`);
  if (b.includes(held) || !/<script type="module"[^>]*fetchpriority="low"/.test(b))
    throw new Error(`B: ${probe} still holds its scripts`);
  if (servedLoader !== loader) throw new Error("C: the origin does not serve design C's loader");
  return origins;
}

/** A UCAB listing with a seller (for /product/{id} and /vendedor/{id}). */
async function listingWithSeller(url: string): Promise<{ id: number; seller: string }> {
  const { items } = (await (
    await fetch(`${url}/api/products?university=ucab&sort=newest&limit=12`)
  ).json()) as {
    items: { id: number }[];
  };
  for (const { id } of items) {
    const detail = (await (await fetch(`${url}/api/products/${id}`)).json()) as { seller_id?: string | null };
    if (detail.seller_id) return { id, seller: detail.seller_id };
  }
  throw new Error('The demo data has no UCAB listing with a seller');
}

// ---- The run and its table ------------------------------------------------------------------

const finite = (values: number[]) => values.filter(Number.isFinite);
const med = (values: number[]) => (finite(values).length > 0 ? median(finite(values)) : Number.NaN);
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

export async function tapsFigures(): Promise<void> {
  const loadAtStart = load();
  await buildWebIfStale({ quiet: true });
  const stack = await startLocalStack({ port: 0, seed: true, quiet: true, edgeCache: true });
  const work = mkdtempSync(join(tmpdir(), 'mercado-taps-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  let origins: Map<DesignKey, LocalServer> | undefined;
  let floor: { url: string; close(): Promise<void> } | undefined;
  try {
    const listing = await listingWithSeller(stack.url);
    const table = tapTable(listing.id, listing.seller).filter(
      ([page]) => ONLY.length === 0 || ONLY.some((prefix) => page.label.startsWith(prefix)),
    );
    origins = await designOrigins(stack, work, PROBE);
    floor = await floorOrigin(stack);
    const urlOf = (key: DesignKey, page: PageKind) => `${origins!.get(key)!.url}${page.path}`;
    // Warm each origin's render and edge copies, and the browser, before measuring.
    for (const { key } of DESIGNS) {
      for (const [page] of table)
        await fetch(urlOf(key, page), {
          headers: { cookie: page.chosen ? `${UNIVERSITY_COOKIE}=${page.chosen}` : '' },
        });
      await paintLoad(browser, `${origins.get(key)!.url}${PROBE}`, undefined, `warm-up ${key}`);
    }
    await paintLoad(browser, floor.url, undefined, `warm-up ${FLOOR_LABEL}`, false);

    const results = new Map<string, { paints: PaintFigures[]; taps: TapFigures[] }>();
    const floorRuns: PaintFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      console.log(`taps: round ${run + 1} of ${RUNS} (load ${load()})`);
      floorRuns.push(await paintLoad(browser, floor.url, undefined, FLOOR_LABEL, false));
      // The designs' order turns each round, so a noisy moment does not always hit the same one.
      const order = DESIGNS.map((_, i) => DESIGNS[(i + run) % DESIGNS.length]);
      for (const [page, control] of table)
        for (const design of order) {
          const where = `${design.key} ${page.label}`;
          const cell = results.get(where) ?? { paints: [], taps: [] };
          results.set(where, cell);
          cell.paints.push(await paintLoad(browser, urlOf(design.key, page), page.chosen, where));
          cell.taps.push(await tapLoad(browser, urlOf(design.key, page), page.chosen, control, where));
        }
    }

    console.log(
      `\nTaps: ${RUNS} runs per page and design, medians. Phone: Galaxy S8 at 1×, ${CPU_SLOWDOWN}× CPU, ` +
        `${NETWORK.latency} ms RTT, 1.6 Mbit/s down, 750 kbit/s up; signed out. ` +
        `Load average (1 / 5 / 15 min): ${loadAtStart} at start, ${load()} at end.`,
    );
    console.log(
      'visible → answered: from the frame that first draws the control to its toast or new path; (×A): ratio of medians to design A.',
    );
    const columns = ['LCP', 'FCP', 'paint → ready', 'visible → answered'];
    for (const [page, control] of table) {
      const what = `${control.text ? `'${control.text}'` : control.css} → ${control.toast ? `toast '${control.toast}' or ` : ''}a new path`;
      console.log(`\n${page.label}: tap ${what}`);
      console.log(
        `  ${'design'.padEnd(24)}${columns.map((c) => c.padEnd(20)).join('')}${'lost'.padEnd(7)}answers (tap after visible)`,
      );
      const figuresOf = (key: DesignKey) => {
        const cell = results.get(`${key} ${page.label}`)!;
        return {
          cell,
          medians: [
            med(cell.paints.map((p) => p.lcp)),
            med(cell.paints.map((p) => p.fcp)),
            med(cell.paints.map((p) => p.paintToReady)),
            med(cell.taps.map((t) => t.visibleToAnswer)),
          ],
        };
      };
      const base = figuresOf('A').medians;
      for (const design of DESIGNS) {
        const { cell, medians } = figuresOf(design.key);
        const values = medians.map((m, i) => {
          const ratio =
            design.key === 'A' || !Number.isFinite(m / base[i]) ? '' : ` (${(m / base[i]).toFixed(2)}×)`;
          return `${seconds(m)}${ratio}`.padEnd(20);
        });
        const count = (test: (t: TapFigures) => boolean) => cell.taps.filter(test).length;
        const hows = (['toast', 'app navigation', 'new page'] as const)
          .map((how) => [how, count((t) => t.how === how)] as const)
          .filter(([, n]) => n > 0)
          .map(([how, n]) => `${how} ${n}`);
        const noControl = count((t) => t.outcome === 'no control');
        const answers = [
          ...hows,
          `kept ${count((t) => t.kept)}`,
          ...(noControl > 0 ? [`NOT TAPPED ${noControl}`] : []),
        ].join(', ');
        console.log(
          `  ${design.label.padEnd(24)}${values.join('')}${`${count((t) => t.outcome === 'lost')}/${cell.taps.length}`.padEnd(7)}${answers} (+${seconds(med(cell.taps.map((t) => t.visibleToTap)))})`,
        );
      }
    }
    console.log(
      `\n${FLOOR_LABEL}: LCP ${seconds(med(floorRuns.map((r) => r.lcp)))}, FCP ${seconds(med(floorRuns.map((r) => r.fcp)))} (same phone, medians of ${RUNS})`,
    );
    if (problems.size > 0) {
      console.log('\nConsole errors and failed taps (count):');
      for (const [text, n] of problems) console.log(`  ${n}× ${text}`);
    }
  } finally {
    await browser.close();
    await floor?.close();
    for (const origin of origins?.values() ?? []) await origin.close();
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
