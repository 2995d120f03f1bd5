import { LIMITS } from '#shared/limits';
import { createRemoteImageFetcher } from '../../adapters/http/fetch-image';
import { createS3ImageStore } from '../../adapters/s3/images';
import type { PartFactories } from '../context';

/** The images bucket (its SDK modules load on first use) and the fetcher of photos given by URL. */
export const imageParts = {
  images: createS3ImageStore,
  remoteImages: () => createRemoteImageFetcher({ maxBytes: LIMITS.imageMaxBytes }),
} satisfies PartFactories<'images' | 'remoteImages'>;
