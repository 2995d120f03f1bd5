import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pathToFileURL } from 'node:url';
import { jsonForHtml } from '../../shared/html';
import {
  RENDER_STATE_ID,
  RENDERED_PAGES,
  type RenderedPageKind,
  renderedPageOf,
  SERVER_RENDERED_ATTRIBUTE,
  UNIVERSITY_COOKIE,
} from '../../shared/pages';
import type { InvokeApi } from './api-gateway';

/**
 * The local origin's server render of the rendered pages (issue 27, decision 052): what the render
 * function will do behind CloudFront. `web/dist-ssr/render.mjs` (the Vite SSR build) renders the
 * page with its data, asked of the API's handlers in process and anonymously; the document is the
 * built index.html with the page's head and HTML in it. Null (the caller serves the static shell,
 * as CloudFront's fallback to the bucket will) when there is no render module, or the render fails
 * or takes longer than RENDER_TIMEOUT_MS.
 */

/** CloudFront's read timeout of the render origin before it falls back to the bucket's shell. */
export const RENDER_TIMEOUT_MS = 3_000;
/** How long the edge keeps a page rendered while some of its data was late. */
export const DEGRADED_CACHE_SECONDS = 5;

/** What `render.mjs` exports (web/src/server/entry-server.tsx), as far as the origin uses it. */
interface RenderModule {
  render(
    url: string,
    request: { origin: string; now: number; university?: string | null },
  ): Promise<{
    status: number;
    head: import('../../web/src/lib/page-head/types').PageHead;
    degraded: boolean;
    html: string;
    state: string;
    redirect?: string;
  }>;
  setApiTransport(transport: ((url: string, init: RequestInit) => Promise<Response>) | null): void;
  renderHeadTags(head: import('../../web/src/lib/page-head/types').PageHead): string;
  screenAssetTags(pathname: string): Promise<string>;
}

/**
 * The render switch (local only, like the search index's): 'fail' makes every render throw, 'hang'
 * makes it outlast the timeout, so the fallback to the static shell can be tried by hand and tested.
 * GET /__local/render → {"mode":"ok"}; PUT with {"mode":"fail"} sets it.
 */
export const RENDER_SWITCH_PATH = '/__local/render';
export const RENDER_MODES = ['ok', 'fail', 'hang'] as const;
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

/** The value of cookie `name` in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The built index.html as the rendered page's document: the page's head in place of the site-wide
 * title, description, Open Graph block and WebSite JSON-LD; the app's HTML in #root (in place of the
 * hand-copied inert bar); the render's state as a JSON data block (never an executable script: the
 * CSP allows none inline, and the query string is never written into one); <html> marked, so the
 * early script leaves the page alone and the app hydrates it.
 */
export function renderDocument(
  template: string,
  headTags: string,
  html: string,
  state: string,
  assetTags = '',
): string {
  const head = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace(/<meta\s+property="og:[^"]*"[^>]*>\s*/g, '')
    .replace(/<!--[^>]*Structured data[\s\S]*?-->\s*/, '')
    .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>\s*/g, '');
  const rootStart = head.indexOf('<div id="root">');
  const rootEnd = head.lastIndexOf('</div>', head.indexOf('</body>'));
  if (rootStart === -1 || rootEnd === -1) throw new Error('index.html has no <div id="root">');
  // Functions as replacements: a `$` in the page's text must stay a `$`.
  return (
    head
      .slice(0, rootStart)
      .replace('<html lang="es">', () => `<html lang="es" ${SERVER_RENDERED_ATTRIBUTE}>`)
      .replace('</head>', () => `${headTags}\n${assetTags}  </head>`) +
    `<div id="root">${html}</div>\n    <script type="application/json" id="${RENDER_STATE_ID}">${jsonForHtml(
      JSON.parse(state),
    )}</script>` +
    head.slice(rootEnd + '</div>'.length)
  );
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

