import { CATEGORY_LABELS } from '#shared/enums';
import { photoSrcSet } from '#shared/photo-urls';
import type { ProductDetail } from '#shared/schemas';
import { GALLERY_IMAGE_SIZES } from '@/components/product/image-sizes';
import { paths } from '@/config/paths';
import { galleryImageAlt, productImages } from '@/lib/product-images';
import { el, emptyShell, isCategory, isText, link, photo as image } from './first-paint';

/**
 * The product page's first paint (docs/decisions/035-the-app-after-the-first-paint.md): its top,
 * drawn by the early script from the early answer to `GET /api/products/{id}`. A chunk of its own,
 * fetched on product pages only, while that answer is on its way. Same rules as first-paint.ts.
 */

/** What the product page's first paint reads of `GET /api/products/{id}` (checked below: the app's zod is not loaded yet). */
type PaintedProduct = Pick<ProductDetail, 'title' | 'category' | 'image' | 'images' | 'image_variants'>;

const isPaintable = (value: unknown): value is PaintedProduct => {
  const p = value as Partial<PaintedProduct> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    isText(p.title) &&
    isCategory(p.category) &&
    Array.isArray(p.images) &&
    p.images.every((u) => typeof u === 'string') &&
    (p.image == null || typeof p.image === 'string')
  );
};

/**
 * The product page's top (features/product/routes/product.tsx): the breadcrumb and the gallery's
 * main photo (components/product-gallery.tsx), with the srcset, sizes and priority React gives it,
 * so the photo is fetched once. What follows the photo (thumbnails, data, seller) waits for the
 * app: it comes below, so nothing painted here moves. The photo is null for 'Sin imagen'.
 */
export function productElement(product: PaintedProduct): {
  page: HTMLElement;
  photo: HTMLImageElement | null;
} {
  const categoryLabel = CATEGORY_LABELS[product.category];
  const current = el('li', null, product.title);
  current.setAttribute('aria-current', 'page');
  current.className = 'breadcrumb__current';
  const breadcrumb = el(
    'nav',
    'breadcrumb',
    el(
      'ol',
      null,
      el('li', null, link(null, paths.marketplace.getHref(), 'Marketplace')),
      el('li', null, link(null, paths.category.getHref(product.category), categoryLabel)),
      current,
    ),
  );
  breadcrumb.setAttribute('aria-label', 'Ruta de navegación');

  const images = productImages(product);
  const first = images[0];
  let photo: HTMLImageElement | null = null;
  const main = el('div', 'gallery__main');
  if (first === undefined) main.append(el('div', 'gallery__placeholder', 'Sin imagen'));
  else {
    const size = product.image_variants?.[first];
    photo = image(
      {
        alt: galleryImageAlt(product.title, 0, images.length),
        fetchpriority: 'high',
        width: String(size?.width ?? 800),
        height: String(size?.height ?? 600),
      },
      first,
      photoSrcSet(first, size),
      GALLERY_IMAGE_SIZES,
    );
    main.append(photo);
  }
  const page = el(
    'div',
    'container page product-page',
    breadcrumb,
    el('div', 'product-layout', el('div', 'gallery', main)),
  );
  return { page, photo };
}

/**
 * Paints the product page's top from the early answer to `GET /api/products/{id}`: false when
 * there is nothing to paint (no answer, not a product, the app already there); otherwise the
 * photo it shows (null for 'Sin imagen').
 */
export function paintProduct(answer: unknown): HTMLImageElement | null | false {
  const main = emptyShell();
  if (!main || !isPaintable(answer)) return false;
  const { page, photo } = productElement(answer);
  main.append(page);
  return photo;
}

/**
 * The public GETs the product page makes once it has its product, spelled as the API client spells
 * them: the university's name and the seller's card at its top, the bolívar equivalent of its price,
 * the related products below. The early script starts them as soon as the product's own answer is
 * in (decision 039; here, in the product page's paint chunk, so no other page carries it): by the app's first render they are usually in too, so the page renders with
 * them rather than starting them from its effects and rendering again for each answer.
 */
export function productFollowUpGets(product: unknown): string[] {
  if (typeof product !== 'object' || product === null) return [];
  const { id, university_id: university, seller_id: seller } = product as Record<string, unknown>;
  if (typeof id !== 'number' || typeof university !== 'string') return [];
  return [
    `/api/universities/${encodeURIComponent(university)}`,
    ...(typeof seller === 'string' && seller ? [`/api/sellers/${encodeURIComponent(seller)}`] : []),
    '/api/exchange-rate',
    `/api/products/${id}/related`,
  ];
}
