import type { Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION } from './dynamodb';

/** The only key pair s3rver accepts (it checks no signatures, but the access key id must match). */
export const S3_LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/** The part of s3rver 3.7's API used here (the package ships no types). */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
  vhostBuckets: boolean;
  allowMismatchedSignatures: boolean;
}) => S3rverInstance;

const require = createRequire(import.meta.url);

/**
 * Starts s3rver in this process with `buckets` created, storing objects under `dataDir` (a temporary
 * directory, removed on stop, when absent). It checks no signatures and ignores presigned POST
 * policies: the server-side check of each upload is what protects the local stack.
 */
export async function startS3Local(opts: {
  port: number;
  dataDir?: string;
  buckets: string[];
}): Promise<S3Local> {
  const temp = opts.dataDir ? undefined : mkdtempSync(join(tmpdir(), 's3rver-'));
  const directory = resolve(opts.dataDir ?? temp!);
  mkdirSync(directory, { recursive: true });
  const S3rver: S3rverClass = require('s3rver');
  const instance = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    silent: true,
    directory,
    configureBuckets: opts.buckets.map((name) => ({ name })),
    vhostBuckets: false,
    allowMismatchedSignatures: true,
  });
  await instance.run();
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: async () => {
      instance.httpServer?.closeAllConnections();
      await instance.close();
      if (temp) rmSync(temp, { recursive: true, force: true });
    },
  };
}

/** An S3 client for s3rver: path-style URLs; checksums only when required (else chunk headers get stored). */
export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: S3_LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const STATIC_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/**
 * Copies the web app's own images (web/dist/images: the stand-in product picture, demo logos) into
 * the bucket under images/, as the stack's BucketDeployment does (infra/constructs/web.ts): /images/*
 * is the bucket's, locally as behind CloudFront, so without this the stand-in picture is a 404.
 * Idempotent (a Put replaces); a missing folder deploys nothing.
 */
export async function deployStaticImages(client: S3Client, bucket: string, dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `images/${relative(dir, path).split('\\').join('/')}`,
        Body: readFileSync(path),
        ContentType: STATIC_TYPES[extname(file.name).toLowerCase()] ?? 'application/octet-stream',
      }),
    );
  }
  return files.length;
}
