import type { default as Sharp, Sharp as SharpImage } from 'sharp';
import { PREVIEW_MAX_BYTES, previewSize } from '#shared/photo-urls';
import { once } from '../../commons/once';
import { type PhotoResizer, type PhotoType, UnreadablePhotoError } from '../../ports/photo-variants';

/** WebP of photos: quality 72 looks like the original on a phone; effort 4 is sharp's default speed. */
export const VARIANT_WEBP = { quality: 72, effort: 4 } as const;
/**
 * The stored photo's encoders, one per format (the format it was uploaded in), at about the quality
 * the browser's redraw encodes with (decision 009: WebP 0.82, JPEG 0.85), so a second encoding
 * loses little. Cheap settings: phones get the WebP sizes, the stored photo is only the widest
 * srcset candidate (docs/decisions/009, the figures: mozjpeg or WebP effort 4 would double
 * publishing's CPU for about a tenth fewer bytes of a file seldom fetched).
 */
export const PHOTO_ENCODING = {
  'image/jpeg': { format: 'jpeg', options: { quality: 85, progressive: true, optimiseCoding: true } },
  'image/png': { format: 'png', options: { compressionLevel: 6 } },
  'image/webp': { format: 'webp', options: { quality: 82, effort: 2 } },
} as const satisfies Record<PhotoType, { format: string; options: object }>;
/**
 * The link-preview JPEG (decision 053): progressive (a chat app shows it while it loads), at the
 * first of these qualities whose file is at most PREVIEW_MAX_BYTES. A 1200-px photo is one encoding
 * at 78; a very noisy one steps down (random noise, the worst case: 2048×1536 → 46, 1200×2048 → 6).
 * libjpeg-turbo, not mozjpeg: a fifth fewer bytes at three times the CPU (decision 009's choice).
 */
export const PREVIEW_JPEG = {
  qualities: [78, 70, 62, 54, 46, 38, 30, 22, 14, 6],
  options: { progressive: true, optimiseCoding: true },
} as const;
/**
 * The stored photo's long side at most: above the browser's 1600-px redraw, so the app's uploads
 * keep their size; a larger photo given by URL (up to 4096 px) is brought down to it.
 */
export const PHOTO_MAX_SIDE = 2048;
/** The publishing check refuses larger photos; anything past it here is not ours to decode. */
const MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * The photo resizer on sharp (libvips). sharp is loaded on first use, so the publishing function's
 * other routes never pay for it; in AWS it is installed into the bundle for Lambda's linux-arm64
 * (infra/constructs/app-function.ts). Everything it writes is drawn from the decoded pixels (only
 * the first frame of an animation), upright (EXIF orientation applied) and without metadata:
 * sharp writes no EXIF, XMP or comment unless asked, so neither a phone's GPS position nor
 * anything appended to or hidden in the file leaves in them.
 */
export function createSharpPhotoResizer(): PhotoResizer {
  const load = once(async () => (await import('sharp')).default);
  return {
    async resize(bytes, type, widthsFor, drawOptions) {
      const sharp = await load();
      try {
        // Decoded once (upright, 8-bit sRGB, capped: 16 MB at most) and every file drawn from these
        // pixels: decoding a WebP again for each file cost more than drawing the files.
        const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        const { width, height, channels } = info;
        const pixels = () => sharp(data, { raw: { width, height, channels } });
        const { format, options } = PHOTO_ENCODING[type];
        const [photo, variants, preview] = await Promise.all([
          pixels().toFormat(format, options).toBuffer(),
          Promise.all(
            widthsFor(width).map(async (w) => ({
              width: w,
              bytes: await pixels().resize({ width: w }).webp(VARIANT_WEBP).toBuffer(),
            })),
          ),
          drawOptions?.preview ? drawPreview(sharp, pixels(), width, height) : undefined,
        ]);
        return { photo, width, height, variants, ...(preview ? { preview } : {}) };
      } catch (err) {
        throw new UnreadablePhotoError(err instanceof Error ? err.message : String(err));
      }
    },
  };
}

/**
 * The preview JPEG of decoded pixels: resized once to exactly `previewSize` (so the size the data
 * implies is the file's), then encoded at falling qualities until it fits. Undefined if even the
 * last does not (no photo up to 2048 px does: see PREVIEW_JPEG); the photo then has no preview.
 */
async function drawPreview(
  sharp: typeof Sharp,
  pixels: SharpImage,
  width: number,
  height: number,
): Promise<Buffer | undefined> {
  const size = previewSize(width, height);
  const resized =
    size.width === width ? pixels : pixels.resize({ width: size.width, height: size.height, fit: 'fill' });
  const { data, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  for (const quality of PREVIEW_JPEG.qualities) {
    const jpeg = await sharp(data, raw)
      .jpeg({ ...PREVIEW_JPEG.options, quality })
      .toBuffer();
    if (jpeg.length <= PREVIEW_MAX_BYTES) return jpeg;
  }
  return undefined;
}
