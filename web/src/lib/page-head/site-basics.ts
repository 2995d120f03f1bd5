/**
 * What every screen (useDocumentMeta) and the product's JSON-LD need, apart from the builders
 * (site.ts): a few bytes on each route's first load instead of a chunk of its own.
 */
export const SITE_NAME = 'Mercado Universitario';

/** The tab's title: 'Marketplace Global | Mercado Universitario', or the site's name alone. */
export function documentTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

/**
 * An absolute http(s) URL for a path or URL, against the origin; null for anything else
 * ('javascript:…', 'data:…', unparsable), which a head must never link to.
 */
export function absoluteUrl(pathOrUrl: string, origin: string): string | null {
  try {
    const url = new URL(pathOrUrl, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
