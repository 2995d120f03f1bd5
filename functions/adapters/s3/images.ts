import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import type { ImageStore } from '../../ports/images';

/**
 * The images bucket. Locally (S3_ENDPOINT set) the client talks to s3rver, and presigned POSTs
 * point at UPLOAD_ENDPOINT: the local server's same-origin proxy to it, so the browser uploads
 * without another origin in the CSP.
 */
export function createS3ImageStore(): ImageStore {
  let client: S3Client | undefined;
  let presigner: S3Client | undefined;
  const bucket = () => requireEnv(ENV.imagesBucket);
  const make = (endpoint: string | undefined) =>
    new S3Client({
      region: process.env.AWS_REGION ?? 'us-east-1',
      ...(endpoint
        ? {
            endpoint,
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    });
  const s3 = () => {
    client ??= make(optionalEnv(ENV.s3Endpoint));
    return client;
  };
  const signer = () => {
    presigner ??= make(optionalEnv(ENV.uploadEndpoint) ?? optionalEnv(ENV.s3Endpoint));
    return presigner;
  };
  return {
    async presignUpload(key, contentType, maxBytes, expiresSeconds) {
      const { url, fields } = await createPresignedPost(signer(), {
        Bucket: bucket(),
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresSeconds,
      });
      return { url, fields };
    },
    async size(key) {
      try {
        const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (err instanceof NotFound || (err instanceof Error && (err.name === 'NotFound' || err.name === 'NoSuchKey')))
          return null;
        throw err;
      }
    },
    async readStart(key, bytes) {
      const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async copy(from, to, contentType) {
      await s3().send(
        new CopyObjectCommand({
          Bucket: bucket(),
          Key: to,
          CopySource: `${bucket()}/${from}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
          // A published image never changes under its key.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async put(key, bytes, contentType) {
      await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: bytes, ContentType: contentType }));
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await s3().send(
        new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    },
  };
}
