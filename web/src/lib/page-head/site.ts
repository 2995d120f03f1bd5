import { absoluteUrl, documentTitle, SITE_NAME } from './site-basics';
import type { HeadContext, HeadImage, PageHead } from './types';

/** The site's card where a page has no photo of its own: the app's 512 px icon (web/public/icons). */
export const SITE_CARD: HeadImage & { alt: string } = {
  url: '/icons/icon-512.png',
  width: 512,
  height: 512,
  type: 'image/png',
  alt: SITE_NAME,
};

/** The page's own address: its path against the origin (paths come from config/paths.ts). */
function pageUrl(path: string, ctx: HeadContext): string {
  return absoluteUrl(path, ctx.origin) ?? new URL('/', ctx.origin).href;
}

export interface HeadParts {
  title: string;
  description: string;
  /** The canonical path; null on not-found pages. */
  path: string | null;
  ogType?: PageHead['og']['type'];
  /** A photo of the page's own (large card); the site's card otherwise. */
  image?: (HeadImage & { alt: string }) | null;
  jsonLd?: object[];
  noindex?: boolean;
  /** 404: no canonical, image or JSON-LD, and noindex, whatever else is given. */
  status?: PageHead['status'];
}

/** The parts every kind shares: the same title in the tab and the preview, absolute URLs, the card. */
export function pageHead(parts: HeadParts, ctx: HeadContext): PageHead {
  const canonical = parts.path === null ? null : pageUrl(parts.path, ctx);
  const missing = parts.status === 404;
  const ownUrl = parts.image && !missing ? absoluteUrl(parts.image.url, ctx.origin) : null;
  const image =
    ownUrl && parts.image
      ? { ...parts.image, url: ownUrl }
      : { ...SITE_CARD, url: pageUrl(SITE_CARD.url, ctx) };
  return {
    status: missing ? 404 : 200,
    title: documentTitle(parts.title),
    description: parts.description,
    canonical,
    og: {
      type: parts.ogType ?? 'website',
      title: parts.title,
      description: parts.description,
      url: canonical ?? pageUrl('/', ctx),
      // A missing page previews as nothing but its title: no photo, no price, no data.
      ...(missing ? {} : { image }),
    },
    twitter: { card: ownUrl ? 'summary_large_image' : 'summary' },
    jsonLd: missing ? [] : (parts.jsonLd ?? []),
    robots: parts.noindex || missing ? 'noindex, follow' : 'index, follow',
  };
}
