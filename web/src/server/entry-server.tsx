/**
 * The server's render of a page (issue 27; decision 052): React renders the app's first screens
 * (shared/pages.ts RENDERED_PAGES) with their data, and the browser hydrates that HTML. The same
 * route table as the browser's (a StaticRouter around app/router.tsx's routes, declarative mode:
 * no data router), the same query options (each screen module's `prefetch`), one per-request query
 * cache serialised once into `state`. Data the API has not given within RENDER_DATA_MS is left out:
 * the server and the browser then both render the screen's pending state, never a blank page.
 * Built by Vite's SSR build into web/dist-ssr/render.mjs (never under web/dist, which is public).
 */
import { type DehydratedState, dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import { parseUniversityId } from '#shared/ids';
import {
  RENDERED_PAGES,
  type RenderedPageKind,
  renderedPageOf,
  SERVER_STYLE_ATTRIBUTE,
  shellLocations,
  shellPageOf,
  shellPathOf,
} from '#shared/pages';
import { App } from '../app/app';
import { createQueryClient } from '../app/provider';
import { screenOf } from '../app/router';
import type { PrefetchResult, RenderValues } from '../lib/render-context';
import { type Session, SessionContext } from '../lib/session';
import { appLoaderSrc, screenAssetTags } from './assets';
import { answerPage, type PageRequest, type PageResponse, shellDocument } from './document';
import { headOf } from './heads';
import type { RenderRequest, RenderResult } from './types';

/** How long a render waits for the API before it renders what it has (the rest: pending states). */
export const RENDER_DATA_MS = 1_000;

/** What the browser's hydration needs besides the HTML: the render's values and its query cache. */
export interface RenderState {
  render: RenderValues;
  queries: DehydratedState;
  /**
   * The page the document shows when it is not the one asked for: a page that needs a chosen
   * university, asked for with none, is its screen's redirect target rendered in its place (the
   * chooser, with the page as its `next`). The browser's address moves there before the app
   * hydrates (main.tsx): the redirect the spec asks for, without a 302's round trip.
   */
  location?: string;
}

/** The server's query client: no retries (the deadline is short) and no refetching. */
const prefetchClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/** The route params of a rendered page's path, read with its own router patterns. */
function paramsOf(pathname: string): Record<string, string | undefined> {
  const kind = renderedPageOf(pathname);
  for (const route of RENDERED_PAGES.find((page) => page.kind === kind)?.routes ?? []) {
    const match = matchPath(route, pathname);
    if (match) return match.params;
  }
  return {};
}

/** Resolves with `value` after `ms`; the timer is cleared when `until` settles first. */
function deadline<T>(work: Promise<T>, ms: number, value: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(value), ms);
    }),
  ]);
}

/**
 * Renders `url` (path and query) as the app shows it to an anonymous visitor; a screen that sends
 * the visitor elsewhere is rendered as that page, `redirected` (RenderState.location).
 */
export async function render(url: string, request: RenderRequest, redirected = false): Promise<RenderResult> {
  const { pathname, search } = new URL(url, request.origin);
  if (!renderedPageOf(pathname)) throw new Error(`${pathname} is not a page the server renders`);
  const values: RenderValues = {
    university: parseUniversityId(request.university ?? null),
    now: request.now,
    origin: request.origin,
  };

  // The screen's module with its component (the render then shows the screen, not the layout's
  // Suspense fallback), and its queries, for at most RENDER_DATA_MS.
  const screen = await screenOf(pathname);
  const queryClient = prefetchClient();
  const params = paramsOf(pathname);
  const searchParams = new URLSearchParams(search);
  const late = Symbol('late');
  const outcome: PrefetchResult | typeof late = await deadline<PrefetchResult | typeof late>(
    screen?.prefetch?.({ ...values, url, params, search: searchParams, queryClient }) ??
      Promise.resolve(undefined),
    RENDER_DATA_MS,
    late,
  );
  const degraded = outcome === late || queryClient.isFetching() > 0;
  // Only answers that are in (TanStack Query's default: successful queries); late ones stop here.
  const queries = dehydrate(queryClient);
  const head = headOf(
    {
      kind: renderedPageOf(pathname) as RenderedPageKind,
      params,
      search: searchParams,
      university: values.university,
      queryClient,
    },
    { origin: request.origin, now: new Date(request.now) },
  );
  void queryClient.cancelQueries();
  const result = outcome === late ? undefined : outcome;
  if (result?.redirect) {
    // One hop: the page sent to (the chooser) sends nowhere else.
    if (redirected) throw new Error(`${url} sends the visitor on to ${result.redirect}`);
    return render(result.redirect, request, true);
  }

  // The render reads a cache holding exactly what the state carries, so a query that lands during
  // the render cannot show on the server and be missing in the browser's hydration.
  const renderClient = createQueryClient();
  hydrate(renderClient, queries);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={`${pathname}${search}`}>{children}</StaticRouter>
  );
  // prerender waits for every Suspense boundary (lazy parts): the HTML is whole, with no streaming
  // inline scripts (the CSP allows no inline script).
  const { prelude } = await prerender(<App Router={Router} queryClient={renderClient} render={values} />, {
    // React outlines a Suspense boundary's content past this size (12.8 KB by default: a listing
    // of 24 cards) into a hidden <div> that an inline $RC script swaps in; the CSP blocks that
    // script, so the page showed the fallback until the app ran. Every boundary inline instead.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      console.error('[render]', pathname, error);
    },
  });
  // The CSP blocks an HTML `style` attribute: the colours ride as data, applied by main.tsx. React
  // escapes `"` in text and attribute values, so ` style="` is only ever an attribute.
  const html = (await readAll(prelude)).replaceAll(' style="', ` ${SERVER_STYLE_ATTRIBUTE}="`);
  renderClient.clear();
  const state: RenderState = { render: values, queries, ...(redirected ? { location: url } : {}) };
  return { status: result?.status ?? head.status, head, degraded, html, state: JSON.stringify(state) };
}

