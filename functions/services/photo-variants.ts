import {
  type ImageVariants,
  isOwnPhotoPath,
  PHOTO_MESSAGES,
  PHOTO_WIDTHS,
  type PhotoVariants,
  variantPath,
  widthsFor,
} from '#shared/photos';
import type { Product } from '#shared/schemas';
import { BadRequestError } from '../commons/errors';
import type { ImageStore } from '../ports/images';
import {
  type PhotoResizer,
  type ProductPhotoPages,
  type ResizedPhoto,
  UnreadablePhotoError,
} from '../ports/photo-variants';

/**
 * Responsive photos (docs/decisions/022): WebP copies of each product photo at the widths of
 * shared/photos.ts, stored next to it (`<photo>.w<width>.webp`) with the same immutable caching,
 * and recorded on the product (`image_variants`), so the web app builds srcset from the data it
 * already has. Publishing derives them before the product exists; a one-off job derives them for
 * products stored before (imported, demo, or published earlier).
 */
export interface PhotoVariantDeps {
  images: ImageStore;
  photoResizer: PhotoResizer;
}

/** Photos above this are not ours (publishing caps uploads at 5 MB): the job leaves them as they are. */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/** A photo's variants, drawn but not stored yet. */
export interface DrawnPhoto {
  variants: PhotoVariants;
  files: ResizedPhoto[];
}

/** Draws the variants of a photo's bytes; throws UnreadablePhotoError when they do not decode. */
export async function drawPhoto(
  deps: Pick<PhotoVariantDeps, 'photoResizer'>,
  bytes: Buffer,
): Promise<DrawnPhoto> {
  const { width, height, variants } = await deps.photoResizer.resize(bytes, widthsFor);
  const files = [...variants].sort((a, b) => a.width - b.width);
  return { variants: { width, height, widths: files.map((f) => f.width) }, files };
}

/** Draws each checked upload's variants before anything is spent; an undecodable one is a 400. */
export async function drawUploads(
  deps: PhotoVariantDeps,
  uploadKeys: readonly string[],
  maxBytes: number,
): Promise<DrawnPhoto[]> {
  return Promise.all(
    uploadKeys.map(async (key) => {
      try {
        return await drawPhoto(deps, await deps.images.readStart(key, maxBytes));
      } catch (err) {
        if (err instanceof UnreadablePhotoError) throw new BadRequestError(PHOTO_MESSAGES.unreadable);
        throw err;
      }
    }),
  );
}

/** Bucket key of a served path (CloudFront and the local origin map /images/x to key images/x). */
const keyOf = (path: string) => path.replace(/^\//, '');

/** Every variant key a photo may have (to delete them with it; S3 ignores keys that do not exist). */
export const variantKeysOf = (path: string) => PHOTO_WIDTHS.map((w) => keyOf(variantPath(path, w)));

/** Stores a photo's drawn variants next to it; the keys written. */
export async function storeVariants(
  deps: Pick<PhotoVariantDeps, 'images'>,
  path: string,
  files: readonly ResizedPhoto[],
): Promise<string[]> {
  const keys = files.map((f) => keyOf(variantPath(path, f.width)));
  await Promise.all(
    files.map((f, i) => deps.images.put(keys[i], f.bytes, 'image/webp', { immutable: true })),
  );
  return keys;
}

/** The served paths a product shows: its card photo and its gallery, once each. */
export const photoPathsOf = (p: Pick<Product, 'image' | 'images'>) => [
  ...new Set([...(p.image ? [p.image] : []), ...p.images]),
];

/** True when every photo of the product has its entry (variants, or null for none possible). */
export const hasAllVariants = (p: Pick<Product, 'image' | 'images' | 'image_variants'>) =>
  photoPathsOf(p).every((path) => p.image_variants !== undefined && path in p.image_variants);

/**
 * Derives one stored photo: null when it cannot have variants (not one of the site's product
 * photos, missing, too large or undecodable), so the job records it once and moves on.
 */
export async function deriveStoredPhoto(
  deps: PhotoVariantDeps,
  path: string,
): Promise<{ variants: PhotoVariants | null; keys: string[] }> {
  if (!isOwnPhotoPath(path)) return { variants: null, keys: [] };
  const key = keyOf(path);
  const size = await deps.images.size(key);
  if (size === null || size === 0 || size > MAX_SOURCE_BYTES) return { variants: null, keys: [] };
  let drawn: DrawnPhoto;
  try {
    drawn = await drawPhoto(deps, await deps.images.readStart(key, size));
  } catch (err) {
    if (err instanceof UnreadablePhotoError) return { variants: null, keys: [] };
    throw err;
  }
  return { variants: drawn.variants, keys: await storeVariants(deps, path, drawn.files) };
}

export interface BackfillDeps extends PhotoVariantDeps {
  pages: ProductPhotoPages;
}

export interface BackfillProgress {
  /** Where the next run starts; absent when the table was read to its end. */
  cursor?: string;
  done: boolean;
  /** Products read, products given their variants, products already done. */
  scanned: number;
  derived: number;
  skipped: number;
}

/**
 * The one-off job: pages through every product (a Scan, never on a request path), derives the
 * variants of those that lack them and records them with a guarded update. Idempotent (done
 * products are skipped, variants are rewritten to the same keys) and resumable (it stops when
 * `stop()` says so and hands back the cursor to continue from).
 */
export async function backfillPhotoVariants(
  deps: BackfillDeps,
  opts: {
    cursor?: string;
    pageSize?: number;
    stop?: () => boolean;
    log?: (message: string) => void;
  } = {},
): Promise<BackfillProgress> {
  const progress: BackfillProgress = { done: false, scanned: 0, derived: 0, skipped: 0 };
  let cursor = opts.cursor;
  do {
    const page = await deps.pages.page(opts.pageSize ?? 50, cursor);
    for (const product of page.items) {
      progress.scanned++;
      if (hasAllVariants(product)) {
        progress.skipped++;
        continue;
      }
      const variants: ImageVariants = { ...product.image_variants };
      const written: string[] = [];
      for (const path of photoPathsOf(product)) {
        if (path in variants) continue;
        const derived = await deriveStoredPhoto(deps, path);
        variants[path] = derived.variants;
        written.push(...derived.keys);
      }
      if (await deps.pages.setImageVariants(product, variants)) progress.derived++;
      // Deleted (or its photos changed) meanwhile: what was written for it would be orphaned.
      else await deps.images.delete(written.filter((k) => k.startsWith(`images/products/${product.id}/`)));
    }
    cursor = page.cursor;
    opts.log?.(
      `photo variants: ${progress.scanned} products read, ${progress.derived} derived, ${progress.skipped} already done`,
    );
  } while (cursor && !opts.stop?.());
  progress.cursor = cursor;
  progress.done = cursor === undefined;
  return progress;
}
