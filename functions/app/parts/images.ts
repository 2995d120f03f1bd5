import { LIMITS } from '#shared/limits';
import { createRemoteImageFetcher } from '../../adapters/http/fetch-image';
import { createS3ImageStore } from '../../adapters/s3/images';
import { createSharpPhotoResizer } from '../../adapters/sharp/photo-resizer';
import type { PartFactories } from '../context';

/**
 * The images bucket (its SDK modules load on first use), the fetcher of photos given by URL, and
 * the resizer that draws their WebP sizes (sharp, loaded on first use).
 */
export const imageParts = {
  images: createS3ImageStore,
  remoteImages: () => createRemoteImageFetcher({ maxBytes: LIMITS.imageMaxBytes }),
  photoResizer: createSharpPhotoResizer,
} satisfies PartFactories<'images' | 'remoteImages' | 'photoResizer'>;

/** Only the images bucket: functions that delete photos but never draw them (no sharp in their bundle). */
export const imageStoreParts = {
  images: createS3ImageStore,
} satisfies PartFactories<'images'>;