export function createLocalRenderer(opts: LocalRendererOptions) {
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  let mode: RenderMode = 'ok';
  const template = whenChanged(`${opts.webDir}/index.html`, () =>
    readFileSync(`${opts.webDir}/index.html`, 'utf8'),
  );
  const renderModule = whenChanged(opts.renderModule, async (version) => {
    // A new URL per build: Node's module cache keeps the old one otherwise.
    const mod = (await import(`${pathToFileURL(opts.renderModule).href}?v=${version}`)) as RenderModule;
    // Anonymous by construction: only the call's method, path, body and content type reach the
    // handlers, never the visitor's Authorization header or cookies.
    mod.setApiTransport(async (url, init) => {
      const target = new URL(url, opts.origin());
      const body = typeof init.body === 'string' ? Buffer.from(init.body) : Buffer.alloc(0);
      const result = await opts.invokeApi({
        method: (init.method ?? 'GET').toUpperCase(),
        url: `${target.pathname}${target.search}`,
        headers: {
          accept: 'application/json',
          ...(body.length > 0 ? { 'content-type': 'application/json' } : {}),
        },
        body,
        sourceIp: '127.0.0.1',
        host: target.host,
      });
      return new Response(result.statusCode === 204 ? null : new Uint8Array(result.body), {
        status: result.statusCode,
        headers: result.headers,
      });
    });
    return mod;
  });

  // Loaded at start, not by the first visitor: importing the 3 MB module takes most of the timeout.
  renderModule()?.catch(() => {});

  /** The rendered document of a GET of a rendered page, or null for the static shell. */
  const renderPage = async (req: IncomingMessage, url: string): Promise<RenderedDocument | null> => {
    const { pathname, searchParams } = new URL(url, 'http://origin');
    const kind: RenderedPageKind | undefined = renderedPageOf(pathname);
    if (!kind || req.method !== 'GET') return null;
    const loading = renderModule();
    const shell = template();
    if (!loading || !shell) return null;
    const page = RENDERED_PAGES.find((p) => p.kind === kind);
    const university = page?.universityCookie ? cookieValue(req.headers.cookie, UNIVERSITY_COOKIE) : null;
    // No university in the URL nor the cookie (a visitor who chose before the cookie existed keeps
    // it in localStorage only): the static shell, whose early script sends them on as before.
    if (page?.universityCookie && !searchParams.get('university') && !university) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const work = (async () => {
        const mod = await loading;
        if (mode === 'fail') throw new Error('the render switch is on fail');
        if (mode === 'hang') await new Promise((resolve) => setTimeout(resolve, timeoutMs + 1_000));
        const result = await mod.render(url, { origin: opts.origin(), now: Date.now(), university });
        return { mod, result, template: await shell };
      })();
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      const done = await Promise.race([work, timeout]);
      if (!done) {
        work.catch(() => {});
        console.error(`[render] ${pathname}: no answer within ${timeoutMs} ms, static shell served`);
        return null;
      }
      const { mod, result } = done;
      const seconds = result.degraded ? DEGRADED_CACHE_SECONDS : (page?.cacheSeconds ?? 30);
      const cacheControl = `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
      // A page that shows the chosen university when its URL names none is one page per cookie.
      const vary: Record<string, string> = page?.universityCookie ? { vary: 'Cookie' } : {};
      if (result.redirect) {
        return {
          status: 302,
          headers: { location: result.redirect, 'cache-control': cacheControl, ...vary },
          body: Buffer.alloc(0),
        };
      }
      const body = renderDocument(
        done.template,
        mod.renderHeadTags(result.head),
        result.html,
        result.state,
        await mod.screenAssetTags(pathname),
      );
      return {
        status: result.status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': cacheControl,
          ...vary,
        },
        body: Buffer.from(body),
      };
    } catch (error) {
      console.error(`[render] ${pathname}: failed, static shell served:`, error);
      return null;
    } finally {
      clearTimeout(timer);
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
