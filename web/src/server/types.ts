/**
 * What a render is asked and what it answers: the contract between entry-server.tsx (which renders
 * with React) and document.ts (which answers the request around the render). Here so that neither
 * imports the other (an import cycle, even of types, is refused: docs/decisions/011-web-boundaries.md).
 */
import type { PageHead } from '../lib/page-head/types';

export interface RenderRequest {
  /** The site's origin (from the stage's configuration, never a request header). */
  origin: string;
  /** The render's clock (ms since the epoch). */
  now: number;
  /** The university the page shows: a link's `?university=`, else the `mu_u` cookie (document.ts). */
  university?: string | null;
}

export interface RenderResult {
  status: number;
  /** The page's title, description, canonical URL, Open Graph/Twitter tags and JSON-LD. */
  head: PageHead;
  /**
   * True when some of the page's data was late (entry-server.tsx RENDER_DATA_MS): the HTML shows its
   * loading state, and the page is kept at the edge for a few seconds only.
   */
  degraded: boolean;
  /** The app's markup, the content of the document's #root. */
  html: string;
  /** RenderState as JSON: what the browser hydrates with. */
  state: string;
}
