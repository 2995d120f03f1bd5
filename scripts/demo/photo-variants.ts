import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  createSharpPhotoResizer,
  PHOTO_ENCODING,
  PHOTO_MAX_SIDE,
  PREVIEW_JPEG,
  VARIANT_WEBP,
} from '../../functions/adapters/sharp/photo-resizer';
import type { PhotoResizer } from '../../functions/ports/photo-variants';

/**
 * The photo resizer with a disk cache, for the demo seed and the local job: every fresh local
 * stack (each end-to-end run) re-encodes the same ~200 demo photos and derives their sizes, which
 * costs seconds of sharp on a busy 2-core machine. Keyed by the photo's bytes, the format asked
 * for, the encoder settings and sharp's version, so a change of any of them draws again; an entry
 * answers a call whose widths and preview it holds.
 */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/photo-variants', import.meta.url));

interface CachedEntry {
  width: number;
  height: number;
  widths: number[];
  /** The link-preview JPEG is in the entry's folder (decision 053). */
  preview?: boolean;
}

export function cachedPhotoResizer(inner: PhotoResizer = createSharpPhotoResizer()): PhotoResizer {
  return {
    async resize(bytes, type, widthsFor, options) {
      const settings = JSON.stringify([VARIANT_WEBP, PHOTO_ENCODING[type], PHOTO_MAX_SIDE, PREVIEW_JPEG]);
      const hash = createHash('sha256')
        .update(`${sharp.versions.sharp}|${type}|${settings}|`)
        .update(bytes)
        .digest('hex')
        .slice(0, 32);
      const dir = join(CACHE_DIR, hash);
      try {
        const entry = JSON.parse(readFileSync(join(dir, 'entry.json'), 'utf8')) as CachedEntry;
        // The widths depend on the photo's width only, which the entry holds.
        const widths = widthsFor(entry.width);
        if (widths.every((w) => entry.widths.includes(w)) && (!options?.preview || entry.preview))
          return {
            photo: readFileSync(join(dir, 'photo')),
            width: entry.width,
            height: entry.height,
            variants: widths.map((w) => ({ width: w, bytes: readFileSync(join(dir, `${w}.webp`)) })),
            ...(options?.preview ? { preview: readFileSync(join(dir, 'preview.jpg')) } : {}),
          };
      } catch {
        // Not cached yet (or unreadable): drawn below.
      }
      const drawn = await inner.resize(bytes, type, widthsFor, options);
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'photo'), drawn.photo);
        for (const v of drawn.variants) writeFileSync(join(dir, `${v.width}.webp`), v.bytes);
        if (drawn.preview) writeFileSync(join(dir, 'preview.jpg'), drawn.preview);
        const entry: CachedEntry = {
          width: drawn.width,
          height: drawn.height,
          widths: drawn.variants.map((v) => v.width),
          ...(drawn.preview ? { preview: true } : {}),
        };
        writeFileSync(join(dir, 'entry.json'), JSON.stringify(entry));
      } catch {
        // A read-only checkout only loses the cache.
      }
      return drawn;
    },
  };
}
