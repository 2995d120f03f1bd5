/**
 * `npm run bench -- images` (or `npx tsx scripts/bench/images.ts`): the bytes of images a phone
 * loads for /marketplace?university=ucab, with the photos' WebP sizes (decision 022) and as before
 * them — the same page, every size request answered with the original photo instead, so the same
 * images load and only their bytes differ. Bytes are exact (no median needed): one load each, in a
 * fresh browser context with an empty cache, on a 360×740 phone at 2× and at 1×, scrolled to the end
 * of the page so lazy images count too. It starts its own seeded local stack and never touches .data/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/browser';
import { startLocalStack } from '../local/stack';
import { buildWebIfStale } from '../local/web-build';

const PAGE = '/marketplace?university=ucab';
const VARIANT = /\.w\d+\.webp(\?|$)/;

interface Load {
  bytes: number;
  images: number;
  variants: number;
}

async function imageBytes(
  browser: Browser,
  baseUrl: string,
  opts: { scale: number; originals: boolean; scroll: boolean },
): Promise<Load> {
  const context = await browser.newContext({
    ...devices['Galaxy S8'],
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: opts.scale,
    baseURL: baseUrl,
  });
  await context.addInitScript(() => localStorage.setItem('selectedUniversity', 'ucab'));
  if (opts.originals) {
    // Before the sizes: whatever size the page asks for, the original photo comes back.
    await context.route(VARIANT, async (route) => {
      const original = route
        .request()
        .url()
        .replace(/\.w\d+\.webp/, '.webp');
      const res = await route.fetch({ url: original });
      await route.fulfill({ response: res });
    });
  }
  const load: Load = { bytes: 0, images: 0, variants: 0 };
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'image' || res.status() !== 200) return;
    pending.push(
      res.body().then(
        (body) => {
          load.bytes += body.length;
          load.images++;
          if (VARIANT.test(res.url())) load.variants++;
        },
        () => undefined,
      ),
    );
  });
  await page.goto(PAGE);
  // The cards come after the listing's API answer: wait for them, then for their photos.
  await page.locator('.product-grid article img').first().waitFor();
  await page.waitForLoadState('networkidle');
  if (opts.scroll) {
    // Down to the end, a screen at a time, so every lazy image comes near the screen once.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 700) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(60);
    }
  }
  // Until no image is still loading (lazy ones start as they come near the screen).
  await page.waitForFunction(() =>
    [...document.images].every((img) => img.loading === 'lazy' || img.complete),
  );
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await Promise.all(pending);
  await context.close();
  return load;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The demo photos are 800 px wide; a real upload is up to 1600 px (the browser's redraw, decision
 * 009). A stand-in with a photo's texture (blurred noise, WebP quality 80 as a browser encodes it):
 * its bytes against those of each size the server derives.
 */
async function uploadFigures(line: (label: string, value: string) => void) {
  const sharp = (await import('sharp')).default;
  const { createSharpPhotoResizer } = await import('../../functions/adapters/sharp/photo-resizer');
  const { widthsFor } = await import('#shared/photos');
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .blur(2.5)
    .webp({ quality: 80 })
    .toBuffer();
  const { variants } = await createSharpPhotoResizer().resize(photo, 'image/webp', widthsFor);
  line(
    'a 1600×1200 upload (photo-like stand-in): original / 1280 / 640 / 320',
    [photo.length, ...variants.map((v) => v.bytes.length).reverse()].map(kb).join(' / '),
  );
}

export async function imageFigures(line: (label: string, value: string) => void, baseUrl: string) {
  await uploadFigures(line);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    // The whole page, scrolled to its end: the same images load either way (the first screen alone
    // depends on when lazy images cross the browser's distance threshold, so it is not compared).
    for (const scale of [2, 1])
      for (const scroll of [true]) {
        const before = await imageBytes(browser, baseUrl, { scale, originals: true, scroll });
        const after = await imageBytes(browser, baseUrl, { scale, originals: false, scroll });
        const what = `${PAGE} images, 360 px @${scale}x, ${scroll ? 'whole page scrolled' : 'first screen'}`;
        line(`${what}: before`, `${kb(before.bytes)} in ${before.images} images`);
        line(
          `${what}: with sizes`,
          `${kb(after.bytes)} in ${after.images} images (${after.variants} sizes), ${(100 * (1 - after.bytes / before.bytes)).toFixed(0)} % less`,
        );
      }
  } finally {
    await browser.close();
  }
}

/** The part on its own: a seeded stack in a temporary data directory, stopped at the end. */
export async function runImageBench(line: (label: string, value: string) => void): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mercado-bench-images-'));
  await buildWebIfStale({ quiet: true });
  const stack = await startLocalStack({ dataDir, port: 0, seed: true, quiet: true });
  try {
    await imageFigures(line, stack.url);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL = 'silent';
  await runImageBench((label, value) => console.log(`${label.padEnd(72)} ${value}`));
  process.exit(0);
}
