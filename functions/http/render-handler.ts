import type { Context } from 'aws-lambda';
import { RENDER_ORIGIN_HEADER, RENDER_PATH_HEADER, RENDER_TIMEOUT_MS } from '#shared/pages';
import type { RenderModule } from '../../web/src/server/document';
import { TimeoutError, withTimeout } from '../commons/timeout';
import { buildHttpApiEvent, inProcessApiTransport, toHttpResult } from './api-event';
import type { HttpApiEvent } from './api-event';

/**
 * The render function behind CloudFront (issue 27; docs/decisions/054): a Lambda Function URL
 * event (payload v2, as CloudFront's origin request reaches it) becomes the page's answer from the
 * server render's module (web/src/server/document.ts `renderPage`, the local origin's code). Its
 * data come from the catalog's handler in process, anonymously. It trusts two headers only, both
 * written by CloudFront's viewer-request function (infra/constructs/render-path.ts) over whatever
 * the viewer sent: the page's path and the site's origin. Any failure, or no answer within
 * RENDER_TIMEOUT_MS, is a 500: the origin group then serves the bucket's static shell.
 */

/** A Lambda handler of API Gateway payload-v2 events (an API area's `handler`). */
export type AreaHandler = (event: HttpApiEvent, context: Context) => unknown;

export interface RenderHandlerOptions {
  /** The loaded render module. */
  renderModule: Promise<RenderModule>;
  /** The built index.html. */
  template: string;
  /** The catalog area's handler: every public read a rendered page makes. */
  catalog: AreaHandler;
  /** @default RENDER_TIMEOUT_MS */
  timeoutMs?: number;
  /** The render's clock. @default Date.now */
  now?: () => number;
}

/**
 * The warm ping (infra/constructs/render.ts: an EventBridge Scheduler schedule every 5 minutes): an
 * invocation that keeps one instance with the render module loaded, so the first visitor or link
 * preview after a quiet spell does not wait for a cold start behind CloudFront's 3 s read timeout.
 * Only a direct invocation carries it: a Function URL event (CloudFront's) always has a
 * `requestContext` and puts what a caller sends in its body, never at its top level.
 */
export const RENDER_WARM_EVENT = { warm: 'render' } as const;
export type RenderWarmEvent = typeof RENDER_WARM_EVENT;

export function isRenderWarmPing(event: unknown): event is RenderWarmEvent {
  return (
    typeof event === 'object' &&
    event !== null &&
    !('requestContext' in event) &&
    (event as { warm?: unknown }).warm === RENDER_WARM_EVENT.warm
  );
}

/** The warm ping's answer: whether the render module is loaded (nothing rendered). */
export interface WarmAnswer {
  warm: boolean;
}

/** A Function URL's answer. */
export interface RenderAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer that makes CloudFront's origin group fail over to the bucket; never cached. */
const failure = (): RenderAnswer => ({
  statusCode: 500,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'render failed',
});

/** A file under a rendered page's path (/product/1/x.jpg): nothing the render or the shell serves. */
const notFound = (): RenderAnswer => ({
  statusCode: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=30' },
  body: 'not found',
});

export function createRenderHandler(opts: RenderHandlerOptions) {
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  const now = opts.now ?? Date.now;
  // The invocation's context, handed to the catalog's handler (its deadline is the render's).
  let current: Context | undefined;
  let site = '';
  const ready = opts.renderModule.then((mod) => {
    mod.setApiTransport(
      inProcessApiTransport(
        async (req) =>
          toHttpResult(
            // No route key: the catalog's router matches the method and path itself (a path of
            // another area is its Spanish 404), as API Gateway's $default route would.
            await opts.catalog(buildHttpApiEvent(req, '$default', {}), current as Context),
          ),
        () => site,
      ),
    );
    return mod;
  });
  // An import that fails is reported on each request, not as an unhandled rejection at init.
  ready.catch(() => {});

  async function render(event: HttpApiEvent, context: Context): Promise<RenderAnswer> {
    const path = event.headers?.[RENDER_PATH_HEADER];
    const origin = event.headers?.[RENDER_ORIGIN_HEADER];
    const method = event.requestContext?.http?.method?.toUpperCase();
    if (!path || !origin || !path.startsWith('/') || (method !== 'GET' && method !== 'HEAD')) {
      console.error('[render-failed] a request without the edge function headers, or not a read', { method });
      return failure();
    }
    current = context;
    site = origin;
    const { pathname } = new URL(path, 'http://origin');
    const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
    const cookie = (event.cookies ?? []).join('; ');
    try {
      const work = (async () => {
        const mod = await ready;
        return mod.renderPage({
          url: `${pathname}${query}`,
          cookie,
          origin,
          now: now(),
          template: opts.template,
        });
      })();
      let page: Awaited<typeof work>;
      try {
        page = await withTimeout(work, timeoutMs);
      } catch (error) {
        if (!(error instanceof TimeoutError)) throw error;
        console.error(`[render-failed] ${pathname}: no answer within ${timeoutMs} ms`);
        return failure();
      }
      // Not rendered here (a path without a page, a file under a page's prefix, or a page that needs a
      // university the request does not name): what the bucket would serve, from the same build.
      const answer: RenderAnswer = page
        ? { statusCode: page.status, headers: page.headers, body: page.body }
        : /\.[^/]*$/.test(pathname)
          ? notFound()
          : shell(opts.template);
      return method === 'HEAD' ? { ...answer, body: '' } : answer;
    } catch (error) {
      console.error(`[render-failed] ${pathname}: failed`, error);
      return failure();
    }
  }

  function warm(): Promise<WarmAnswer> {
    // At a cold start, once the module has loaded; warm, at once. A module that cannot load is a
    // failure the alarm should see before a visitor does.
    return ready.then(
      () => ({ warm: true }),
      (error) => {
        console.error('[render-failed] warm ping: the render module did not load', error);
        return { warm: false };
      },
    );
  }

  function handler(event: RenderWarmEvent, context: Context): Promise<WarmAnswer>;
  function handler(event: HttpApiEvent, context: Context): Promise<RenderAnswer>;
  function handler(
    event: HttpApiEvent | RenderWarmEvent,
    context: Context,
  ): Promise<RenderAnswer | WarmAnswer> {
    return isRenderWarmPing(event) ? warm() : render(event, context);
  }
  return handler;
}

/** The static shell: the app renders the page in the browser, as for any unrendered path. */
const shell = (template: string): RenderAnswer => ({
  statusCode: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=30' },
  body: template,
});
