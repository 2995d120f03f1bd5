import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_BYTES, PREVIEW_WIDTH, previewSize } from '#shared/photo-urls';
import { widthsFor } from '#shared/photos';
import { createSharpPhotoResizer, PREVIEW_JPEG } from './photo-resizer';

/** The link-preview JPEG of the resize pass (decision 053), drawn by sharp itself. */
const resizer = createSharpPhotoResizer();

/** Random pixels: the least compressible photo there is, as an uploaded JPEG. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c85a1e' } })
    .webp()
    .toBuffer();

describe('the link-preview JPEG', () => {
  it('steps a large noisy photo down in quality until it is at most 280 KB, 1200 px wide, progressive', async () => {
    const photo = await noise(2048, 1536);
    const drawn = await resizer.resize(photo, 'image/jpeg', widthsFor, { preview: true });
    const preview = drawn.preview!;
    expect(preview.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
    expect(PREVIEW_MAX_BYTES).toBe(280 * 1024);
    const meta = await sharp(preview).metadata();
    expect([meta.format, meta.width, meta.height, meta.isProgressive]).toEqual([
      'jpeg',
      PREVIEW_WIDTH,
      900,
      true,
    ]);
    expect(meta.exif).toBeUndefined();
    // It did have to step down: at the first quality this photo is over the ceiling.
    const first = await sharp(photo)
      .resize({ width: PREVIEW_WIDTH })
      .jpeg({ ...PREVIEW_JPEG.options, quality: PREVIEW_JPEG.qualities[0] })
      .toBuffer();
    expect(first.length).toBeGreaterThan(PREVIEW_MAX_BYTES);
  });

  it('draws exactly the size the data implies, even when the height is rounded', async () => {
    const drawn = await resizer.resize(await plain(1999, 1001), 'image/webp', widthsFor, { preview: true });
    const meta = await sharp(drawn.preview!).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(previewSize(1999, 1001));
    expect(previewSize(1999, 1001)).toEqual({ width: 1200, height: 601 });
  });

  it('never enlarges a small photo: an 800×600 one keeps its size, as a JPEG', async () => {
    const drawn = await resizer.resize(await plain(800, 600), 'image/webp', widthsFor, { preview: true });
    const meta = await sharp(drawn.preview!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
    expect(drawn.variants.map((v) => v.width)).toEqual([320, 640]);
  });

  it('is drawn only when asked for (a card photo)', async () => {
    const drawn = await resizer.resize(await plain(1600, 1200), 'image/webp', widthsFor);
    expect(drawn.preview).toBeUndefined();
    expect(drawn.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
  });
});
