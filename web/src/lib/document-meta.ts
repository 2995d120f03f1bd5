import { useEffect } from 'react';
import { documentTitle } from '@/lib/page-head/site-basics';
import type { HeadContext, PageHead } from '@/lib/page-head/types';

/** Sets the tab's title, the description and the canonical link (DOM updates only: the CSP forbids inline scripts). */
function useHeadElements(
  title: string | null,
  description: string | undefined,
  canonical: string | null,
): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = canonical;
  }, [title, description, canonical]);
}

/** The browser's side of a head builder's context: this page's origin and clock. */
export function clientHeadContext(): HeadContext {
  return { origin: location.origin, now: new Date() };
}

/**
 * A page kind's head (lib/page-head) on navigation: the same title, description and canonical URL
 * the server writes, from the same builder. The next screen sets its own. Null while the screen's
 * data loads: the document keeps what it has, and a child that knows better (a not-found) sets it.
 */
export function useDocumentHead(head: PageHead | null): void {
  useHeadElements(head?.title ?? null, head?.description, head?.canonical ?? null);
}

/** The screens without a page kind (accounts, profile, admin): a title, maybe a description and canonical path. */
export function useDocumentMeta(title: string, description?: string, canonicalPath?: string): void {
  useHeadElements(
    documentTitle(title),
    description,
    canonicalPath ? new URL(canonicalPath, location.origin).href : null,
  );
}
