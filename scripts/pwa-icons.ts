/**
 * Draws the installable app's icons (web/public/icons/*.png) from the favicon's artwork, so the home
 * screen shows the same mark as the tab. The PNGs are committed (the build does not need sharp); run
 * `npx tsx scripts/pwa-icons.ts` again after changing web/public/favicon.svg.
 *
 * - icon-<n>.png: the favicon as it is (rounded square on transparent corners), purpose "any".
 * - icon-maskable-512.png: full-bleed background, the mark inside the central 80 % safe zone, so a
 *   launcher's circle, squircle or teardrop mask never cuts it (purpose "maskable").
 * - apple-touch-icon.png: full-bleed 180×180; iOS rounds the corners itself and ignores transparency.
 * - badge-96.png: the mark alone, white on transparent, enlarged: the small monochrome badge Android
 *   shows for a push notification (issue 41; only its alpha channel counts).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FAVICON = join(ROOT, 'web', 'public', 'favicon.svg');
export const ICONS_DIR = join(ROOT, 'web', 'public', 'icons');

/** The favicon's mark without its rounded background (every element after the first <rect>). */
function markOf(svg: string): { background: string; mark: string } {
  const rect = svg.match(/<rect\b[^>]*\bfill="([^"]+)"[^>]*\/>/);
  if (!rect) throw new Error('favicon.svg: expected a background <rect fill="…"/> first');
  const body = svg.slice(svg.indexOf(rect[0]) + rect[0].length, svg.lastIndexOf('</svg>'));
  return { background: rect[1], mark: body };
}

/** A square, full-bleed version: the background fills the canvas, the mark scaled about the centre. */
function fullBleed(svg: string, markScale: number): string {
  const { background, mark } = markOf(svg);
  const offset = 32 * (1 - markScale);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" fill="${background}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${markScale})">${mark}</g></svg>`
  );
}

/** The mark alone in white on a transparent canvas, scaled about the centre. */
function monochromeMark(svg: string, markScale: number): string {
  const { mark } = markOf(svg);
  const offset = 32 * (1 - markScale);
  const white = mark.replace(/\b(fill|stroke)="(?!none")[^"]+"/g, '$1="#fff"');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<g transform="translate(${offset} ${offset}) scale(${markScale})">${white}</g></svg>`
  );
}

export async function drawIcons(outDir = ICONS_DIR): Promise<string[]> {
  const svg = readFileSync(FAVICON, 'utf8');
  mkdirSync(outDir, { recursive: true });
  const render = (source: string, size: number, name: string) =>
    sharp(Buffer.from(source), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toFile(join(outDir, name))
      .then(() => name);
  return Promise.all([
    render(svg, 192, 'icon-192.png'),
    render(svg, 512, 'icon-512.png'),
    // The mark spans 36 of 64 units; at 0.8 it stays well inside the 40 % radius safe circle.
    render(fullBleed(svg, 0.8), 512, 'icon-maskable-512.png'),
    render(fullBleed(svg, 0.9), 180, 'apple-touch-icon.png'),
    render(monochromeMark(svg, 1.5), 96, 'badge-96.png'),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  drawIcons().then((names) => process.stdout.write(`wrote ${names.join(', ')} to ${ICONS_DIR}\n`));
}
