import { useEffect } from 'react';

const SITE_NAME = 'Mercado Universitario';

/**
 * Sets the page title, description and canonical URL for the current screen (DOM updates only:
 * the CSP forbids inline scripts and styles). The next screen sets its own.
 */
export function useDocumentMeta(title: string, description?: string, canonicalPath?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonicalPath) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = new URL(canonicalPath, location.origin).href;
  }, [title, description, canonicalPath]);
}
