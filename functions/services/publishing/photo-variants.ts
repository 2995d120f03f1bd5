import {
  type ImageVariants,
  isOwnPhotoPath,
  PHOTO_MESSAGES,
  PHOTO_WIDTHS,
  type PhotoVariants,
  previewPath,
  variantPath,
  widthsFor,
} from '#shared/photos';
import type { Product } from '#shared/schemas';
import { BadRequestError } from '../../commons/errors';
import type { ImageStore } from '../../ports/images';
import {
  type PhotoResizer,
  type PhotoType,
  type ProductPhotoPages,
  type ResizedPhoto,
  UnreadablePhotoError,
} from '../../ports/photo-variants';

/**
 * Stored photos (docs/decisions/009 and 022): each product photo is stored as the server's own
 * encoding of its decoded pixels — never the bytes uploaded — with WebP copies at the widths of
 * shared/photos.ts next to it (`<photo>.w<width>.webp`), and for the card photo a link-preview
 * JPEG (`<photo>.w1200.jpg`, decision 053), all with the same immutable caching; the sizes are
 * recorded on the product (`image_variants`), so the web app builds srcset and link previews from
 * the data it already has. Publishing draws them before the product exists; a one-off job draws them for
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
  /** The link-preview JPEG (the card photo's only); `variants.preview` says it is there. */
  preview?: Buffer;
}

export interface DrawOptions {
  /** Draw the link-preview JPEG too: a card photo's. */
  preview?: boolean;
  /** The WebP widths for the photo's width (default: those of decision 022 narrower than it). */
  widths?: (width: number) => readonly number[];
}

/**
 * Draws a photo's bytes as `type`, its variants and, for a card photo (`preview`), its link-preview
 * JPEG; throws UnreadablePhotoError when they do not decode.
 */
export async function drawPhoto(
  deps: Pick<PhotoVariantDeps, 'photoResizer'>,
  bytes: Buffer,
  type: PhotoType,
  { preview = false, widths = widthsFor }: DrawOptions = {},
): Promise<DrawnPhoto> {
  const drawn = await deps.photoResizer.resize(bytes, type, widths, { preview });
  const files = [...drawn.variants].sort((a, b) => a.width - b.width);
  const { width, height } = drawn;
  return {
    type,
    photo: drawn.photo,
    variants: {
      width,
      height,
      widths: files.map((f) => f.width),
      ...(drawn.preview ? { preview: true } : {}),
    },
    files,
    ...(drawn.preview ? { preview: drawn.preview } : {}),
  };
}

/**
 * Draws each checked upload (in the format its bytes showed) before anything is spent, the first
 * (the card photo) with its link-preview JPEG; an undecodable one is a 400. One photo at a time: a Lambda's memory holds one decoded photo, and
 * its fraction of a vCPU gains nothing from drawing several at once.
 */
