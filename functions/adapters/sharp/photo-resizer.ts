import { once } from '../../commons/once';
import { type PhotoResizer, UnreadablePhotoError } from '../../ports/photo-variants';

/** WebP of photos: quality 72 looks like the original on a phone; effort 4 is sharp's default speed. */
export const VARIANT_WEBP = { quality: 72, effort: 4 } as const;
/** The publishing check refuses larger photos; anything past it here is not ours to decode. */
const MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * The photo resizer on sharp (libvips). sharp is loaded on first use, so the publishing function's
 * other routes never pay for it; in AWS it is installed into the bundle for Lambda's linux-arm64
 * (infra/constructs/app-function.ts). Variants carry no metadata (sharp drops EXIF unless asked),
 * so no location leaves in them, and are drawn upright (EXIF orientation applied).
 */
export function createSharpPhotoResizer(): PhotoResizer {
  const load = once(async () => (await import('sharp')).default);
  return {
    async resize(bytes, widthsFor) {
      const sharp = await load();
      let width: number;
      let height: number;
      const source = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      try {
        const meta = await source.metadata();
        if (!meta.width || !meta.height) throw new Error('no pixel size');
        // Orientations 5–8 swap the sides once the photo is drawn upright.
        const turned = (meta.orientation ?? 1) >= 5;
        width = turned ? meta.height : meta.width;
        height = turned ? meta.width : meta.height;
        const variants = await Promise.all(
          widthsFor(width).map(async (w) => ({
            width: w,
            bytes: await source
              .clone()
              .resize({ width: w, withoutEnlargement: true })
              .webp(VARIANT_WEBP)
              .toBuffer(),
          })),
        );
        return { width, height, variants };
      } catch (err) {
        throw new UnreadablePhotoError(err instanceof Error ? err.message : String(err));
      }
    },
  };
}
