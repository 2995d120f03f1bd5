import { useEffect } from 'react';
import { jsonForHtml } from '#shared/html';
import { CURRENCY } from '#shared/limits';
import type { ProductDetail } from '#shared/schemas';
import { productImages } from './product-images';

/**
 * The product page's schema.org Product (spec: in stock; condition New when 'nuevo', Used
 * otherwise). Built as data here and serialised by `jsonForHtml` (shared/html.ts), so the content
 * is testable without a browser.
 */
export interface ProductJsonLd {
  '@context': 'https://schema.org';
  '@type': 'Product';
  name: string;
  description: string;
  image: string[];
  sku: string;
  category: string;
  offers: {
    '@type': 'Offer';
    price: string;
    priceCurrency: string;
    availability: 'https://schema.org/InStock' | 'https://schema.org/Reserved';
    itemCondition: 'https://schema.org/NewCondition' | 'https://schema.org/UsedCondition';
    url: string;
  };
}

/** Absolute image URLs (search engines want them); relative ones are resolved against the origin. */
function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}

export function buildProductJsonLd(
  product: ProductDetail,
  pageUrl: string,
  origin: string,
  categoryLabel: string,
): ProductJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description?.trim() || product.title,
    image: productImages(product).map((u) => absolute(u, origin)),
    sku: String(product.id),
    category: categoryLabel,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: CURRENCY,
      // A reserved listing is still shown, but promised to someone (issue 13).
      availability:
        product.status === 'reserved' ? 'https://schema.org/Reserved' : 'https://schema.org/InStock',
      itemCondition:
        product.condition === 'nuevo'
          ? 'https://schema.org/NewCondition'
          : 'https://schema.org/UsedCondition',
      url: pageUrl,
    },
  };
}

export const JSON_LD_ELEMENT_ID = 'product-structured-data';

/**
 * Adds the data block to the document head while the page is shown and removes it afterwards.
 * Data blocks are never executed, so the CSP (script-src 'self') allows them.
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
