import sharp, { type Sharp } from 'sharp';

/**
 * A phone photo stand-in for the photo benches: 1600×1200 gaussian grain (sigma 40), softened by a
 * blur of `blur` (null: none, the hardest to compress); `seed` varies its colour. Encode it as needed.
 */
export function grainyPhoto(seed: number, blur: number | null): Sharp {
  const image = sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 30 * seed, g: 120, b: 90 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  });
  return blur ? image.blur(blur) : image;
}
