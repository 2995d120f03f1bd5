import type { ImageVariants } from '#shared/photos';
import type { Product } from '#shared/schemas';

/** One WebP copy of a photo, `width` pixels wide. */
export interface ResizedPhoto {
  width: number;
  bytes: Buffer;
}

/** Decodes a photo and draws its smaller WebP copies (sharp; decision 022). */
export interface PhotoResizer {
  /**
   * The photo's size after its EXIF orientation, and one WebP per width (each narrower than the
   * photo). Throws UnreadablePhotoError when the bytes do not decode as an image.
   */
  resize(
    bytes: Buffer,
    widths: (width: number) => readonly number[],
  ): Promise<{
    width: number;
    height: number;
    variants: ResizedPhoto[];
  }>;
}

export class UnreadablePhotoError extends Error {
  override name = 'UnreadablePhotoError';
}

/** What the one-off job needs of the table: every product, page by page, and a guarded update. */
export interface ProductPhotoPages {
  /** A page of products in table order (a Scan: a one-off job only, never a request path). */
  page(limit: number, cursor?: string): Promise<{ items: Product[]; cursor?: string }>;
  /**
   * Stores a product's derived photos, only while it still exists with the same photos; false
   * when it does not (deleted or changed meanwhile: the caller removes what it wrote).
   */
  setImageVariants(
    product: Pick<Product, 'id' | 'image' | 'images'>,
    variants: ImageVariants,
  ): Promise<boolean>;
}
