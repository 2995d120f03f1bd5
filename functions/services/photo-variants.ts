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
  type PhotoType,
  type ProductPhotoPages,
  type ResizedPhoto,
  UnreadablePhotoError,
} from '../ports/photo-variants';

/**
 * Stored photos (docs/decisions/009 and 022): each product photo is stored as the server's own
 * encoding of its decoded pixels — never the bytes uploaded — with WebP copies at the widths of
 * shared/photos.ts next to it (`<photo>.w<width>.webp`), all with the same immutable caching; the
 * sizes are recorded on the product (`image_variants`), so the web app builds srcset from the data
 * it already has. Publishing draws them before the product exists; a one-off job draws them for
 * products stored before (imported, demo, or published earlier, when photos were stored as sent).
 */
export interface PhotoVariantDeps {
  images: ImageStore;
  photoResizer: PhotoResizer;
}

/** Photos above this are not ours (publishing caps uploads at 5 MB): the job leaves them as they are. */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/** A photo and its variants, drawn but not stored yet. */
export interface DrawnPhoto {
  type: PhotoType;
  /** The photo as stored and served: re-encoded as `type`. */
  photo: Buffer;
  variants: PhotoVariants;
  files: ResizedPhoto[];
}

/** Draws a photo's bytes as `type`, and its variants; throws UnreadablePhotoError when they do not decode. */
export async function drawPhoto(
  deps: Pick<PhotoVariantDeps, 'photoResizer'>,
  bytes: Buffer,
  type: PhotoType,
): Promise<DrawnPhoto> {
  const { photo, width, height, variants } = await deps.photoResizer.resize(bytes, type, widthsFor);
  const files = [...variants].sort((a, b) => a.width - b.width);
  return { type, photo, variants: { width, height, widths: files.map((f) => f.width) }, files };
}

/**
 * Draws each checked upload (in the format its bytes showed) before anything is spent; an
 * undecodable one is a 400. One photo at a time: a Lambda's memory holds one decoded photo, and
 * its fraction of a vCPU gains nothing from drawing several at once.
 */
export async function drawUploads(
  deps: PhotoVariantDeps,
  uploads: readonly { key: string; type: PhotoType }[],
  maxBytes: number,
): Promise<DrawnPhoto[]> {
  const drawn: DrawnPhoto[] = [];
  for (const upload of uploads) {
    try {
      drawn.push(await drawPhoto(deps, await deps.images.readStart(upload.key, maxBytes), upload.type));
    } catch (err) {
      if (err instanceof UnreadablePhotoError) throw new BadRequestError(PHOTO_MESSAGES.unreadable);
      throw err;
    }
  }
  return drawn;
}

/** Bucket key of a served path (CloudFront and the local origin map /images/x to key images/x). */
const keyOf = (path: string) => path.replace(/^\//, '');

/** Every variant key a photo may have (to delete them with it; S3 ignores keys that do not exist). */
export const variantKeysOf = (path: string) => PHOTO_WIDTHS.map((w) => keyOf(variantPath(path, w)));

/** Stores a drawn photo at its served path and its variants next to it; the keys written. */
export async function storeDrawn(
  deps: Pick<PhotoVariantDeps, 'images'>,
  path: string,
  drawn: DrawnPhoto,
): Promise<string[]> {
  const key = keyOf(path);
  const variantKeys = drawn.files.map((f) => keyOf(variantPath(path, f.width)));
  await Promise.all([
    deps.images.put(key, drawn.photo, drawn.type, { immutable: true }),
    ...drawn.files.map((f, i) => deps.images.put(variantKeys[i], f.bytes, 'image/webp', { immutable: true })),
  ]);
  return [key, ...variantKeys];
}

/** The served paths a product shows: its card photo and its gallery, once each. */
export const photoPathsOf = (p: Pick<Product, 'image' | 'images'>) => [
  ...new Set([...(p.image ? [p.image] : []), ...p.images]),
];

/**
 * True when the job has nothing to do for the product: every photo has its entry (variants, or
 * null for none possible) and its own photos are stored re-encoded (or it has none).
 */
export const photosDone = (p: Pick<Product, 'image' | 'images' | 'image_variants' | 'photos_reencoded'>) => {
  const paths = photoPathsOf(p);
  return (
    paths.every((path) => p.image_variants !== undefined && path in p.image_variants) &&
    (p.photos_reencoded === true || !paths.some(isOwnPhotoPath))
  );
};

/** A stored photo's format, by its name (the key it is served under, with that content type). */
const TYPE_OF_EXTENSION: Record<string, PhotoType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Derives one stored photo: re-encodes it in place (in the format its name says) and draws its
 * variants. Null when it cannot have them (not one of the site's product photos, missing, too
 * large or undecodable), so the job records it once and moves on.
 */
export async function deriveStoredPhoto(
  deps: PhotoVariantDeps,
  path: string,
): Promise<{ variants: PhotoVariants | null; keys: string[] }> {
  if (!isOwnPhotoPath(path)) return { variants: null, keys: [] };
  const key = keyOf(path);
  const type = TYPE_OF_EXTENSION[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
  const size = await deps.images.size(key);
  if (size === null || size === 0 || size > MAX_SOURCE_BYTES) return { variants: null, keys: [] };
  let drawn: DrawnPhoto;
  try {
    drawn = await drawPhoto(deps, await deps.images.readStart(key, size), type);
  } catch (err) {
    if (err instanceof UnreadablePhotoError) return { variants: null, keys: [] };
    throw err;
  }
  return { variants: drawn.variants, keys: await storeDrawn(deps, path, drawn) };
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
 * The one-off job: pages through every product (a Scan, never on a request path), re-encodes the
 * stored photos of those not done and derives their variants (or the variants they lack), and
 * records them with a guarded update. Idempotent (done products are skipped, photos and variants
 * are rewritten to the same keys) and resumable (it stops when `stop()` says so and hands back the
 * cursor to continue from). A run stopped between a photo's rewrite and the record draws that
 * photo once more on the next run: a second encoding at the same settings, barely different.
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
      if (photosDone(product)) {
        progress.skipped++;
        continue;
      }
      const variants: ImageVariants = { ...product.image_variants };
      const written: string[] = [];
      for (const path of photoPathsOf(product)) {
        // Photos stored as they were uploaded (before decision 009's re-encoding) are drawn again.
        if (path in variants && (product.photos_reencoded || !isOwnPhotoPath(path))) continue;
        const derived = await deriveStoredPhoto(deps, path);
        variants[path] = derived.variants;
        written.push(...derived.keys);
      }
      if (await deps.pages.setDerivedPhotos(product, variants)) progress.derived++;
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
