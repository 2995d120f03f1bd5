import { escapeHtml, jsonForHtml } from '#shared/html';
import { SITE_NAME } from './site-basics';
import type { PageHead } from './types';

const meta = (key: 'name' | 'property', id: string, content: string) =>
  `<meta ${key}="${id}" content="${escapeHtml(content)}">`;

/**
 * The head's tags as the server writes them into the document: every text and URL through
 * escapeHtml, the JSON-LD through jsonForHtml into data blocks (never executed; the CSP's
 * script-src 'self' allows them). The status is the server's to send, not a tag.
 */
export function renderHeadTags(head: PageHead): string {
  const { og } = head;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'es_VE'),
    meta('property', 'og:type', og.type),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', og.description),
    meta('property', 'og:url', og.url),
    ...(og.image
      ? [
          meta('property', 'og:image', og.image.url),
          meta('property', 'og:image:type', og.image.type),
          meta('property', 'og:image:width', String(og.image.width)),
          meta('property', 'og:image:height', String(og.image.height)),
          meta('property', 'og:image:alt', og.image.alt),
        ]
      : []),
    meta('name', 'twitter:card', head.twitter.card),
    meta('name', 'twitter:title', og.title),
    meta('name', 'twitter:description', og.description),
    ...(og.image
      ? [meta('name', 'twitter:image', og.image.url), meta('name', 'twitter:image:alt', og.image.alt)]
      : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonForHtml(data)}</script>`),
  ];
  return tags.join('\n');
}
