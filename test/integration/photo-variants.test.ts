import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PREVIEW_MAX_BYTES, previewPhoto } from '#shared/photo-urls';
import { PHOTO_MESSAGES, variantPath } from '#shared/photos';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductPhotoPages } from '../../functions/adapters/dynamodb/product-photo-pages';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createS3ImageStore } from '../../functions/adapters/s3/images';
import { createSharpPhotoResizer } from '../../functions/adapters/sharp/photo-resizer';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { ENV } from '../../functions/commons/env';
import type { Moderator } from '../../functions/ports/moderation';
import { backfillPhotoVariants } from '../../functions/services/publishing/photo-variants';
import { ensureTable, localDynamoClient } from '../../scripts/local/parts/dynamodb';
import {
  localS3Client,
  S3_LOCAL_CREDENTIALS,
  type S3Local,
  startS3Local,
} from '../../scripts/local/parts/s3';
import { freePort } from '../../scripts/local/ports';
import type { LocalServer } from '../../scripts/local/server';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { startStaticOrigin } from '../support/static-origin';

/**
 * Responsive photos (decision 022) and the link-preview JPEG (decision 053) against s3rver and
 * DynamoDB Local: publishing derives the WebP sizes and the card photo's preview and records them;
 * the local origin serves them; the one-off job derives them for products stored before, skips
 * what is done, resumes from its cursor, and leaves nothing behind for a product deleted meanwhile.
 */
const createProduct = handlerOf('createProduct');
const createUpload = handlerOf('createUpload');
const deleteOwnProduct = handlerOf('deleteOwnProduct');
const listOwnProducts = handlerOf('listOwnProducts');

const BUCKET = 'photo-variants-test';
/** The job reads every product of its table: a table of its own, so other files' products stay theirs. */
const JOB_TABLE = 'photo-variants-job-test';
const uni = uniqueUniversity('var');
let table: TableAccess;
let jobTable: TableAccess;
let dynamodb: DynamoDBClient;
let s3Local: S3Local;
let s3: S3Client;
let origin: LocalServer;
let webDir: string;
const saved: Record<string, string | undefined> = {};
const approve: Moderator = {
  moderate: async () => ({ approved: true, severity: 'low', warnings: [], suggestions: [] }),
};
const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });

const photo = (width: number, height: number, format: 'webp' | 'jpeg' = 'webp') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    [format]()
    .toBuffer();
/** A grainy phone photo: its 1200-px JPEG at the first quality is over the preview's 280 KB. */
const grainy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120, g: 120, b: 90 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

async function head(key: string) {
  try {
    return await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
  } catch {
    return null;
  }
}
async function bytesOf(key: string) {
  const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}
async function widthOf(key: string) {
  const meta = await sharp(await bytesOf(key)).metadata();
  return { format: meta.format, width: meta.width };
}

async function verifiedStudent(sub: string) {
  const profiles = createProfileRepository(table);
  await profiles.createIfAbsent({
    user_id: sub,
    email: `${sub}@correo.com`,
    full_name: 'Ana',
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: new Date().toISOString(),
  });
  await profiles.setInstitutional(sub, `${sub}@est.${uni}.edu.ve`, uni, null);
}

