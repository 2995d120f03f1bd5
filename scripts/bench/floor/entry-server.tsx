/**
 * The floor page on the server: the same contract as the app's render module (web/dist-ssr/
 * render.mjs, as scripts/local/render.ts uses it): `setApiTransport` (the API's handlers in
 * process) and `renderPage`, whose answer is assembled by the app's own document assembly
 * (web/src/server/document.ts renderDocument) with the same cache headers. Only `/` is the floor.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { pageCacheSeconds, RENDERED_PAGES, SERVER_STYLE_ATTRIBUTE } from '#shared/pages';
import type { ProductPage } from '#shared/schemas';
import { appLoaderSrc } from '@/server/assets';
import { renderDocument, type PageRequest, type PageResponse } from '@/server/document';
import { FLOOR_PRODUCTS_URL, Floor, type FloorState } from './floor';

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

export function setApiTransport(next: Transport | null): void {
  transport = next ?? ((url, init) => fetch(url, init));
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

export async function renderPage(request: PageRequest): Promise<PageResponse | null> {
  const { pathname } = new URL(request.url, request.origin);
  if (pathname !== '/') return null;
  const res = await transport(new URL(FLOOR_PRODUCTS_URL, request.origin).href, { method: 'GET' });
  if (!res.ok) throw new Error(`GET ${FLOOR_PRODUCTS_URL} answered ${res.status}`);
  const page = (await res.json()) as ProductPage;
  const state: FloorState = {
    render: { university: null, now: request.now, origin: request.origin },
    products: page.items,
  };
  const { prelude } = await prerender(
    <Floor
      Router={({ children }) => <StaticRouter location={pathname}>{children}</StaticRouter>}
      state={state}
    />,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // As the app's render: the CSP blocks a `style` attribute, so the cards' colours ride as data.
  const html = (await readAll(prelude)).replaceAll(' style="', ` ${SERVER_STYLE_ATTRIBUTE}="`);
  const seconds = pageCacheSeconds(RENDERED_PAGES[0]);
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
    },
    body: renderDocument(
      request.template,
      '    <title>Piso de referencia | Mercado Universitario</title>',
      html,
      JSON.stringify(state),
      '',
      appLoaderSrc(),
    ),
  };
}
