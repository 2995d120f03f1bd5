import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pathToFileURL } from 'node:url';
import { RENDER_TIMEOUT_MS, renderedPageOf } from '../../shared/pages';
import { TimeoutError, withTimeout } from '../../functions/commons/timeout';
import { inProcessApiTransport, type InvokeApi } from '../../functions/http/api-event';
import type { RenderModule } from '../../web/src/server/document';

/**
 * The local origin's server render of the rendered pages (issue 27, decision 052): what the render
 * function will do behind CloudFront. `web/dist-ssr/render.mjs` (the Vite SSR build) renders the
 * page with its data, asked of the API's handlers in process and anonymously; the document is the
 * built index.html with the page's head and HTML in it. Null (the caller serves the static shell,
 * as CloudFront's fallback to the bucket will) when there is no render module, or the render fails
 * or takes longer than RENDER_TIMEOUT_MS.
 */

/**
 * The render switch (local only, like the search index's): 'fail' makes every render throw, 'hang'
 * makes it outlast the timeout, so the fallback to the static shell can be tried by hand and tested;
 * 'throttle' answers what a throttled function URL answers, which CloudFront passes to the viewer
 * (429 is not among the codes an origin group fails over on; the service worker covers it).
 * GET /__local/render → {"mode":"ok"}; PUT with {"mode":"fail"} sets it.
 */
export const RENDER_SWITCH_PATH = '/__local/render';
export const RENDER_MODES = ['ok', 'fail', 'hang', 'throttle'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

export interface RenderedDocument {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface LocalRendererOptions {
  /** The built app (its index.html is the document's template). */
  webDir: string;
  /** web/dist-ssr/render.mjs. */
  renderModule: string;
  invokeApi: InvokeApi;
  /** The origin's own URL (absolute links and images), known once it listens. */
  origin: () => string;
  timeoutMs?: number;
}

/** Reads `file` again when its modification time changes (a rebuild while the origin runs). */
function whenChanged<T>(file: string, load: (version: number) => Promise<T> | T) {
  let cached: { version: number; value: Promise<T> } | undefined;
  return (): Promise<T> | undefined => {
    if (!existsSync(file)) return undefined;
    const version = statSync(file).mtimeMs;
    if (cached?.version !== version) {
      const value = Promise.resolve(load(version));
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
      cached = { version, value };
    }
    return cached.value;
  };
}

/** A throttled Lambda function URL's answer (its body as Lambda words it). */
const THROTTLED: RenderedDocument = {
  status: 429,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(
    JSON.stringify({ Reason: 'ConcurrentInvocationLimitExceeded', Type: 'User', message: 'Rate Exceeded.' }),
  ),
};

/** Pages rendered once at start: the listings' and the catalog's reads, React's first render. */
const WARM_UP_PAGES = ['/global-marketplace', '/carreras'];

export function createLocalRenderer(opts: LocalRendererOptions) {
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  let mode: RenderMode = 'ok';
  const template = whenChanged(`${opts.webDir}/index.html`, () =>
    readFileSync(`${opts.webDir}/index.html`, 'utf8'),
  );
  const renderModule = whenChanged(opts.renderModule, async (version) => {
    // A new URL per build: Node's module cache keeps the old one otherwise.
    const mod = (await import(`${pathToFileURL(opts.renderModule).href}?v=${version}`)) as RenderModule;
    mod.setApiTransport(inProcessApiTransport(opts.invokeApi, opts.origin));
    return mod;
  });

  // Loaded and run once at start, not by the first visitor: importing the module and a first render
  // (the handlers' lazy modules, the JIT's first pass) took over the 3 s timeout on a loaded machine,
  // and that visitor got the shell. The warm-up's answer is dropped; a failure is the first
  // visitor's to see.
  const warmUp = async () => {
    const mod = await renderModule();
    const shell = await template();
    if (!mod || shell === undefined) return;
    // The origin is known once the server listens.
    for (let waited = 0; !opts.origin() && waited < 30_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    for (const url of WARM_UP_PAGES)
      await mod.renderPage({
        url,
        cookie: undefined,
        origin: opts.origin(),
        now: Date.now(),
        template: shell,
      });
  };
  warmUp().catch(() => {});

  /** The rendered document of a GET of a rendered page, or null for the static shell. */
  const renderPage = async (req: IncomingMessage, url: string): Promise<RenderedDocument | null> => {
    const { pathname } = new URL(url, 'http://origin');
    if (!renderedPageOf(pathname) || req.method !== 'GET') return null;
    const loading = renderModule();
    const shell = template();
    if (!loading || !shell) return null;
    if (mode === 'throttle') return THROTTLED;
    try {
      const work = (async () => {
        const mod = await loading;
        if (mode === 'fail') throw new Error('the render switch is on fail');
        if (mode === 'hang') await new Promise((resolve) => setTimeout(resolve, timeoutMs + 1_000));
        return mod.renderPage({
          url,
          cookie: req.headers.cookie,
          origin: opts.origin(),
          now: Date.now(),
          template: await shell,
        });
      })();
      const done = await withTimeout(work, timeoutMs);
      return done && { ...done, body: Buffer.from(done.body) };
    } catch (error) {
      if (error instanceof TimeoutError)
        console.error(`[render] ${pathname}: no answer within ${timeoutMs} ms, static shell served`);
      else console.error(`[render] ${pathname}: failed, static shell served:`, error);
      return null;
    }
  };

  return {
    renderPage,
    get mode() {
      return mode;
    },
    setMode(next: RenderMode) {
      mode = next;
    },
  };
}
