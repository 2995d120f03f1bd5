import type { ImageVariants } from '#shared/photos';
import type { UPLOAD_TYPES } from '#shared/product-form';
import type { Product } from '#shared/schemas';

/** The formats the site stores photos in (those an upload may be). */
export type PhotoType = (typeof UPLOAD_TYPES)[number];

/** One WebP copy of a photo, `width` pixels wide. */
export interface ResizedPhoto {
  width: number;
  bytes: Buffer;
}

export interface ResizeOptions {
  /** Also draw the link-preview JPEG (decision 053): for a product's card photo. */
  preview?: boolean;
}

/** Decodes a photo and draws what the site stores of it (sharp; decisions 022 and 009). */
export interface PhotoResizer {
  /**
   * The photo drawn again from its decoded pixels as `type` (upright, without metadata, its long
   * side capped): what is stored and served, never the bytes given. Its size, one WebP per width
   * (each narrower than it) and, if asked, the link-preview JPEG. Throws UnreadablePhotoError when
   * the bytes do not decode as an image.
   */
  resize(
    bytes: Buffer,
    type: PhotoType,
    widths: (width: number) => readonly number[],
    options?: ResizeOptions,
  ): Promise<{
    photo: Buffer;
    width: number;
    height: number;
    variants: ResizedPhoto[];
    /** The link-preview JPEG, when asked for (`previewSize` of the photo, at most PREVIEW_MAX_BYTES). */
    preview?: Buffer;
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
   * Records a product's derived photos and that its stored photos are the server's re-encoding,
   * only while it still exists with the same photos; false when it does not (deleted or changed
   * meanwhile: the caller removes what it wrote).
   */
  setDerivedPhotos(
    product: Pick<Product, 'id' | 'image' | 'images'>,
    variants: ImageVariants,
  ): Promise<boolean>;
}
