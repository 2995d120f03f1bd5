import { CURRENCY } from '#shared/limits';
import type { ProductDetail } from '#shared/schemas';
import { productImages } from '@/lib/product-images';
import { absoluteUrl } from './site-basics';
import type { NoPrivateFields } from './types';

/** What a product's head and data may read: the public detail's fields, never a contact. */
export type HeadProduct = Pick<
  ProductDetail,
  'id' | 'title' | 'description' | 'price' | 'category' | 'condition' | 'status' | 'image' | 'images'
> &
  NoPrivateFields;

/**
 * The product page's schema.org Product (spec: in stock; condition New when 'nuevo', Used
 * otherwise; a reserved listing is Reserved, issue 13). Built as data here and written by
 * `jsonForHtml` (shared/html.ts), so the content is testable without a browser.
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

export function buildProductJsonLd(
  product: HeadProduct,
  pageUrl: string,
  origin: string,
  categoryLabel: string,
): ProductJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description?.trim() || product.title,
    // Absolute URLs (search engines want them); anything that is not http(s) is left out.
    image: productImages(product).flatMap((u) => absoluteUrl(u, origin) ?? []),
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
