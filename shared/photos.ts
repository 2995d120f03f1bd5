import * as z from 'zod/mini';
import { integer } from './zod';

/**
 * Responsive photos (docs/decisions/022): the server derives WebP copies of every product photo at
 * these widths (never wider than the photo itself), stored next to it under a name the web app
 * derives from the photo's path, so building a srcset costs no request.
 */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/**
 * What was derived from one photo: its own pixel size (after EXIF orientation) and the widths of
 * its WebP variants, ascending. `null` means the photo cannot have variants (not one of the site's
 * own images, missing or unreadable): shown as it is, and never tried again by the job.
 */
export const photoVariantsSchema = z.object({
  width: integer().check(z.positive()),
  height: integer().check(z.positive()),
  widths: z.array(integer().check(z.positive())).check(z.maxLength(PHOTO_WIDTHS.length)),
});
export type PhotoVariants = z.infer<typeof photoVariantsSchema>;

/**
 * A product's derived photos by served path (`image` may differ from `images[0]` in imported
 * rows). A product without it, or a path without an entry, has no variants yet: its original shows.
 */
export const imageVariantsSchema = z.record(z.string(), z.nullable(photoVariantsSchema));
export type ImageVariants = z.infer<typeof imageVariantsSchema>;

/** Served paths the server may derive variants for: the site's own images, never SVG or external URLs. */
const OWN_PHOTO = /^\/images\/products\/[^?#]+\.(jpe?g|png|webp)$/i;
export const isOwnPhotoPath = (path: string) => OWN_PHOTO.test(path) && !VARIANT.test(path);

const VARIANT = /\.w\d+\.webp$/;

/** `/images/products/12/1.jpg` → `/images/products/12/1.w640.webp` (also a bucket key without the slash). */
export function variantPath(path: string, width: number): string {
  return `${path.replace(/\.[a-z]+$/i, '')}.w${width}.webp`;
}

/** The widths to derive for a photo `width` pixels wide: only those narrower than the photo. */
export const widthsFor = (width: number): number[] => PHOTO_WIDTHS.filter((w) => w < width);

/**
 * The `srcset` of a photo: its variants, then the photo itself at its own width. Undefined when it
 * has no variants (the plain `src` is then the whole story).
 */
export function photoSrcSet(path: string, variants: PhotoVariants | null | undefined): string | undefined {
  if (!variants || variants.widths.length === 0) return undefined;
  return [...variants.widths.map((w) => `${variantPath(path, w)} ${w}w`), `${path} ${variants.width}w`].join(
    ', ',
  );
}

export const PHOTO_MESSAGES = {
  /** A file whose header looked like an image but whose pixels could not be decoded. */
  unreadable: 'No pudimos leer una de las imágenes. Súbela de nuevo.',
} as const;
