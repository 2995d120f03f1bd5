import type { S3Client } from '@aws-sdk/client-s3';
import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import { sdkLogger, traced } from '../../commons/observability';
import { once } from '../../commons/once';
import type { ImageStore } from '../../ports/images';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The images bucket. Locally (S3_ENDPOINT set) the client talks to s3rver, and presigned POSTs
 * point at UPLOAD_ENDPOINT: the local server's same-origin proxy to it, so the browser uploads
 * without another origin in the CSP.
 */
export function createS3ImageStore(
  /** A client and bucket of the caller's (the demo seed, local tools); else both from the environment. */
  given?: { client: S3Client; bucket: string },
): ImageStore {
  const bucket = () => given?.bucket ?? requireEnv(ENV.imagesBucket);
  // The SDK modules are loaded on first use: only the photo routes ever pay for them.
  const sdk = once(async () => {
    const mod = await import('@aws-sdk/client-s3');
    const make = (endpoint: string | undefined) =>
      new mod.S3Client({
        region: process.env.AWS_REGION ?? 'us-east-1',
        logger: sdkLogger,
        ...(endpoint
          ? {
              endpoint,
              forcePathStyle: true,
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
      });
    if (given) return { ...mod, client: given.client, signer: given.client };
    return {
      ...mod,
      client: await traced(make(optionalEnv(ENV.s3Endpoint))),
      // Presigned forms point where browsers post: locally the server's proxy, in AWS the bucket.
      signer: make(optionalEnv(ENV.uploadEndpoint) ?? optionalEnv(ENV.s3Endpoint)),
    };
  });
  const presign = once(() => import('@aws-sdk/s3-presigned-post'));
  return {
    async presignUpload(key, contentType, maxBytes, expiresSeconds) {
      const [{ signer }, { createPresignedPost }] = await Promise.all([sdk(), presign()]);
      const { url, fields } = await createPresignedPost(signer, {
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
      const { client, HeadObjectCommand, NotFound } = await sdk();
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (
          err instanceof NotFound ||
          (err instanceof Error && (err.name === 'NotFound' || err.name === 'NoSuchKey'))
        )
          return null;
        throw err;
      }
    },
    async readStart(key, bytes) {
      const { client, GetObjectCommand } = await sdk();
      const res = await client.send(
        new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }),
      );
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async put(key, bytes, contentType, options) {
      const { client, PutObjectCommand } = await sdk();
      await client.send(
        new PutObjectCommand({
          Bucket: bucket(),
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ...(options?.immutable ? { CacheControl: IMMUTABLE } : {}),
        }),
      );
    },
    async delete(keys) {
      if (keys.length === 0) return;
      const { client, DeleteObjectsCommand } = await sdk();
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket(),
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    },
  };
}
