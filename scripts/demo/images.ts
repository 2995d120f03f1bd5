import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Category } from '#shared/enums';
import type { DemoUniversity } from './data';

/**
 * Demo images drawn locally (no network): an 800×600 WebP per product — a gradient in the
 * category's colours, a simple pictogram of the category and the title — and an SVG logo per
 * university. librsvg (inside sharp) renders the SVG with the system's DejaVu/Liberation fonts.
 */

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 600;

const PALETTE: Record<Category, [string, string]> = {
  tickets: ['#ff7a59', '#c2185b'],
  ropa: ['#f6a5c0', '#8e44ad'],
  libros: ['#4f9dde', '#1b4f8a'],
  electronica: ['#36d1dc', '#3b5bdb'],
  comida: ['#ffb347', '#e8590c'],
  musica: ['#b06ab3', '#4568dc'],
  transporte: ['#56ab2f', '#1e6b52'],
  muebles: ['#c79a6b', '#7a4e2d'],
  servicios: ['#20c997', '#0b7285'],
  otros: ['#adb5bd', '#495057'],
  'instrumentos-musicales': ['#e0a96d', '#7b3f00'],
  deportes: ['#f7b733', '#fc4a1a'],
  hogar: ['#a1c4fd', '#5f72bd'],
};

/** Pictograms drawn in a 200×200 box with white strokes. */
const PICTOGRAM: Record<Category, string> = {
  tickets:
    '<path d="M20 55h160v30a15 15 0 0 0 0 30v30H20v-30a15 15 0 0 0 0-30z"/><path d="M130 60v80" stroke-dasharray="8 8"/><path d="M75 80l8 16 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z"/>',
  ropa: '<path d="M70 30l-50 30 20 35 20-10v85h80V85l20 10 20-35-50-30c-5 15-15 22-30 22s-25-7-30-22z"/>',
  libros:
    '<path d="M100 50c-20-14-50-18-80-14v120c30-4 60 0 80 14 20-14 50-18 80-14V36c-30-4-60 0-80 14z"/><path d="M100 50v120"/>',
  electronica:
    '<rect x="40" y="40" width="120" height="85" rx="8"/><path d="M20 150h160l-12 20H32z"/><path d="M90 160h20"/>',
  comida:
    '<path d="M25 95h150c0 45-35 70-75 70s-75-25-75-70z"/><path d="M70 75c-10-15 10-25 0-40M100 75c-10-15 10-25 0-40M130 75c-10-15 10-25 0-40"/>',
  musica:
    '<path d="M75 150V45l90-20v105"/><circle cx="55" cy="150" r="20"/><circle cx="145" cy="130" r="20"/><path d="M75 70l90-20"/>',
  transporte:
    '<circle cx="50" cy="130" r="32"/><circle cx="150" cy="130" r="32"/><path d="M50 130l30-55h55l15 55M80 75l20 55h-50M120 55h25"/>',
  muebles: '<path d="M55 20h90v80H55zM40 100h120v25H40zM55 125v55M145 125v55M55 160h90"/>',
  servicios:
    '<path d="M100 30a45 45 0 0 0-25 82v23h50v-23a45 45 0 0 0-25-82z"/><path d="M80 155h40M85 175h30M100 90v45"/>',
  otros: '<path d="M100 25l70 35v80l-70 35-70-35V60z"/><path d="M30 60l70 35 70-35M100 95v80"/>',
  'instrumentos-musicales':
    '<ellipse cx="80" cy="135" rx="45" ry="40"/><circle cx="80" cy="135" r="12"/><path d="M105 105l60-70M150 25l25 25"/>',
  deportes:
    '<circle cx="100" cy="100" r="75"/><path d="M100 25c-30 25-30 125 0 150M100 25c30 25 30 125 0 150M25 100h150"/>',
  hogar: '<path d="M25 100l75-65 75 65"/><path d="M45 85v85h110V85"/><path d="M85 170v-50h30v50"/>',
};

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** Greedy word wrap into at most `maxLines` lines; the last one ends in '…' when cut. */
export function wrapTitle(title: string, maxChars = 26, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = '';
  const words = title.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const candidate = line ? `${line} ${words[i]}` : words[i];
    if (candidate.length <= maxChars || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = words[i];
    if (lines.length === maxLines) return [...lines.slice(0, -1), `${lines[maxLines - 1]}…`];
  }
  if (line) lines.push(line);
  return lines;
}

