// What publishing's photo work costs (decisions 009 and 022): five 1600×1200 uploads (the browser's
// redraw) decoded, re-encoded as stored and drawn into their WebP sizes, as `drawUploads` does
// before a product is written. Bucket reads are in memory: only the photo work is timed, by the
// wall clock and by the process's CPU time (sharp's threads included; steadier on a busy machine).
// Run: npx tsx scripts/bench/publish-photos.ts [rounds]
import { createSharpPhotoResizer } from '../../functions/adapters/sharp/photo-resizer';
import type { ImageStore } from '../../functions/ports/images';
import type { PhotoType } from '../../functions/ports/photo-variants';
import { drawUploads } from '../../functions/services/publishing/photo-variants';
import { grainyPhoto } from './photo-stand-in';
import { median } from './stats';

const ROUNDS = Number(process.argv[2] ?? 9);

/** A photo-like stand-in (blurred noise), encoded as a browser's canvas would. */
const upload = (seed: number, type: PhotoType) => {
  const pixels = grainyPhoto(seed, 2.5);
  return type === 'image/webp' ? pixels.webp({ quality: 82 }).toBuffer() : pixels.jpeg({ quality: 85 }).toBuffer();
};

for (const type of ['image/webp', 'image/jpeg'] as const) {
  const bytes = await Promise.all([1, 2, 3, 4, 5].map((seed) => upload(seed, type)));
  const uploads = bytes.map((_, i) => ({ key: `uploads/bench/${i}`, type }));
  const images = { readStart: async (key: string) => bytes[Number(key.split('/').pop())] } as unknown as ImageStore;
  const deps = { images, photoResizer: createSharpPhotoResizer() };
  await drawUploads(deps, uploads, 5 * 1024 * 1024); // warm-up: sharp loaded, caches filled
  const times: number[] = [];
  const cpu: number[] = [];
  let stored = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const drawn = await drawUploads(deps, uploads, 5 * 1024 * 1024);
    const used = process.cpuUsage(cpuStart);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    stored = drawn.reduce((sum, d) => sum + d.photo.length, 0);
  }
  const uploaded = bytes.reduce((sum, b) => sum + b.length, 0);
  console.log(
    `${type}: 5 photos 1600×1200, median ${median(times).toFixed(0)} ms (CPU ${median(cpu).toFixed(0)} ms) over ${ROUNDS} rounds; ` +
      `uploaded ${(uploaded / 1024).toFixed(0)} KB, stored ${(stored / 1024).toFixed(0)} KB; ` +
      `peak RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
  );
}
