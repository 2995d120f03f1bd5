import { useEffect } from 'react';
import { documentTitle } from '@/lib/page-head/site-basics';
import { useNow, useOrigin } from '@/lib/render-context';
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

/**
 * A page kind's head (lib/page-head, `build` given the render's origin and clock) on navigation: the same title, description and canonical URL
 * the server writes, from the same builder. The next screen sets its own. Null while the screen's
 * data loads: the document keeps what it has, and a child that knows better (a not-found) sets it.
 */
export function useDocumentHead(build: (ctx: HeadContext) => PageHead | null): void {
  // The render's origin and clock: the server's while the page hydrates (lib/render-context).
  const origin = useOrigin();
  const head = build({ origin, now: new Date(useNow()) });
  useHeadElements(head?.title ?? null, head?.description, head?.canonical ?? null);
}

/** The screens without a page kind (accounts, profile, admin): a title, maybe a description and canonical path. */
export function useDocumentMeta(title: string, description?: string, canonicalPath?: string): void {
  const origin = useOrigin();
  useHeadElements(
    documentTitle(title),
    description,
    canonicalPath ? new URL(canonicalPath, origin).href : null,
  );
}
