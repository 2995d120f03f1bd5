import type { ProductDetail } from '#shared/schemas';

/**
 * The photos a product page shows, in order: its images (else its single image), blanks and
 * repeats dropped, at most 4: the gallery, the link preview and the structured data show the same
 * list.
 */
export function productImages(product: Pick<ProductDetail, 'image' | 'images'>): string[] {
  const list = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  return [...new Set(list.filter((u) => u.trim() !== ''))].slice(0, 4);
}

/** The main photo's text alternative: the title, and which photo it is when there are several. */
export function galleryImageAlt(title: string, index: number, count: number): string {
  return count > 1 ? `${title} (imagen ${index + 1} de ${count})` : title;
}
