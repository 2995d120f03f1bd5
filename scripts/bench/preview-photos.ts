// The link-preview JPEG (decision 053) of the demo catalogue's card photos and of grainy phone-photo
// stand-ins: its bytes against the 280 KB ceiling, the quality the stepping ended at, and the time of
// the resize pass with and without it (what publishing's first photo costs more).
// Run: npx tsx scripts/bench/preview-photos.ts
import sharp from 'sharp';
import { PREVIEW_MAX_BYTES, previewSize } from '#shared/photo-urls';
import { widthsFor } from '#shared/photos';
import {
  createSharpPhotoResizer,
  PHOTO_MAX_SIDE,
  PREVIEW_JPEG,
} from '../../functions/adapters/sharp/photo-resizer';
import { generateDemoExport } from '../demo/data';
import { renderProductImageCached } from '../demo/images';
import { median } from './stats';
import { grainyPhoto } from './photo-stand-in';

const resizer = createSharpPhotoResizer();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The quality the stepping stopped at: the pixels decoded as the resizer decodes them (upright,
 * 2048 px at most, sRGB), brought to the preview's size, then the first quality of the ladder
 * whose file is as long as the preview.
 */
async function qualityOf(photo: Buffer, preview: Buffer): Promise<number | undefined> {
  const decoded = await sharp(photo)
    .rotate()
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const size = previewSize(decoded.info.width, decoded.info.height);
  const raw = { raw: decoded.info };
  const pixels =
    size.width === decoded.info.width
      ? decoded
      : await sharp(decoded.data, raw)
          .resize({ ...size, fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true });
  for (const quality of PREVIEW_JPEG.qualities) {
    const jpeg = await sharp(pixels.data, { raw: pixels.info })
      .jpeg({ ...PREVIEW_JPEG.options, quality })
      .toBuffer();
    if (jpeg.length === preview.length) return quality;
  }
  return undefined;
}

async function report(label: string, photos: { bytes: Buffer; type: 'image/webp' | 'image/jpeg' }[]) {
  const sizes: number[] = [];
  const qualities = new Map<number | undefined, number>();
  const withPreview: number[] = [];
  const without: number[] = [];
  for (const { bytes, type } of photos) {
    let started = performance.now();
    await resizer.resize(bytes, type, widthsFor);
    without.push(performance.now() - started);
    started = performance.now();
    const drawn = await resizer.resize(bytes, type, widthsFor, { preview: true });
    withPreview.push(performance.now() - started);
    if (!drawn.preview) throw new Error(`${label}: no preview under ${kb(PREVIEW_MAX_BYTES)}`);
    sizes.push(drawn.preview.length);
    const quality = await qualityOf(bytes, drawn.preview);
    qualities.set(quality, (qualities.get(quality) ?? 0) + 1);
  }
  sizes.sort((a, b) => a - b);
  const { width, height } = await sharp(photos[0].bytes).metadata();
  console.log(
    `${label} (${photos.length} photos, ${width}×${height} → ${Object.values(previewSize(width ?? 0, height ?? 0)).join('×')}): ` +
      `preview min ${kb(sizes[0])}, median ${kb(median(sizes))}, max ${kb(sizes[sizes.length - 1])}; ` +
      `quality ${[...qualities].map(([q, n]) => `${q ?? '?'}×${n}`).join(', ')}; ` +
      `resize pass median ${median(without).toFixed(0)} ms without, ${median(withPreview).toFixed(0)} ms with`,
  );
}

const demo = generateDemoExport();
const cards = demo.products.map((p) =>
  renderProductImageCached({ title: p.title, category: p.category, variant: 1 }),
);
await resizer.resize(await cards[0], 'image/webp', widthsFor, { preview: true }); // sharp loaded, caches warm
await report(
  'demo card photos',
  (await Promise.all(cards)).map((bytes) => ({ bytes, type: 'image/webp' as const })),
);

/** A phone photo stand-in (photo-stand-in.ts), as a JPEG q85. */
const grainy = (seed: number, blur: number | null) =>
  grainyPhoto(seed, blur).jpeg({ quality: 85 }).toBuffer();
for (const blur of [2.5, 0.6, null]) {
  const photos = await Promise.all([1, 2, 3, 4, 5].map((seed) => grainy(seed, blur)));
  await report(
    `1600×1200 grain ${blur ? `blurred ${blur}` : 'unblurred'}`,
    photos.map((bytes) => ({ bytes, type: 'image/jpeg' as const })),
  );
}
