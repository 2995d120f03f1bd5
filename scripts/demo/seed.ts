import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { universityEntity } from '../../functions/adapters/dynamodb/entities';
import { changes } from '../../functions/adapters/dynamodb/entity';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { type ImportReport, importExport } from '../../functions/services/publishing/product-import';
import { localDynamoClient } from '../local/parts/dynamodb';
import { localS3Client } from '../local/parts/s3';
import {
  DEMO_UNIVERSITIES,
  type DemoExport,
  formerUniversityLogoPath,
  generateDemoExport,
  imageKeyOf,
} from './data';
import { renderProductImageCached, renderUniversityLogo } from './images';
import { runLocalPhotoVariantsJob } from '../local/photo-variants-job';

/**
 * Seeds the demo data: draws and uploads the images, then loads universities and products through
 * the import service (the same path as a migration, so the indexer sees them through the stream).
 * Idempotent: images already in the bucket are not redrawn, rows already in the table stay as they are.
 *
 * Clients may be passed in (the local stack does) or made from endpoints.
 */
export interface SeedDemoOptions {
  tableName: string;
  imagesBucket: string;
  dynamodb?: DynamoDBClient;
  dynamoEndpoint?: string;
  s3?: S3Client;
  s3Endpoint?: string;
  log?: (message: string) => void;
  /** Anchors the demo dates (tests pass a fixed one). @default now */
  now?: Date;
  /** Number of demo products (tests seed fewer to stay fast). @default DEMO_PRODUCT_COUNT */
  count?: number;
}

/** Images drawn at once: sharp renders on libuv's pool, and the machine has 2 cores. */
const RENDER_CONCURRENCY = 2;

async function existingKeys(s3: S3Client, bucket: string, prefix: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let token: string | undefined;
  do {
    const res = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of res.Contents ?? []) if (o.Key) keys.add(o.Key);
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Uploads the logos and product images the bucket does not hold yet; returns how many were uploaded. */
export async function uploadDemoImages(s3: S3Client, bucket: string, data: DemoExport): Promise<number> {
  const present = new Set([
    ...(await existingKeys(s3, bucket, 'images/universities/')),
    ...(await existingKeys(s3, bucket, 'images/products/demo/')),
  ]);
  const jobs: { key: string; contentType: string; body: () => Promise<Buffer> }[] = [];
  for (const u of DEMO_UNIVERSITIES) {
    const key = imageKeyOf(u.logo ?? '');
    if (!present.has(key)) jobs.push({ key, contentType: 'image/webp', body: () => renderUniversityLogo(u) });
  }
  for (const p of data.products) {
    p.images.forEach((path, i) => {
      const key = imageKeyOf(path);
      if (present.has(key)) return;
      jobs.push({
        key,
        contentType: 'image/webp',
        body: () => renderProductImageCached({ title: p.title, category: p.category, variant: i + 1 }),
      });
    });
  }
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: job.key,
          Body: await job.body(),
          ContentType: job.contentType,
          // Demo images never change under a key: let browsers and CloudFront keep them.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  return jobs.length;
}

/**
 * A database seeded when the demo logos were SVGs (which /images/ no longer serves) names them in
 * its university rows, which the import leaves as they are: point those rows at the WebP logos.
 * Only a row still naming its former logo changes, so a logo edited since is kept.
 */
async function moveFormerLogos(table: TableAccess): Promise<void> {
  const t = tableOf(table);
  for (const u of DEMO_UNIVERSITIES) {
    // False (nothing written) for a row that is gone or names another logo.
    await t.write(
      universityEntity.update({ id: u.id }, changes({ set: { logo: u.logo } }), {
        condition: { expression: 'logo = :former', values: { ':former': formerUniversityLogoPath(u.id) } },
      }),
    );
  }
}

export async function seedDemoData(opts: SeedDemoOptions): Promise<ImportReport> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const log = opts.log ?? (() => {});
  const dynamodb =
    opts.dynamodb ?? (opts.dynamoEndpoint ? localDynamoClient(opts.dynamoEndpoint) : undefined);
  const s3 = opts.s3 ?? (opts.s3Endpoint ? localS3Client(opts.s3Endpoint) : undefined);
  if (!dynamodb || !s3)
    throw new Error('seedDemoData needs a DynamoDB client or endpoint and an S3 client or endpoint');
  try {
    const data = generateDemoExport({ now: opts.now, count: opts.count });
    const started = Date.now();
    const uploaded = await uploadDemoImages(s3, opts.imagesBucket, data);
    log(`demo images: ${uploaded} uploaded (drawn or from the cache) in ${Date.now() - started} ms`);

    // The same marshalling as the functions' own table access (functions/adapters/dynamodb/client.ts).
    const table: TableAccess = {
      doc: DynamoDBDocumentClient.from(dynamodb, {
        marshallOptions: { removeUndefinedValues: true },
        unmarshallOptions: { wrapNumbers: false },
      }),
      tableName: opts.tableName,
    };
    const report = await importExport(
      { products: createProductRepository(table), universities: createUniversityRepository(table) },
      data,
    );
    await moveFormerLogos(table);
    // The card and gallery sizes of the demo photos (decision 022), as publishing makes them.
    const variantsStarted = Date.now();
    const variants = await runLocalPhotoVariantsJob({ table, s3, bucket: opts.imagesBucket });
    log(
      `demo photo sizes: ${variants.derived} products derived, ${variants.skipped} already done in ${Date.now() - variantsStarted} ms`,
    );
    log(
      `demo data: universities ${report.universities.created} created / ${report.universities.unchanged} unchanged, ` +
        `products ${report.products.created} created / ${report.products.unchanged} unchanged` +
        (report.errors.length ? `, ${report.errors.length} rejected: ${JSON.stringify(report.errors)}` : ''),
    );
    return report;
  } finally {
    // Only the clients made here are ours to close.
    if (!opts.dynamodb) dynamodb.destroy();
    if (!opts.s3) s3.destroy();
  }
}
