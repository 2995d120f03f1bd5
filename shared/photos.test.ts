import { describe, expect, it } from 'vitest';
import { isOwnPhotoPath, photoSrcSet, variantPath, widthsFor } from './photos';

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