export async function drawUploads(
  deps: PhotoVariantDeps,
  uploads: readonly { key: string; type: PhotoType }[],
  maxBytes: number,
): Promise<DrawnPhoto[]> {
  const drawn: DrawnPhoto[] = [];
  for (const [i, upload] of uploads.entries()) {
    try {
      const bytes = await deps.images.readStart(upload.key, maxBytes);
      drawn.push(await drawPhoto(deps, bytes, upload.type, { preview: i === 0 }));
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
export const variantKeysOf = (path: string) => [
  ...PHOTO_WIDTHS.map((w) => keyOf(variantPath(path, w))),
  keyOf(previewPath(path)),
];

/** Stores a drawn photo at its served path, its variants and preview next to it; the keys written. */
export async function storeDrawn(
  deps: Pick<PhotoVariantDeps, 'images'>,
  path: string,
  drawn: DrawnPhoto,
): Promise<string[]> {
  const key = keyOf(path);
  const variantKeys = drawn.files.map((f) => keyOf(variantPath(path, f.width)));
  const previews = drawn.preview ? [{ key: keyOf(previewPath(path)), bytes: drawn.preview }] : [];
  await Promise.all([
    deps.images.put(key, drawn.photo, drawn.type, { immutable: true }),
    ...drawn.files.map((f, i) => deps.images.put(variantKeys[i], f.bytes, 'image/webp', { immutable: true })),
    ...previews.map((p) => deps.images.put(p.key, p.bytes, 'image/jpeg', { immutable: true })),
  ]);
  return [key, ...variantKeys, ...previews.map((p) => p.key)];
}

/** The served paths a product shows: its card photo and its gallery, once each. */
export const photoPathsOf = (p: Pick<Product, 'image' | 'images'>) => [
  ...new Set([...(p.image ? [p.image] : []), ...p.images]),
];

/**
 * The card photo's entry lacks its link-preview JPEG (decision 053): products sized before it, or
 * a photo whose preview could not be drawn small enough (none up to 2048 px, by measurement).
 */
const lacksPreview = (p: Pick<Product, 'image' | 'image_variants'>) => {
  const entry = p.image ? p.image_variants?.[p.image] : undefined;
  return entry != null && entry.preview !== true;
};

/**
 * True when the job has nothing to do for the product: every photo has its entry (variants, or
 * null for none possible), its own photos are stored re-encoded (or it has none) and its card
 * photo has its preview JPEG (or cannot have sizes).
 */
export const photosDone = (p: Pick<Product, 'image' | 'images' | 'image_variants' | 'photos_reencoded'>) => {
  const paths = photoPathsOf(p);
  return (
    paths.every((path) => p.image_variants !== undefined && path in p.image_variants) &&
    (p.photos_reencoded === true || !paths.some(isOwnPhotoPath)) &&
    !lacksPreview(p)
  );
};

/** A stored photo's format, by its name (the key it is served under, with that content type). */
const TYPE_OF_EXTENSION: Record<string, PhotoType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Reads and draws one stored photo; null when it cannot have sizes (missing, too large, undecodable). */
async function drawStoredPhoto(
  deps: PhotoVariantDeps,
  path: string,
  options: DrawOptions,
): Promise<DrawnPhoto | null> {
  if (!isOwnPhotoPath(path)) return null;
  const key = keyOf(path);
  const type = TYPE_OF_EXTENSION[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
  const size = await deps.images.size(key);
  if (size === null || size === 0 || size > MAX_SOURCE_BYTES) return null;
  try {
    return await drawPhoto(deps, await deps.images.readStart(key, size), type, options);
  } catch (err) {
    if (err instanceof UnreadablePhotoError) return null;
    throw err;
  }
}

/**
 * Derives one stored photo: re-encodes it in place (in the format its name says) and draws its
 * variants, and the preview JPEG of a card photo. Null when it cannot have them (not one of the
 * site's product photos, missing, too large or undecodable), so the job records it once and moves on.
 */
export async function deriveStoredPhoto(
  deps: PhotoVariantDeps,
  path: string,
  preview = false,
): Promise<{ variants: PhotoVariants | null; keys: string[] }> {
  const drawn = await drawStoredPhoto(deps, path, { preview });
  if (!drawn) return { variants: null, keys: [] };
  return { variants: drawn.variants, keys: await storeDrawn(deps, path, drawn) };
}

/**
 * Draws only the preview JPEG of a card photo already stored re-encoded with its sizes (sized
 * before decision 053): the photo is decoded again but neither it nor its sizes are rewritten, so
 * the bytes behind their immutable addresses stay the same (the resizer still encodes the photo,
 * a fraction of a second the one-off job throws away). Its entry as recorded, with `preview`.
 */
async function deriveStoredPreview(
  deps: PhotoVariantDeps,
  path: string,
  entry: PhotoVariants,
): Promise<{ variants: PhotoVariants | null; keys: string[] }> {
  const drawn = await drawStoredPhoto(deps, path, { preview: true, widths: () => [] });
  if (!drawn) return { variants: null, keys: [] };
  if (!drawn.preview) return { variants: entry, keys: [] };
  const key = keyOf(previewPath(path));
  await deps.images.put(key, drawn.preview, 'image/jpeg', { immutable: true });
  return { variants: { ...entry, preview: true }, keys: [key] };
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
        const card = path === product.image;
        const entry = variants[path];
        // Photos stored as they were uploaded (before decision 009's re-encoding) are drawn again.
        const sized = path in variants && (product.photos_reencoded || !isOwnPhotoPath(path));
        const previewMissing = card && entry != null && entry.preview !== true;
        if (sized && !previewMissing) continue;
        // A card photo sized before link previews (decision 053) gets only its preview JPEG.
        const derived =
          sized && entry
            ? await deriveStoredPreview(deps, path, entry)
            : await deriveStoredPhoto(deps, path, card);
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
