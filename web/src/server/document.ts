/**
 * A rendered page's HTTP answer (issue 27): what the local origin (scripts/local/render.ts) and the
 * render function behind CloudFront (functions/app/render.ts) both answer for a GET of a page the
 * server renders, from the request's path and query, its Cookie header, the site's origin, the
 * clock and the built index.html. Bundled into web/dist-ssr/render.mjs with the render itself, so
 * the two origins cannot drift: the callers only add their transport, timeout and fallback.
 */
import { jsonForHtml } from '#shared/html';
import { parseUniversityId } from '#shared/ids';
import {
  DEGRADED_CACHE_SECONDS,
  pageCacheSeconds,
  RENDER_QUERY_KEYS,
  RENDER_STATE_ID,
  RENDERED_PAGES,
  renderedPageOf,
  SERVER_RENDERED_ATTRIBUTE,
  UNIVERSITY_COOKIE,
  UNIVERSITY_PARAM,
} from '#shared/pages';
import { appLoaderSrc, screenAssetTags } from './assets';
import { APP_SCRIPTS_TEMPLATE_ID } from '../first-paint/app-scripts';
import { renderHeadTags } from '../lib/page-head/render-head-tags';
import type { RenderRequest, RenderResult } from './types';

export interface PageRequest {
  /** The page's path and query as requested ('/product/12?x=1'), still percent-encoded. */
  url: string;
  /** The request's Cookie header (only `mu_u` is read). */
  cookie?: string | null;
  /** The site's origin (stage configuration or the local URL; never a request header). */
  origin: string;
  now: number;
  /** The built index.html. */
  template: string;
}

export interface PageResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What `render.mjs` exports (./entry-server.tsx) as far as an origin uses it: the page's whole
 * answer and the seam of its API calls. The local origin and the render function load it alike.
 */
