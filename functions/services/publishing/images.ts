import { randomUUID } from 'node:crypto';
import { LIMITS } from '#shared/limits';
import { PHOTO_WIDTHS, previewPath, variantPath } from '#shared/photos';
import { IMAGE_MESSAGES, type UploadRequest } from '#shared/product-form';
import { BadRequestError, ForbiddenError } from '../../commons/errors';
import type { AuthContext } from '../../commons/auth';
import type { ImageStore, PresignedUpload, RemoteImageFetcher } from '../../ports/images';
import type { SendCounter } from '../../ports/accounts';
import { spendAllowance } from '../accounts/codes';
import { EXTENSION, type ImageType, INSPECT_BYTES, inspectImage } from './image-inspection';
import { HOUR_MS } from '../../commons/time';

/** A presigned POST is usable this long; the browser asks for it right before uploading. */
export const UPLOAD_TTL_SECONDS = 300;
/** The browser shrinks photos to 1600 px; anything far larger was not sent by the app. */
export const MAX_IMAGE_SIDE = 4096;
export const UPLOADS_PER_HOUR = 60;
const UPLOAD_ALLOWANCE = {
  max: UPLOADS_PER_HOUR,
  windowMs: HOUR_MS,
  message: IMAGE_MESSAGES.tooManyUploads,
};

export interface ImageDeps {
  images: ImageStore;
  remoteImages: RemoteImageFetcher;
  sendCounter: SendCounter;
  now: () => Date;
}

/** Every upload lives under its uploader's prefix; a product may only use its owner's uploads. */
export const uploadPrefix = (userId: string) => `uploads/${userId}/`;
/** Where a published product's images live, and the path the site serves them under. */
export const productImageKey = (productId: number, n: number, type: ImageType) =>
  `images/products/${productId}/${n}.${EXTENSION[type]}`;
/** CloudFront (and the local server) serve the bucket's images/ keys at the same path. */
export const servedPath = (key: string) => `/${key}`;

export async function createUpload(
  deps: ImageDeps,
  auth: AuthContext,
  request: UploadRequest,
): Promise<PresignedUpload & { key: string }> {
  await spendAllowance(deps, `upload:${auth.userId}`, UPLOAD_ALLOWANCE);
  const key = `${uploadPrefix(auth.userId)}${randomUUID()}.${EXTENSION[request.content_type]}`;
  const presigned = await deps.images.presignUpload(
    key,
    request.content_type,
    LIMITS.imageMaxBytes,
    UPLOAD_TTL_SECONDS,
  );
  return { ...presigned, key };
}

/**
 * 'Agregar por URL': the server fetches the photo (public https only, ≤ 5 MB), checks it by its
 * bytes like any upload, and stores it as the caller's upload; the form then uses its key.
 */
export async function importFromUrl(
  deps: ImageDeps,
  auth: AuthContext,
  url: string,
): Promise<{ key: string }> {
  await spendAllowance(deps, `upload:${auth.userId}`, UPLOAD_ALLOWANCE);
  let bytes: Buffer;
  try {
    bytes = await deps.remoteImages.fetch(url);
  } catch (err) {
    // The fetcher's messages are Spanish and say what went wrong (not public, too large, slow…).
    const reason =
      err instanceof Error && err.name === 'RemoteImageError' ? err.message : IMAGE_MESSAGES.unreachable;
    throw new BadRequestError(reason);
  }
  const info = inspectImage(bytes.subarray(0, INSPECT_BYTES));
  if (!info) throw new BadRequestError(IMAGE_MESSAGES.notAnImage);
  if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE)
    throw new BadRequestError(IMAGE_MESSAGES.tooManyPixels);
  const key = `${uploadPrefix(auth.userId)}${randomUUID()}.${EXTENSION[info.type]}`;
  await deps.images.put(key, bytes, info.type);
  return { key };
}

export interface CheckedUpload {
  key: string;
  type: ImageType;
}

/**
 * Checks each uploaded object before it may be attached: the caller's own upload, present, at most
 * 5 MB, a real JPEG, PNG or WebP by its bytes, with sane pixel dimensions. The POST policy says the
 * same, but a policy is not a check (and the local S3 ignores policies).
 */
export async function checkUploads(
  deps: ImageDeps,
  auth: AuthContext,
  keys: readonly string[],
): Promise<CheckedUpload[]> {
  if (keys.length > LIMITS.imagesPerProduct) throw new BadRequestError(IMAGE_MESSAGES.tooManyImages);
  if (new Set(keys).size !== keys.length) throw new BadRequestError(IMAGE_MESSAGES.duplicate);
  const prefix = uploadPrefix(auth.userId);
  for (const key of keys) if (!key.startsWith(prefix)) throw new ForbiddenError(IMAGE_MESSAGES.notYours);
  return Promise.all(
    keys.map(async (key) => {
      const size = await deps.images.size(key);
      if (size === null) throw new BadRequestError(IMAGE_MESSAGES.missing);
      if (size > LIMITS.imageMaxBytes) throw new BadRequestError(IMAGE_MESSAGES.tooLarge);
      const info = inspectImage(await deps.images.readStart(key, Math.min(size, INSPECT_BYTES)));
      if (!info) throw new BadRequestError(IMAGE_MESSAGES.notAnImage);
      if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE)
        throw new BadRequestError(IMAGE_MESSAGES.tooManyPixels);
      return { key, type: info.type };
    }),
  );
}

/**
 * The bucket keys of a product's own images and of their sizes (decisions 022 and 053); demo or
 * external images are left alone.
 */
export function ownImageKeys(productId: number, images: readonly string[]): string[] {
  const prefix = `/images/products/${productId}/`;
  return images
    .filter((p) => p.startsWith(prefix))
    .flatMap((p) => [
      p.slice(1),
      ...PHOTO_WIDTHS.map((w) => variantPath(p, w).slice(1)),
      previewPath(p).slice(1),
    ]);
}
