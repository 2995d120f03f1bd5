import type { Context } from 'aws-lambda';
import { createTableAccess } from '../../adapters/dynamodb/client';
import { createProductPhotoPages } from '../../adapters/dynamodb/product-photo-pages';
import { logger } from '../../commons/observability';
import { type BackfillProgress, backfillPhotoVariants } from '../../services/publishing/photo-variants';
import { lazyContextOf } from '../context';
import { imageParts } from '../parts/images';

/** The job's parts: the images bucket and the resizer (infra grants the bucket and the table). */
export const parts = { images: imageParts };
const context = lazyContextOf(parts);
const pages = (() => {
  let made: ReturnType<typeof createProductPhotoPages> | undefined;
  return () => (made ??= createProductPhotoPages(createTableAccess()));
})();

/** Room left for the page in hand when the job stops: a product's photos take seconds at most. */
const STOP_BEFORE_END_MS = 60_000;

export interface PhotoVariantsJobEvent {
  /** Where to continue; the previous run's `cursor`. Absent: from the table's start. */
  cursor?: string;
}

/**
 * Lambda entry of the one-off photo job (decision 022): derives the WebP sizes of products stored
 * before publishing derived them, and the card photo's link-preview JPEG (decision 053). It runs
 * until a minute before its timeout and returns its progress; `npx tsx scripts/photo-variants.ts
 * --stage <stage>` invokes it again with the returned cursor until `done`. Safe to run twice or at once with itself (done products are skipped).
 */
export async function handler(event: PhotoVariantsJobEvent, lambdaContext: Context): Promise<BackfillProgress> {
  const progress = await backfillPhotoVariants(
    { images: context.images, photoResizer: context.photoResizer, pages: pages() },
    {
      cursor: typeof event?.cursor === 'string' ? event.cursor : undefined,
      stop: () => lambdaContext.getRemainingTimeInMillis() < STOP_BEFORE_END_MS,
      log: (message) => logger.info(message),
    },
  );
  logger.info('photo variants job', { ...progress });
  return progress;
}
