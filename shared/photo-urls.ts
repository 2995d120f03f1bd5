/**
 * Responsive photos (docs/decisions/022): the server derives WebP copies of every product photo at
 * these widths (never wider than the photo itself), stored next to it under a name the web app
 * derives from the photo's path, so building a srcset costs no request. Zod-free, so the web app's
 * first route can build srcsets without loading zod (docs/decisions/024-phone-speed.md); the schemas
 * of these sizes are in photos.ts.
 */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/** A photo's own pixel size and its variants' widths (photos.ts's photoVariantsSchema reads it). */
export interface PhotoSize {
  width: number;
  height: number;
  widths: readonly number[];
  /** The photo has its link-preview JPEG (`previewPath`): only a product's card photo gets one. */
  preview?: boolean;
}

/**
 * Link previews (docs/decisions/053): chat apps (WhatsApp, Telegram, Facebook) unfurl a shared link
 * with a JPEG or PNG of about 1200 px wide and under 300 KB, which none of the WebP sizes nor the
 * stored photo (up to 2048 px) is. So a product's card photo also gets a JPEG this wide (never
 * wider than the photo itself), under PREVIEW_MAX_BYTES.
 */
export const PREVIEW_WIDTH = 1200;
/** The preview JPEG's ceiling: WhatsApp's 300 KB, with room to spare. */
export const PREVIEW_MAX_BYTES = 280 * 1024;
/** Without its own preview, a stored JPEG this wide at most stands in for it. */
export const PREVIEW_STORED_MAX_WIDTH = 1280;

/** `/images/products/12/1.jpg` → `/images/products/12/1.w640.webp` (also a bucket key without the slash). */
export function variantPath(path: string, width: number): string {
  return `${path.replace(/\.[a-z]+$/i, '')}.w${width}.webp`;
}

/** `/images/products/12/1.webp` → `/images/products/12/1.w1200.jpg`: a photo's link-preview JPEG. */
export function previewPath(path: string): string {
  return `${path.replace(/\.[a-z]+$/i, '')}.w${PREVIEW_WIDTH}.jpg`;
}

/**
 * The preview JPEG's pixel size for a photo of this size: PREVIEW_WIDTH wide at most, never
 * enlarged, the height in proportion. The resizer draws exactly this size, so it is not recorded.
 */
export function previewSize(width: number, height: number): { width: number; height: number } {
  if (width <= PREVIEW_WIDTH) return { width, height };
  return { width: PREVIEW_WIDTH, height: Math.max(1, Math.round((height * PREVIEW_WIDTH) / width)) };
}

/** What a link preview shows of a product (og:image and its width, height and type). */
export interface PreviewPhoto {
  url: string;
  width: number;
  height: number;
  type: 'image/jpeg';
}

const JPEG_PATH = /\.jpe?g$/i;

/**
 * The image a link preview shows for a product (or anything with a card photo and its sizes): its
 * card photo's preview JPEG; until it has one (the photo job draws it for older products), the
 * stored photo when it is a JPEG of a known width up to PREVIEW_STORED_MAX_WIDTH; else undefined,
 * and the caller shows the site's card. `url` is the served path.
 */
export function previewPhoto(product: {
  image: string | null;
  image_variants?: Readonly<Record<string, PhotoSize | null>> | null;
}): PreviewPhoto | undefined {
  const path = product.image;
  const size = path ? product.image_variants?.[path] : undefined;
  if (!path || !size) return undefined;
  if (size.preview)
    return { url: previewPath(path), ...previewSize(size.width, size.height), type: 'image/jpeg' };
  if (JPEG_PATH.test(path) && size.width <= PREVIEW_STORED_MAX_WIDTH)
    return { url: path, width: size.width, height: size.height, type: 'image/jpeg' };
  return undefined;
}

/**
 * The `srcset` of a photo: its variants, then the photo itself at its own width. Undefined when it
 * has no variants (the plain `src` is then the whole story).
 */
export function photoSrcSet(path: string, variants: PhotoSize | null | undefined): string | undefined {
  if (!variants || variants.widths.length === 0) return undefined;
  return [...variants.widths.map((w) => `${variantPath(path, w)} ${w}w`), `${path} ${variants.width}w`].join(
    ', ',
  );
}