export interface RenderModule {
  renderPage(request: PageRequest): Promise<PageResponse | null>;
  setApiTransport(transport: ((url: string, init: RequestInit) => Promise<Response>) | null): void;
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
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
 * The answer to a GET of `request.url`, or null when it is not a rendered page. A page that shows
 * the chosen university with none in its URL nor the cookie is its screen's redirect target
 * rendered in its place: the chooser, with the page as its `next`, whose address the app takes
 * before it hydrates (entry-server.tsx RenderState.location). A 302 there cost a first visit a
 * round trip before the chooser could paint (0.56 s throttled, decision 052); a shell whose app
 * loaded only to go there cost 2.7 s of simulated LCP. A choice kept in localStorage without the
 * cookie (the app writes the cookie at every start, for a year) is the chooser's to undo: it goes
 * back to `next` at once. Throws when the render fails: the caller serves the shell.
 */
export async function answerPage(
  render: (url: string, request: RenderRequest) => Promise<RenderResult>,
  request: PageRequest,
): Promise<PageResponse | null> {
  const { pathname, searchParams } = new URL(request.url, 'http://origin');
  const kind = renderedPageOf(pathname);
  const page = RENDERED_PAGES.find((p) => p.kind === kind);
  if (!page) return null;
  // A link's choice first (UNIVERSITY_PARAM), then the visitor's stored one.
  const university = page.universityCookie
    ? (parseUniversityId(searchParams.get(UNIVERSITY_PARAM)) ?? cookieValue(request.cookie, UNIVERSITY_COOKIE))
    : null;
  // The query the edge keys and forwards (RENDER_QUERY_KEYS): locally the same, so a parameter the
  // edge drops cannot change a page here.
  const query = new URLSearchParams();
  for (const [key, value] of searchParams)
    if ((RENDER_QUERY_KEYS as readonly string[]).includes(key)) query.append(key, value);
  const url = `${pathname}${query.size > 0 ? `?${query}` : ''}`;

  const result = await render(url, { origin: request.origin, now: request.now, university });
  const seconds = result.degraded ? DEGRADED_CACHE_SECONDS : pageCacheSeconds(page);
  const cacheControl = `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
  // A page that shows the chosen university when its URL names none is one page per cookie.
  const vary: Record<string, string> = page.universityCookie ? { vary: 'Cookie' } : {};
  return {
    status: result.status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl, ...vary },
    body: renderDocument(
      request.template,
      renderHeadTags(result.head),
      result.html,
      result.state,
      await screenAssetTags(pathname),
      appLoaderSrc(),
    ),
  };
}

/**
 * The first-paint loader's tag (first-paint/load-app.ts). `blocking="render"`: the browser paints
 * nothing before the loader has run, so no control is ever shown before its taps are kept
 * (first-paint/early-taps.ts). It is a few hundred bytes, fetched beside the render-blocking
 * stylesheet. Browsers without the attribute (Safari) run it as any module script, at once after
 * parsing.
 */
const loaderTag = (src: string) =>
  `<script type="module" crossorigin blocking="render" src="${src}"></script>`;

/** A module script or modulepreload link as Vite writes them (index.html) and ./assets.ts does. */
const APP_TAG = /[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n?/g;

/** `html` without its module scripts and modulepreload links, and those tags in their order. */
function takeAppTags(html: string): { rest: string; tags: string[] } {
  const tags: string[] = [];
  const rest = html.replace(APP_TAG, (tag) => {
    tags.push(tag.trim());
    return '';
  });
  return { rest, tags };
}

/**
 * A rendered page's first screen is its HTML and photos; the app's modules only make it
 * interactive. Fetched with the photos, ~20 module requests and ~110 KB shared a slow phone's
 * bandwidth with them (throttled LCP 3.3-3.8 s), and Lighthouse's simulation charged the paint with
 * every script that arrived before it, whatever its priority (decision 052). So index.html's
 * module script and modulepreload links and the screen's move as they are into an inert
 * `<template>`, in the order the loader runs them (first-paint/app-scripts.ts: the entry's imports,
 * the entry, the screen's files), and the only script left is the loader
 * (first-paint/load-app.ts), which adds them once the first photos are in. The shells keep their
 * scripts: there the scripts are what paints the content.
 */
function appScriptsAfterPhotos(
  indexHead: string,
  screenTags: string,
  loaderSrc: string | null,
): { indexHead: string; screenTags: string; appTags: string } {
  if (!loaderSrc) return { indexHead, screenTags, appTags: '' };
  const entry = takeAppTags(indexHead);
  const screen = takeAppTags(screenTags);
  const isScript = (tag: string) => tag.startsWith('<script');
  const held = [
    ...entry.tags.filter((tag) => !isScript(tag)),
    ...entry.tags.filter(isScript),
    ...screen.tags,
  ];
  return {
    indexHead: entry.rest,
    screenTags: screen.rest,
    appTags:
      `    <template id="${APP_SCRIPTS_TEMPLATE_ID}">${held.join('')}</template>\n` +
      `    ${loaderTag(loaderSrc)}\n`,
  };
}

/**
 * React writes a `<link rel="preload" as="image">` for each photo not loaded lazily where it renders
 * it, inside #root (it owns no <head> here): moved into the head, the photos are asked for as soon
 * as the head is read, before the parser reaches the grid. Hydration skips such links, so #root
 * without them is still the tree React rendered. React escapes `>` in attribute values, so a tag
 * ends at the first one.
 */
function hoistImagePreloads(html: string): { body: string; imagePreloads: string } {
  const preloads: string[] = [];
  const body = html.replace(/<link rel="preload" as="image"[^>]*>/g, (tag) => {
    preloads.push(`    ${tag}\n`);
    return '';
  });
  return { body, imagePreloads: preloads.join('') };
}

/**
 * The built index.html as the rendered page's document: the page's head in place of the site-wide
 * title, description, Open Graph block and WebSite JSON-LD; the app's HTML in #root (in place of the
 * hand-copied inert bar); the render's state as a JSON data block (never an executable script: the
 * CSP allows none inline, and the query string is never written into one); the screen's stylesheet
 * and modulepreload links (./assets.ts: painted before any script runs, styled from the start);
 * the app's scripts held back until the first photos are in, when the loader's `loaderSrc` is given
 * (appScriptsAfterPhotos); <html> marked, so the app hydrates it.
 */
export function renderDocument(
  template: string,
  headTags: string,
  html: string,
  state: string,
  assetTags = '',
  loaderSrc: string | null = null,
): string {
  const { body, imagePreloads } = hoistImagePreloads(html);
  const head = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace(/<meta\s+property="og:[^"]*"[^>]*>\s*/g, '')
    .replace(/<!--[^>]*Structured data[\s\S]*?-->\s*/, '')
    .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>\s*/g, '');
  const rootStart = head.indexOf('<div id="root">');
  const rootEnd = head.lastIndexOf('</div>', head.indexOf('</body>'));
  if (rootStart === -1 || rootEnd === -1) throw new Error('index.html has no <div id="root">');
  const page = appScriptsAfterPhotos(head.slice(0, rootStart), assetTags, loaderSrc);
  // Functions as replacements: a `$` in the page's text must stay a `$`.
  return (
    page.indexHead
      .replace('<html lang="es">', () => `<html lang="es" ${SERVER_RENDERED_ATTRIBUTE}>`)
      .replace('</head>', () => `${headTags}\n${imagePreloads}${page.screenTags}${page.appTags}  </head>`) +
    `<div id="root">${body}</div>\n    <script type="application/json" id="${RENDER_STATE_ID}">${jsonForHtml(
      JSON.parse(state),
    )}</script>` +
    head.slice(rootEnd + '</div>'.length)
  );
}

/**
 * A kind's static shell document (decision 052): the built index.html, its site-wide head kept (the
 * shell stands for every page of its kind), with the app's markup of the kind's pending screen in
 * #root and that screen's stylesheet and modulepreload links. Not marked server-rendered and with
 * no state: the app renders over it (createRoot) rather than hydrating it, since the visitor's URL,
 * session and chosen university differ from the shell's. With `loaderSrc`, the first-paint loader
 * runs first, keeping taps until the app is ready.
 */
export function shellDocument(
  template: string,
  html: string,
  assetTags = '',
  loaderSrc: string | null = null,
): string {
  const rootStart = template.indexOf('<div id="root">');
  const rootEnd = template.lastIndexOf('</div>', template.indexOf('</body>'));
  if (rootStart === -1 || rootEnd === -1) throw new Error('index.html has no <div id="root">');
  // The loader before the app's entry (module scripts run in document order): it keeps the taps on
  // the shell's bar while the app loads (first-paint/early-taps.ts); its template part finds none.
  const head = loaderSrc
    ? template
        .slice(0, rootStart)
        .replace('<script type="module"', () => `${loaderTag(loaderSrc)}\n    <script type="module"`)
    : template.slice(0, rootStart);
  return (
    head.replace('</head>', () => `${assetTags}  </head>`) +
    `<div id="root">${html}</div>` +
    template.slice(rootEnd + '</div>'.length)
  );
}
