import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/**
 * What a page rendered on the server was rendered with (issue 27): the chosen university (from the
 * URL or the `mu_u` cookie, the server cannot read localStorage), the clock and the site's origin.
 * The server provides it; the client provides the same values, read from the page's state, while it
 * hydrates that HTML, so its first render is the server's (no hydration mismatch). Absent in an app
 * rendered by the client alone: then the browser's own values are used.
 */
export interface RenderValues {
  university: string | null;
  now: number;
  origin: string;
}

export const RenderContext = createContext<RenderValues | null>(null);

/** What a screen module's `prefetch` gets: the route's params and query and the render's values. */
export interface PrefetchContext extends RenderValues {
  /** The page's path and query as rendered (the query the edge forwards). */
  url: string;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  queryClient: QueryClient;
}

/** What a prefetch tells the server besides the data: a missing page, or a page elsewhere. */
export type PrefetchResult = { status?: 404; redirect?: string } | undefined;

export type Prefetch = (ctx: PrefetchContext) => Promise<PrefetchResult>;

/** The clock of the render (dates, whether the BCV rate is recent): the server's while it hydrates. */
export function useNow(): number {
  return useContext(RenderContext)?.now ?? Date.now();
}

/** The site's origin for absolute URLs (share links, JSON-LD): the server's, or the browser's. */
export function useOrigin(): string {
  return useContext(RenderContext)?.origin ?? globalThis.location?.origin ?? '';
}
