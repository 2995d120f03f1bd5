import * as z from 'zod/mini';
import { PHOTO_WIDTHS } from './photo-urls';
import { integer } from './zod';

// The zod-free part (widths, variant names, srcset) lives in photo-urls.ts: the web app's first
// route builds srcsets and must not load zod for it (docs/decisions/024-phone-speed.md).
export { PHOTO_WIDTHS, photoSrcSet, previewPath, variantPath } from './photo-urls';

/**
 * What was derived from one photo: its own pixel size (after EXIF orientation) and the widths of
 * its WebP variants, ascending. `null` means the photo cannot have variants (not one of the site's
 * own images, missing or unreadable): shown as it is, and never tried again by the job.
 */
export const photoVariantsSchema = z.object({
  width: integer().check(z.positive()),
  height: integer().check(z.positive()),
  widths: z.array(integer().check(z.positive())).check(z.maxLength(PHOTO_WIDTHS.length)),
  /** It has its link-preview JPEG (`previewPath`, decision 053): a product's card photo only. */
  preview: z.optional(z.literal(true)),
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

const VARIANT = /\.w\d+\.(webp|jpg)$/;

/** The widths to derive for a photo `width` pixels wide: only those narrower than the photo. */
export const widthsFor = (width: number): number[] => PHOTO_WIDTHS.filter((w) => w < width);

export const PHOTO_MESSAGES = {
  /** A file whose header looked like an image but whose pixels could not be decoded. */
  unreadable: 'No pudimos leer una de las imágenes. Súbela de nuevo.',
} as const;
