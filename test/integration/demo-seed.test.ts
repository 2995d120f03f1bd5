import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import sharp from 'sharp';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keys } from '#shared/table';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import type { ImportReport } from '../../functions/services/publishing/product-import';
import { imageKeyOf } from '../../scripts/demo/data';
import { seedDemoData } from '../../scripts/demo/seed';
import { ensureTable, localDynamoClient } from '../../scripts/local/parts/dynamodb';
import { localS3Client, type S3Local, startS3Local } from '../../scripts/local/parts/s3';
import { freePort } from '../../scripts/local/ports';

/**
 * The demo seed end to end against DynamoDB Local and s3rver, with a few products so it stays fast
 * (the full set is the same code with a larger count). It uses a table of its own, created from the
 * same definition, so its fixed demo ids never meet other files' products.
 */
const BUCKET = 'demo-seed-test';
const TABLE = 'demo-seed-test';
const COUNT = 6;
const NOW = new Date('2026-11-22T12:00:00.000Z');

let s3Local: S3Local;
let s3: S3Client;
let dynamodb: DynamoDBClient;
let table: TableAccess;
let first: ImportReport;

const seed = () =>
  seedDemoData({ tableName: TABLE, imagesBucket: BUCKET, dynamodb, s3, now: NOW, count: COUNT });

async function object(key: string) {
  const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { type: res.ContentType, body: Buffer.from(await res.Body!.transformToByteArray()) };
}

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  s3Local = await startS3Local({ port: await freePort(), buckets: [BUCKET] });
  s3 = localS3Client(s3Local.endpoint);
  dynamodb = localDynamoClient(inject('dynamoEndpoint'));
  await ensureTable(dynamodb, TABLE);
  table = createTableAccess({ endpoint: inject('dynamoEndpoint'), tableName: TABLE });
  first = await seed();
});

afterAll(async () => {
  s3?.destroy();
  dynamodb?.destroy();
  table?.doc.destroy();
  await s3Local?.stop();
});

describe('seedDemoData', () => {
  it('loads the four universities and the products through the import', async () => {
    expect(first).toEqual({
      universities: { created: 4, unchanged: 0, rejected: 0 },
      products: { created: COUNT, unchanged: 0, rejected: 0 },
      errors: [],
    });
    const universities = createUniversityRepository(table);
    for (const id of ['ucab', 'usm', 'unimet', 'ucv']) {
      expect((await universities.get(id))?.logo).toBe(`/images/universities/${id}.webp`);
    }
  });

  it('uploads a WebP for every product image and for every university logo, at the served paths', async () => {
    const products = createProductRepository(table);
    let images = 0;
    for (let id = 1; id <= COUNT; id++) {
      const p = await products.get(id);
      expect(p?.image).toBe(`/images/products/demo/${id}.webp`);
      for (const path of p?.images ?? []) {
        images++;
        const { type, body } = await object(imageKeyOf(path));
        expect(type).toBe('image/webp');
        expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
      }
    }
    expect(images).toBeGreaterThan(COUNT); // some products have a second image
    // The local origin serves only JPEG, PNG and WebP under /images/ (decision 015).
    const logo = await object('images/universities/ucab.webp');
    expect(logo.type).toBe('image/webp');
    expect(await sharp(logo.body).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('gives every demo photo its card and gallery sizes (decision 022), as WebP next to it, and the card photo its preview JPEG (053)', async () => {
    const products = createProductRepository(table);
    for (let id = 1; id <= COUNT; id++) {
      const product = await products.get(id);
      expect(product?.images.length).toBeGreaterThan(0);
      for (const path of product?.images ?? []) {
        // The demo photos are 800 px wide: 320 and 640 only, never an enlargement; the card photo
        // also has its link-preview JPEG (decision 053), at its own 800 px.
        const card = path === product?.image;
        expect(product?.image_variants?.[path]).toEqual({
          width: 800,
          height: 600,
          widths: [320, 640],
          ...(card ? { preview: true } : {}),
        });
        const small = await object(imageKeyOf(path).replace(/\.webp$/, '.w320.webp'));
        expect(await sharp(small.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
        if (card) {
          const preview = await object(imageKeyOf(path).replace(/\.webp$/, '.w1200.jpg'));
          expect(preview.type).toBe('image/jpeg');
          expect(await sharp(preview.body).metadata()).toMatchObject({
            format: 'jpeg',
            width: 800,
            height: 600,
          });
        }
      }
    }
  });

  it("moves an older database's SVG logos to the WebP ones, and keeps a logo changed since", async () => {
    const setLogo = (id: string, logo: string) =>
      table.doc.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: keys.university(id),
          UpdateExpression: 'SET logo = :logo',
          ExpressionAttributeValues: { ':logo': logo },
        }),
      );
    await setLogo('ucab', '/images/universities/ucab.svg');
    await setLogo('usm', 'https://usm.edu.ve/logo.png');
    await seed();
    const universities = createUniversityRepository(table);
    expect((await universities.get('ucab'))?.logo).toBe('/images/universities/ucab.webp');
    expect((await universities.get('usm'))?.logo).toBe('https://usm.edu.ve/logo.png');
    await setLogo('usm', '/images/universities/usm.webp');
  });

  it('changes nothing on a second run', async () => {
    const again = await seed();
    expect(again).toEqual({
      universities: { created: 0, unchanged: 4, rejected: 0 },
      products: { created: 0, unchanged: COUNT, rejected: 0 },
      errors: [],
    });
    // New products continue above the demo ids.
    expect(await createProductRepository(table).nextId()).toBe(COUNT + 1);
  });
});
