import { CATEGORY_LABELS, CONDITION_LABELS } from '#shared/enums';
import { type ExchangeRate, formatUsdWithBs, usableRate } from '#shared/exchange-rate';
import type { University } from '#shared/schemas';
import { paths } from '@/config/paths';
import { buildProductJsonLd, type HeadProduct } from './product-json-ld';
import { pageHead } from './site';
import type { HeadContext, HeadImage, NoPrivateFields, PageHead } from './types';

export const RESERVED_LABEL = 'Reservado';

export interface ProductHeadInput {
  product: HeadProduct;
  /** The listing's university (its full name ends the description); null when it did not load. */
  university: (Pick<University, 'id' | 'full_name'> & NoPrivateFields) | null;
  /** The BCV rate as the API gives it (only its rate and date are read); none or stale → no Bs. */
  rate: (Pick<ExchangeRate, 'rate' | 'date'> & NoPrivateFields) | null | undefined;
  /** The preview photo (a JPEG WhatsApp accepts); the site's card without one. */
  image?: HeadImage;
}

/**
 * /product/{id}: the listing's title (' · Reservado' when promised to someone), its price with the
 * bolívar equivalent as the page shows it, its condition and university; its photo; the Product
 * JSON-LD. A missing product is `notFoundHead('product')` (pages.ts).
 */
export function productHead(input: ProductHeadInput, ctx: HeadContext): PageHead {
  const { product, university, rate } = input;
  const reserved = product.status === 'reserved';
  const title = reserved ? `${product.title} · ${RESERVED_LABEL}` : product.title;
  const price = formatUsdWithBs(product.price, usableRate(rate, ctx.now));
  const description = [price, CONDITION_LABELS[product.condition], university?.full_name]
    .filter(Boolean)
    .join(' · ');
  const path = paths.product.getHref(product.id);
  const url = new URL(path, ctx.origin).href;
  return pageHead(
    {
      title,
      description: reserved ? `${RESERVED_LABEL} · ${description}` : description,
      path,
      ogType: 'product',
      image: input.image ? { ...input.image, alt: product.title } : undefined,
      jsonLd: [buildProductJsonLd(product, url, ctx.origin, CATEGORY_LABELS[product.category])],
    },
    ctx,
  );
}