/**
 * Where each kind's static shell is drawn: any page of the kind, as the shell stands for all of them,
 * except the kinds whose screen titles its parameter (SHELL_PER_VALUE), drawn once per value. The
 * university stands for "one is chosen" (its name is the screen's data, not drawn).
 */
const SHELL_UNIVERSITY = 'shell';
const SHELL_ORIGIN = 'https://shell.invalid';

/** The session of a page served a shell only (shared/pages.ts shellPages()): being read. */
const SESSION_LOADING: Session = { status: 'loading' };

/**
 * The static shell of the pages like `location` (decision 052, issue 38): the same app rendered with
 * no data at all, i.e. the layout, the bar and the screen's pending state (its skeleton and the
 * spec's loading text). Written into web/dist/shells/ at build time (scripts/local/web-build.ts):
 * what the origin serves when the render fails (the local origin's fallback, CloudFront's origin
 * group), so a first screen is never blank while the app's JavaScript loads. A page served a shell
 * only is drawn with the session being read, as the app first shows it to someone signed in (the
 * spinner of `RequireSession`, the admin area's frame): what the app's first render shows too, for
 * a stored session. No API call is made: the queries stay pending.
 */
async function renderShell(location: string): Promise<string> {
  const { pathname } = new URL(location, 'http://shell');
  const kind = renderedPageOf(pathname) ?? shellPageOf(pathname);
  // The origin only feeds the head's absolute URLs, which the shell does not use (its head is the
  // site-wide one); the clock is the build's (the footer's year).
  const values: RenderValues = { university: SHELL_UNIVERSITY, now: Date.now(), origin: SHELL_ORIGIN };
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  );
  await screenOf(pathname);
  const queryClient = createQueryClient();
  const errors: unknown[] = [];
  const app = <App Router={Router} queryClient={queryClient} render={values} />;
  const { prelude } = await prerender(
    shellPageOf(pathname) ? (
      <SessionContext.Provider value={SESSION_LOADING}>{app}</SessionContext.Provider>
    ) : (
      app
    ),
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  // A shell that drew an error screen would be served as the page: the build fails instead.
  if (errors.length > 0) throw new Error(`the ${kind} shell failed to render`, { cause: errors[0] });
  const html = (await readAll(prelude)).replaceAll(' style="', ` ${SERVER_STYLE_ATTRIBUTE}="`);
  queryClient.clear();
  return html;
}

/**
 * Every static shell document, by its site path (shared/pages.ts shellPathOf: /shells/<name>.html),
 * from the built index.html: the rendered kinds' and the pages served a shell only.
 */
export async function renderShellDocuments(template: string): Promise<Record<string, string>> {
  const shells: Record<string, string> = {};
  for (const location of shellLocations()) {
    const { pathname } = new URL(location, 'http://shell');
    const path = shellPathOf(pathname);
    if (!path) throw new Error(`${pathname} is no page of shared/pages.ts`);
    shells[path] = shellDocument(
      template,
      await renderShell(location),
      await screenAssetTags(pathname),
      appLoaderSrc(),
    );
  }
  return shells;
}

/** The seam through which the render's API calls go (the catalog's handlers in process, issue 27). */
export { setApiTransport } from '../lib/api-client';
/** A rendered page's whole HTTP answer, for the local origin and the render function (document.ts). */
export const renderPage = (request: PageRequest): Promise<PageResponse | null> => answerPage(render, request);
