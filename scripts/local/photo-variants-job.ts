import type { S3Client } from '@aws-sdk/client-s3';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductPhotoPages } from '../../functions/adapters/dynamodb/product-photo-pages';
import { createS3ImageStore } from '../../functions/adapters/s3/images';
import {
  type BackfillProgress,
  backfillPhotoVariants,
} from '../../functions/services/publishing/photo-variants';
import { cachedPhotoResizer } from '../demo/photo-variants';

/** The one-off photo job (decision 022) against a local table and bucket, to its end. */
export function runLocalPhotoVariantsJob(opts: {
  table: TableAccess;
  s3: S3Client;
  bucket: string;
  log?: (message: string) => void;
}): Promise<BackfillProgress> {
  return backfillPhotoVariants(
    {
      pages: createProductPhotoPages(opts.table),
      images: createS3ImageStore({ client: opts.s3, bucket: opts.bucket }),
      photoResizer: cachedPhotoResizer(),
    },
    { log: opts.log },
  );
}