async function upload(sub: string, bytes: Buffer, contentType: string) {
  const res = await invoke(
    createUpload,
    apiEvent('createUpload', {
      claims: claims(sub),
      body: { content_type: contentType, size: bytes.length },
    }),
  );
  const { url, fields, key } = res.body as { url: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'foto');
  expect((await fetch(url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return key;
}

const publish = (sub: string, images: string[]) =>
  invoke(
    createProduct,
    apiEvent('createProduct', {
      claims: claims(sub),
      body: {
        title: 'Bicicleta de montaña',
        price: 120,
        category: 'musica',
        whatsapp_number: '04141234567',
        university_id: uni,
        images,
      },
    }),
  );

beforeAll(async () => {
  table = useTestTable();
  s3Local = await startS3Local({ port: await freePort(), buckets: [BUCKET] });
  s3 = localS3Client(s3Local.endpoint);
  dynamodb = localDynamoClient(inject('dynamoEndpoint'));
  await ensureTable(dynamodb, JOB_TABLE);
  jobTable = createTableAccess({ endpoint: inject('dynamoEndpoint'), tableName: JOB_TABLE });
  for (const name of [
    ENV.imagesBucket,
    ENV.s3Endpoint,
    ENV.uploadEndpoint,
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
  ])
    saved[name] = process.env[name];
  Object.assign(process.env, {
    [ENV.imagesBucket]: BUCKET,
    [ENV.s3Endpoint]: s3Local.endpoint,
    [ENV.uploadEndpoint]: s3Local.endpoint,
    AWS_ACCESS_KEY_ID: S3_LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_LOCAL_CREDENTIALS.secretAccessKey,
  });
  await createUniversityRepository(table).putIfAbsent({
    id: uni,
    name: 'VAR',
    full_name: 'Universidad de Variantes',
    email_domain: `est.${uni}.edu.ve`,
    city: null,
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
  webDir = mkdtempSync(join(tmpdir(), 'photo-variants-origin-'));
  origin = await startStaticOrigin(webDir, { images: { s3, bucket: BUCKET } });
});
beforeEach(() => setHandlerContext({ search: new MemorySearchIndex(), moderator: approve }));
afterAll(async () => {
  await origin?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
  resetContext();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  s3?.destroy();
  dynamodb?.destroy();
  jobTable?.doc.destroy();
  await s3Local?.stop();
});

describe('publishing derives the sizes', () => {
  it('stores WebP variants narrower than each photo next to it, immutable, records them, and deletes them with the product', async () => {
    const sub = `variants-${Date.now()}`;
    await verifiedStudent(sub);
    const keys = [
      await upload(sub, await photo(1600, 1200), 'image/webp'),
      await upload(sub, await photo(500, 700, 'jpeg'), 'image/jpeg'),
    ];
    const res = await publish(sub, keys);
    expect(res.status).toBe(201);
    const product = res.body as Product;
    const [first, second] = product.images;
    expect(product.image_variants).toEqual({
      // Only the card photo has the link-preview JPEG (decision 053).
      [first]: { width: 1600, height: 1200, widths: [320, 640, 1280], preview: true },
      [second]: { width: 500, height: 700, widths: [320] },
    });
    const base = `images/products/${product.id}`;
    for (const w of [320, 640, 1280]) {
      expect(await widthOf(`${base}/1.w${w}.webp`)).toEqual({ format: 'webp', width: w });
      const meta = await head(`${base}/1.w${w}.webp`);
      expect(meta?.ContentType).toBe('image/webp');
      expect(meta?.CacheControl).toBe('public, max-age=31536000, immutable');
    }
    expect(await widthOf(`${base}/2.w320.webp`)).toEqual({ format: 'webp', width: 320 });
    // Never an enlargement: a 500-px photo has no 640 or 1280 copy.
    expect(await head(`${base}/2.w640.webp`)).toBeNull();
    expect(await widthOf(`${base}/1.w1200.jpg`)).toEqual({ format: 'jpeg', width: 1200 });
    expect(await head(`${base}/2.w1200.jpg`)).toBeNull();
    // Stored as answered: listings and the product page carry them.
    expect((await createProductRepository(table).get(product.id))?.image_variants).toEqual(
      product.image_variants,
    );

    const del = await invoke(
      deleteOwnProduct,
      apiEvent('deleteOwnProduct', { claims: claims(sub), params: { id: product.id } }),
    );
    expect(del.status).toBe(200);
    for (const key of [
      `${base}/1.webp`,
      `${base}/1.w320.webp`,
      `${base}/1.w1280.webp`,
      `${base}/1.w1200.jpg`,
      `${base}/2.w320.webp`,
    ])
      expect(await head(key), key).toBeNull();
  });

  it("makes the card photo's link-preview JPEG (1200 px, at most 280 KB), served as image/jpeg, and deletes it with the product", async () => {
    const sub = `preview-${Date.now()}`;
    await verifiedStudent(sub);
    const res = await publish(sub, [
      await upload(sub, await grainy(2048, 1536), 'image/jpeg'),
      await upload(sub, await photo(1600, 1200), 'image/webp'),
    ]);
    expect(res.status).toBe(201);
    const product = res.body as Product;
    const card = product.images[0];
    expect(product.image).toBe(card);
    const preview = previewPhoto(product);
    expect(preview).toEqual({
      url: `/images/products/${product.id}/1.w1200.jpg`,
      width: 1200,
      height: 900,
      type: 'image/jpeg',
    });
    // As the local origin (and CloudFront's /images/* from the bucket) delivers it to a chat app.
    const served = await fetch(`${origin.url}${preview?.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    // Cached as the origin caches every photo, the WebP sizes included.
    const size = await fetch(`${origin.url}/images/products/${product.id}/1.w640.webp`);
    expect([size.status, size.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(served.headers.get('cache-control')).toBe(size.headers.get('cache-control'));
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.isProgressive, meta.exif]).toEqual([
      'jpeg',
      1200,
      900,
      true,
      undefined,
    ]);
    // The bucket object carries the type and caching CloudFront passes on.
    const object = await head(preview!.url.slice(1));
    expect([object?.ContentType, object?.CacheControl]).toEqual([
      'image/jpeg',
      'public, max-age=31536000, immutable',
    ]);
    // The stored photo itself (2048 px, JPEG q85) is far over what WhatsApp takes.
    expect((await bytesOf(card.slice(1))).length).toBeGreaterThan(300 * 1024);

    const del = await invoke(
      deleteOwnProduct,
      apiEvent('deleteOwnProduct', { claims: claims(sub), params: { id: product.id } }),
    );
    expect(del.status).toBe(200);
    expect(await head(preview!.url.slice(1))).toBeNull();
    expect((await fetch(`${origin.url}${preview?.url}`)).status).toBe(404);
  });

  it('stores a photo larger than 2048 px brought down to it, and records that size', async () => {
    const sub = `large-${Date.now()}`;
    await verifiedStudent(sub);
    const res = await publish(sub, [await upload(sub, await photo(3000, 1000, 'jpeg'), 'image/jpeg')]);
    expect(res.status).toBe(201);
    const product = res.body as Product;
    expect(product.image_variants).toEqual({
      [product.images[0]]: { width: 2048, height: 683, widths: [320, 640, 1280], preview: true },
    });
    expect(await widthOf(product.images[0].slice(1))).toEqual({ format: 'jpeg', width: 2048 });
  });

  it('refuses a photo whose header passes but whose pixels do not decode, with 400 and nothing stored', async () => {
    const sub = `broken-${Date.now()}`;
    await verifiedStudent(sub);
    const good = await photo(800, 600);
    // A real WebP header (size and all) followed by noise: the byte check passes, decoding fails.
    const broken = Buffer.concat([good.subarray(0, 30), Buffer.alloc(4000, 0x5a)]);
    const key = await upload(sub, broken, 'image/webp');
    const res = await publish(sub, [key]);
    expect(res.status).toBe(400);
    expect((res.body as { error: { message: string } }).error.message).toBe(PHOTO_MESSAGES.unreadable);
    const own = await invoke(listOwnProducts, apiEvent('listOwnProducts', { claims: claims(sub) }));
    expect((own.body as { items: unknown[] }).items).toHaveLength(0);
    // The upload stays for another try; no product photo was written.
    expect(await head(key)).not.toBeNull();
  });
});

describe('the one-off job', () => {
  const deps = () => ({
    pages: createProductPhotoPages(jobTable),
    images: createS3ImageStore({ client: s3, bucket: BUCKET }),
    photoResizer: createSharpPhotoResizer(),
  });
  const stored = (id: number, images: string[], image = images[0] ?? null): Product => ({
    id,
    title: `Producto ${id}`,
    description: null,
    price: 10,
    category: 'otros',
    condition: 'usado',
    career: null,
    image,
    images,
    tags: [],
    seller_name: 'Luis',
    seller_email: 'luis@correo.com',
    whatsapp_number: null,
    university_id: uni,
    status: id % 2 === 0 ? 'sold' : 'active',
    owner_id: null,
    created_at: '2025-06-01T00:00:00.000Z',
  });
  const put = async (path: string, bytes: Buffer, type = 'image/webp') =>
    s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: path.slice(1), Body: bytes, ContentType: type }));

  it('derives what is missing, records null for photos it cannot size, skips done products, and resumes from its cursor', async () => {
    const products = createProductRepository(jobTable);
    await put('/images/products/demo/901.webp', await photo(800, 600));
    await put('/images/products/demo/901-2.webp', await photo(1400, 1000));
    await put('/images/products/902/1.jpg', await photo(2000, 1500, 'jpeg'), 'image/jpeg');
    await products.putIfAbsent(
      stored(901, ['/images/products/demo/901.webp', '/images/products/demo/901-2.webp']),
    );
    // An external address and a photo missing from the bucket: shown as they are, never retried.
    await products.putIfAbsent(
      stored(902, ['/images/products/902/1.jpg', 'https://fotos.example.com/x.jpg']),
    );
    await products.putIfAbsent(stored(903, ['/images/products/903/1.webp']));
    await products.putIfAbsent(stored(904, []));

    // One product a page, stopped after the first: the cursor carries on where it stopped.
    const first = await backfillPhotoVariants(deps(), { pageSize: 1, stop: () => true });
    expect(first.done).toBe(false);
    expect(first.cursor).toEqual(expect.any(String));
    const rest = await backfillPhotoVariants(deps(), { pageSize: 1, cursor: first.cursor });
    expect(rest.done).toBe(true);
    expect(first.scanned + rest.scanned).toBe(4);

    expect((await products.get(901))?.image_variants).toEqual({
      '/images/products/demo/901.webp': { width: 800, height: 600, widths: [320, 640], preview: true },
      '/images/products/demo/901-2.webp': { width: 1400, height: 1000, widths: [320, 640, 1280] },
    });
    expect((await products.get(902))?.image_variants).toEqual({
      '/images/products/902/1.jpg': { width: 2000, height: 1500, widths: [320, 640, 1280], preview: true },
      'https://fotos.example.com/x.jpg': null,
    });
    // The card photo's preview JPEG, never enlarged (an 800-px photo's is 800 px).
    expect(await widthOf('images/products/demo/901.w1200.jpg')).toEqual({ format: 'jpeg', width: 800 });
    expect(await widthOf('images/products/902/1.w1200.jpg')).toEqual({ format: 'jpeg', width: 1200 });
    expect(await head('images/products/demo/901-2.w1200.jpg')).toBeNull();
    expect((await products.get(903))?.image_variants).toEqual({ '/images/products/903/1.webp': null });
    expect((await head('images/products/demo/901-2.w1280.webp'))?.CacheControl).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await widthOf('images/products/902/1.w640.webp')).toEqual({ format: 'webp', width: 640 });
    // A product without photos has nothing to derive and is done as it is.
    expect((await products.get(904))?.image_variants).toBeUndefined();

    // Run again: everything is done, nothing is written.
    const again = await backfillPhotoVariants(deps());
    expect(again).toMatchObject({ done: true, scanned: 4, derived: 0, skipped: 4 });
  });

  it('re-encodes in place a photo published before as it was uploaded (a JPEG with an HTML tail and EXIF GPS), once', async () => {
    const products = createProductRepository(jobTable);
    const path = '/images/products/960/1.jpg';
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#396' } })
      .withExif({
        IFD0: { ImageDescription: 'Casa de Luis' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '10/1 29/1 5/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '66/1 53/1 2/1',
        },
      })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([
      image,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    await put(path, polyglot, 'image/jpeg');
    // Published before this change: its sizes were derived, its photo kept byte for byte.
    await products.putIfAbsent({
      ...stored(960, [path]),
      image_variants: { [path]: { width: 640, height: 480, widths: [320] } },
    });

    await backfillPhotoVariants(deps());
    const read = async () => {
      const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: path.slice(1) }));
      return { bytes: Buffer.from(await res.Body!.transformToByteArray()), head: res };
    };
    const { bytes, head: meta } = await read();
    expect(bytes.includes('<script')).toBe(false);
    expect(bytes.includes('Casa de Luis')).toBe(false);
    const decoded = await sharp(bytes).metadata();
    expect([decoded.format, decoded.width, decoded.height, decoded.exif]).toEqual([
      'jpeg',
      640,
      480,
      undefined,
    ]);
    expect(meta.ContentType).toBe('image/jpeg');
    expect(meta.CacheControl).toBe('public, max-age=31536000, immutable');
    const after = await products.get(960);
    expect(after?.photos_reencoded).toBe(true);
    expect(after?.image_variants).toEqual({
      [path]: { width: 640, height: 480, widths: [320], preview: true },
    });

    // Done once: a second run leaves the photo as the first one wrote it.
    const again = await backfillPhotoVariants(deps());
    expect(again.derived).toBe(0);
    expect((await read()).bytes.equals(bytes)).toBe(true);
  });

  it("gives a product sized before link previews its card photo's preview JPEG only, leaving its photos and sizes as they are", async () => {
    const products = createProductRepository(jobTable);
    const card = '/images/products/970/1.jpg';
    const other = '/images/products/970/2.webp';
    // Stored as publishing did before decision 053: re-encoded photos and their WebP sizes.
    const cardBytes = await photo(1000, 750, 'jpeg');
    const smallBytes = await photo(320, 240);
    await put(card, cardBytes, 'image/jpeg');
    await put(variantPath(card, 320), smallBytes);
    await put(other, await photo(900, 600));
    const before = {
      [card]: { width: 1000, height: 750, widths: [320, 640] },
      [other]: { width: 900, height: 600, widths: [320, 640] },
    };
    await products.putIfAbsent({
      ...stored(970, [card, other]),
      image_variants: before,
      photos_reencoded: true,
    });
    // Until the job runs, a link preview falls back to the stored JPEG (1000 px wide).
    expect(previewPhoto((await products.get(970))!)).toEqual({
      url: card,
      width: 1000,
      height: 750,
      type: 'image/jpeg',
    });

    const progress = await backfillPhotoVariants(deps());
    expect(progress.derived).toBe(1);
    const after = (await products.get(970))!;
    expect(after.image_variants).toEqual({ ...before, [card]: { ...before[card], preview: true } });
    expect(previewPhoto(after)).toEqual({
      url: '/images/products/970/1.w1200.jpg',
      width: 1000,
      height: 750,
      type: 'image/jpeg',
    });
    const served = await fetch(`${origin.url}/images/products/970/1.w1200.jpg`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 750]);
    // Nothing behind an immutable address changed, and no other photo got a preview.
    expect((await bytesOf(card.slice(1))).equals(cardBytes)).toBe(true);
    expect((await bytesOf(variantPath(card, 320).slice(1))).equals(smallBytes)).toBe(true);
    expect(await head('images/products/970/2.w1200.jpg')).toBeNull();

    // Done: the next run skips it.
    expect((await backfillPhotoVariants(deps())).derived).toBe(0);
  });

  it('leaves no photo or variants behind for a product deleted while its photos were drawn', async () => {
    const products = createProductRepository(jobTable);
    await put('/images/products/950/1.webp', await photo(900, 900));
    await products.putIfAbsent(stored(950, ['/images/products/950/1.webp']));
    const real = deps();
    const progress = await backfillPhotoVariants({
      ...real,
      pages: {
        page: real.pages.page,
        // The owner deletes it between the read and the write.
        setDerivedPhotos: async (product, variants) => {
          if (product.id === 950)
            await jobTable.doc.send(new DeleteCommand({ TableName: JOB_TABLE, Key: keys.product(950) }));
          return real.pages.setDerivedPhotos(product, variants);
        },
      },
    });
    expect(progress.done).toBe(true);
    expect(await products.get(950)).toBeNull();
    expect(await head('images/products/950/1.w320.webp')).toBeNull();
    expect(await head('images/products/950/1.w640.webp')).toBeNull();
    expect(await head('images/products/950/1.w1200.jpg')).toBeNull();
    // Nor its photo, which the job drew again in place.
    expect(await head('images/products/950/1.webp')).toBeNull();
  });
});
