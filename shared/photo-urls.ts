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
}

/** `/images/products/12/1.jpg` → `/images/products/12/1.w640.webp` (also a bucket key without the slash). */
export function variantPath(path: string, width: number): string {
  return `${path.replace(/\.[a-z]+$/i, '')}.w${width}.webp`;
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
