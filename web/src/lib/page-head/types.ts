/**
 * A page's head as data (issue 27): what a link preview (WhatsApp, Facebook, X), a search engine
 * and the browser's tab read before any JavaScript runs. One pure builder per page kind writes it
 * from the data the screen's queries return (product.ts, seller.ts, listings.ts, pages.ts), the
 * server writes it as tags (render-head-tags.ts) and the client sets its title, description and
 * canonical link on navigation (lib/document-meta.ts) — one source of the texts.
 */

/** Where and when the page is rendered: absolute URLs start at `origin` (from configuration, never a request header). */
export interface HeadContext {
  /** 'https://mercado.example', no trailing slash needed. */
  origin: string;
  /** The render's clock (the bolívar rate's age). */
  now: Date;
}

/** A preview image: the sizes let WhatsApp and Facebook lay out the card without fetching it first. */
export interface HeadImage {
  /** Absolute URL (a relative one is resolved against the origin). */
  url: string;
  width: number;
  height: number;
  /** MIME type: 'image/jpeg', 'image/png'. */
  type: string;
}

export interface PageHead {
  /** The HTTP status the server answers with: 404 for a product, seller or page that is not there. */
  status: 200 | 404;
  /** The document's <title>: 'Página | Mercado Universitario'. */
  title: string;
  description: string;
  /** Absolute; null on pages that must not name one (not found). */
  canonical: string | null;
  og: {
    type: 'website' | 'product' | 'profile';
    /** The page's own title, without the site's name (og:site_name says it). */
    title: string;
    description: string;
    url: string;
    image?: HeadImage & { alt: string };
  };
  /** `summary_large_image` for a product's photo, `summary` for the site's square card. */
  twitter: { card: 'summary_large_image' | 'summary' };
  /** schema.org objects, each written as its own `<script type="application/ld+json">` data block. */
  jsonLd: object[];
  robots: 'index, follow' | 'noindex, follow';
}

/**
 * Fields that name a person (their contact or identity) or an admin: a builder's input may not
 * carry them, so a stored item (`Product` with `seller_email`, `whatsapp_number`) or an account
 * cannot be handed to a builder by mistake — only the public answers of the API can.
 */
export interface NoPrivateFields {
  email?: never;
  seller_email?: never;
  phone?: never;
  phone_number?: never;
  whatsapp_number?: never;
  national_id?: never;
  owner_id?: never;
  recorded_by?: never;
}
