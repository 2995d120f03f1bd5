import { describe, expect, it } from 'vitest';
import { previewPhoto, previewSize } from './photo-urls';
import {
  isOwnPhotoPath,
  photoSrcSet,
  photoVariantsSchema,
  previewPath,
  variantPath,
  widthsFor,
} from './photos';

describe('photo sizes (decision 022)', () => {
  it('names a variant after its photo, whatever the photo type', () => {
    expect(variantPath('/images/products/12/1.jpg', 320)).toBe('/images/products/12/1.w320.webp');
    expect(variantPath('/images/products/demo/5-2.webp', 640)).toBe('/images/products/demo/5-2.w640.webp');
    expect(variantPath('images/products/12/3.png', 1280)).toBe('images/products/12/3.w1280.webp');
  });

  it('derives only widths narrower than the photo', () => {
    expect(widthsFor(1600)).toEqual([320, 640, 1280]);
    expect(widthsFor(800)).toEqual([320, 640]);
    expect(widthsFor(640)).toEqual([320]);
    expect(widthsFor(300)).toEqual([]);
  });

  it("sizes the site's own product photos only: not external addresses, SVGs, logos or variants", () => {
    expect(isOwnPhotoPath('/images/products/12/1.jpg')).toBe(true);
    expect(isOwnPhotoPath('/images/products/demo/4.webp')).toBe(true);
    expect(isOwnPhotoPath('https://fotos.example.com/x.jpg')).toBe(false);
    expect(isOwnPhotoPath('/images/default-product.svg')).toBe(false);
    expect(isOwnPhotoPath('/images/universities/ucab.webp')).toBe(false);
    expect(isOwnPhotoPath('/images/products/12/1.w320.webp')).toBe(false);
    expect(isOwnPhotoPath('/images/products/12/1.w1200.jpg')).toBe(false);
  });

  it('lists the variants then the photo at its own width; nothing without variants', () => {
    expect(photoSrcSet('/images/products/1/1.webp', { width: 800, height: 600, widths: [320, 640] })).toBe(
      '/images/products/1/1.w320.webp 320w, /images/products/1/1.w640.webp 640w, /images/products/1/1.webp 800w',
    );
    expect(photoSrcSet('/images/products/1/1.webp', undefined)).toBeUndefined();
    expect(photoSrcSet('/images/products/1/1.webp', null)).toBeUndefined();
    expect(photoSrcSet('/images/products/1/1.webp', { width: 200, height: 200, widths: [] })).toBeUndefined();
  });
});

describe('the link-preview photo (decision 053)', () => {
  const card = '/images/products/7/1.webp';

  it('names the preview JPEG after its photo, as the WebP sizes are named', () => {
    expect(previewPath('/images/products/12/1.jpg')).toBe('/images/products/12/1.w1200.jpg');
    expect(previewPath('/images/products/demo/5-2.webp')).toBe('/images/products/demo/5-2.w1200.jpg');
    expect(previewPath('images/products/12/3.png')).toBe('images/products/12/3.w1200.jpg');
  });

  it('is 1200 px wide at most, never enlarged, in proportion', () => {
    expect(previewSize(2048, 1536)).toEqual({ width: 1200, height: 900 });
    expect(previewSize(1536, 2048)).toEqual({ width: 1200, height: 1600 });
    expect(previewSize(1200, 500)).toEqual({ width: 1200, height: 500 });
    expect(previewSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it("is the card photo's preview JPEG when the product has it", () => {
    expect(
      previewPhoto({
        image: card,
        image_variants: { [card]: { width: 1600, height: 1200, widths: [320, 640, 1280], preview: true } },
      }),
    ).toEqual({ url: '/images/products/7/1.w1200.jpg', width: 1200, height: 900, type: 'image/jpeg' });
    // A small photo's preview is its own size.
    expect(
      previewPhoto({
        image: card,
        image_variants: { [card]: { width: 500, height: 700, widths: [320], preview: true } },
      }),
    ).toEqual({ url: '/images/products/7/1.w1200.jpg', width: 500, height: 700, type: 'image/jpeg' });
  });

  it('is the card photo, not another photo: only the card photo has a preview', () => {
    const other = '/images/products/7/2.webp';
    expect(
      previewPhoto({
        image: card,
        image_variants: {
          [card]: { width: 1600, height: 1200, widths: [320, 640, 1280] },
          [other]: { width: 1600, height: 1200, widths: [320, 640, 1280], preview: true },
        },
      }),
    ).toBeUndefined();
  });

  it('falls back to a stored JPEG up to 1280 px wide, never a larger one or another format', () => {
    const jpeg = '/images/products/8/1.jpg';
    const sized = (width: number, height: number, path = jpeg) => ({
      image: path,
      image_variants: { [path]: { width, height, widths: widthsFor(width) } },
    });
    expect(previewPhoto(sized(1280, 960))).toEqual({
      url: jpeg,
      width: 1280,
      height: 960,
      type: 'image/jpeg',
    });
    expect(previewPhoto(sized(800, 600, '/images/products/8/1.JPEG'))).toMatchObject({ width: 800 });
    // Larger stored JPEGs (up to 2048 px, q85) are often over WhatsApp's 300 KB.
    expect(previewPhoto(sized(1600, 1200))).toBeUndefined();
    expect(previewPhoto(sized(800, 600, '/images/products/8/1.webp'))).toBeUndefined();
    expect(previewPhoto(sized(800, 600, '/images/products/8/1.png'))).toBeUndefined();
  });

  it('is undefined when nothing fit is known: no photo, no sizes yet, or a photo that cannot have them', () => {
    expect(previewPhoto({ image: null, image_variants: {} })).toBeUndefined();
    expect(previewPhoto({ image: '/images/products/8/1.jpg' })).toBeUndefined();
    expect(previewPhoto({ image: '/images/products/8/1.jpg', image_variants: null })).toBeUndefined();
    expect(
      previewPhoto({
        image: 'https://fotos.example.com/x.jpg',
        image_variants: { 'https://fotos.example.com/x.jpg': null },
      }),
    ).toBeUndefined();
  });

  it('keeps the preview mark through the schema (it would otherwise be stripped on reading)', () => {
    const entry = { width: 800, height: 600, widths: [320, 640], preview: true };
    expect(photoVariantsSchema.parse(entry)).toEqual(entry);
    expect(photoVariantsSchema.safeParse({ ...entry, preview: false }).success).toBe(false);
  });
});