/** The product image as SVG (variant 2 mirrors the gradient and moves the pictogram). */
export function productImageSvg(opts: ProductImageSpec): string {
  const [from, to] = PALETTE[opts.category];
  const alt = (opts.variant ?? 1) > 1;
  const lines = wrapTitle(opts.title);
  const fontSize = lines.some((l) => l.length > 20) ? 44 : 52;
  const lineHeight = fontSize * 1.2;
  const textTop = 600 - 60 - (lines.length - 1) * lineHeight;
  const text = lines
    .map(
      (l, i) =>
        `<text x="60" y="${textTop + i * lineHeight}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 800 600">
<defs><linearGradient id="g" x1="${alt ? 1 : 0}" y1="0" x2="${alt ? 0 : 1}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>
<circle cx="${alt ? 160 : 640}" cy="150" r="190" fill="#ffffff" fill-opacity="0.12"/>
<g transform="translate(${alt ? 70 : 520} 40) scale(1.1)" fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round">${PICTOGRAM[opts.category]}</g>
<rect x="0" y="${textTop - fontSize - 30}" width="800" height="${600 - textTop + fontSize + 30}" fill="#000000" fill-opacity="0.18"/>
${text}
</svg>`;
}

const WEBP_OPTIONS = { quality: 72, effort: 2, smartSubsample: true } as const;

export interface ProductImageSpec {
  title: string;
  category: Category;
  variant?: number;
}

/** Renders the product image as a small WebP (flat colours and a gradient compress well). */
export async function renderProductImage(opts: ProductImageSpec): Promise<Buffer> {
  return sharp(Buffer.from(productImageSvg(opts)))
    .webp(WEBP_OPTIONS)
    .toBuffer();
}

/**
 * Drawing ~200 images takes seconds on an idle machine and a minute on a busy one, and every fresh
 * local stack (each end-to-end run) draws the same ones: keep them in a disk cache keyed by the SVG,
 * the encoder settings and sharp's version. Same-title listings share one drawing in-process too.
 */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/demo-images', import.meta.url));
const inFlight = new Map<string, Promise<Buffer>>();

export function renderProductImageCached(opts: ProductImageSpec): Promise<Buffer> {
  const svg = productImageSvg(opts);
  const hash = createHash('sha256')
    .update(`${sharp.versions.sharp}|${JSON.stringify(WEBP_OPTIONS)}|${svg}`)
    .digest('hex')
    .slice(0, 32);
  const pending = inFlight.get(hash);
  if (pending) return pending;
  const file = join(CACHE_DIR, `${hash}.webp`);
  const work = (async () => {
    try {
      return readFileSync(file);
    } catch {
      const webp = await sharp(Buffer.from(svg)).webp(WEBP_OPTIONS).toBuffer();
      try {
        mkdirSync(CACHE_DIR, { recursive: true });
        writeFileSync(file, webp);
      } catch {
        // A read-only checkout only loses the cache.
      }
      return webp;
    }
  })();
  inFlight.set(hash, work);
  // Keep memory bounded: the disk cache serves later calls.
  work.then(
    () => inFlight.delete(hash),
    () => inFlight.delete(hash),
  );
  return work;
}

/** A university logo as a small WebP, drawn from universityLogoSvg (lossless: flat colours and text). */
export function renderUniversityLogo(u: Pick<DemoUniversity, 'id' | 'name' | 'colors'>): Promise<Buffer> {
  return sharp(Buffer.from(universityLogoSvg(u)))
    .webp({ lossless: true, effort: 2 })
    .toBuffer();
}

/** A university logo as SVG: a shield in the university's colours with its initials. */
export function universityLogoSvg(u: Pick<DemoUniversity, 'id' | 'name' | 'colors'>): string {
  const initials = escapeXml(u.id.toUpperCase().slice(0, 6));
  // Bold capitals are ~0.72 em wide: fit the initials inside the shield (~120 px).
  const size = Math.round(Math.min(56, 120 / (initials.length * 0.72)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(u.name)}">
<rect width="256" height="256" rx="48" fill="${u.colors.primary}"/>
<path d="M128 36l72 26v58c0 48-30 82-72 100-42-18-72-52-72-100V62z" fill="none" stroke="${u.colors.secondary}" stroke-width="10" stroke-linejoin="round"/>
<text x="128" y="${140 + size / 3}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${size}" fill="${u.colors.secondary}">${initials}</text>
</svg>`;
}
