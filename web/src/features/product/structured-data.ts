import { useEffect } from 'react';
import { jsonForHtml } from '#shared/html';

export const JSON_LD_ELEMENT_ID = 'product-structured-data';

/**
 * Adds the data block (built by lib/page-head's `buildProductJsonLd`, the server's too) to the
 * document head while the page is shown and removes it afterwards. Data blocks are never executed,
 * so the CSP (script-src 'self') allows them.
 */
export function useJsonLd(data: unknown | null): void {
  const json = data === null ? null : jsonForHtml(data);
  useEffect(() => {
    if (json === null) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = JSON_LD_ELEMENT_ID;
    script.textContent = json;
    document.head.appendChild(script);
    return () => script.remove();
  }, [json]);
}
