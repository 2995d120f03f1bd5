import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage } from './image-inspection';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } });

describe('inspectImage', () => {
  it('reads type and size of JPEG, PNG and every WebP flavour from the bytes', async () => {
    expect(inspectImage(await solid(640, 480).jpeg().toBuffer())).toEqual({
      type: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(inspectImage(await solid(33, 1700).png().toBuffer())).toEqual({
      type: 'image/png',
      width: 33,
      height: 1700,
    });
    // Lossy (VP8), lossless (VP8L) and extended with alpha (VP8X).
    expect(inspectImage(await solid(1600, 900).webp().toBuffer())).toEqual({
      type: 'image/webp',
      width: 1600,
      height: 900,
    });
    expect(inspectImage(await solid(301, 7).webp({ lossless: true }).toBuffer())).toEqual({
      type: 'image/webp',
      width: 301,
      height: 7,
    });
    expect(inspectImage(await solid(500, 250, 4).webp().toBuffer())).toEqual({
      type: 'image/webp',
      width: 500,
      height: 250,
    });
  });

  it('finds the JPEG frame after large metadata blocks', async () => {
    const withExif = await solid(120, 80)
      .withMetadata({ exif: { IFD0: { ImageDescription: 'x'.repeat(20_000), Copyright: 'Mercado' } } })
      .jpeg()
      .toBuffer();
    expect(inspectImage(withExif)).toEqual({ type: 'image/jpeg', width: 120, height: 80 });
  });

  it('refuses anything that is not really an image, whatever it claims', () => {
    expect(inspectImage(Buffer.from('hola, no soy una imagen aunque me llame foto.jpg'))).toBeNull();
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(inspectImage(Buffer.alloc(0))).toBeNull();
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(inspectImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
  });
});
