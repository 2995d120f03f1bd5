import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openSession, type Session } from './journey-support';

/**
 * Responsive photos on the local stack (decision 022): the seeded cards and the product page carry
 * srcset/sizes whose every candidate is served as WebP with the photos' caching, the first row loads
 * at once and the rest lazily, and a phone loads a small size instead of the original.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launchChromium();
  // A low-end phone as the audience has it: 360 px wide, twice the pixels.
  session = await openSession(browser, baseUrl, { universityId: 'ucab', deviceScaleFactor: 2 });
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

interface ImgMarkup {
  src: string;
  srcset: string | null;
  sizes: string | null;
  loading: string | null;
  fetchpriority: string | null;
  width: string | null;
  height: string | null;
  currentSrc: string;
}

const markup = (page: Page, selector: string) =>
  page.$$eval(selector, (imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute('src') ?? '',
      srcset: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
      loading: img.getAttribute('loading'),
      fetchpriority: img.getAttribute('fetchpriority'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      currentSrc: img.currentSrc,
    })),
  ) as Promise<ImgMarkup[]>;

const candidates = (srcset: string) => srcset.split(', ').map((c) => c.split(' ')[0]);

/** Every candidate answers 200 as WebP (the variants) or as the photo itself, with the same caching. */
async function expectServed(srcset: string) {
  const urls = candidates(srcset);
  const original = await fetch(`${baseUrl}${urls.at(-1)}`);
  expect(original.status).toBe(200);
  for (const url of urls.slice(0, -1)) {
    expect(url).toMatch(/\.w\d+\.webp$/);
    const res = await fetch(`${baseUrl}${url}`);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type'), url).toBe('image/webp');
    expect(res.headers.get('cache-control'), url).toBe(original.headers.get('cache-control'));
    expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(100);
  }
}

describe('responsive photos', () => {
  it("gives the marketplace's cards WebP sizes through srcset: the first row at once, the rest lazily, nothing shifting", async () => {
    const { page } = session;
    await page.goto('/marketplace?university=ucab');
    // Every section, not only the first (the page's whole listing is in).
    await page.waitForFunction(() => document.querySelectorAll('#main .product-grid').length > 1);
    // The page's first grid loads its first row at once; everything else lazily.
    const loading = await page.$$eval('.product-grid', (grids) =>
      grids.map((grid) =>
        [...grid.querySelectorAll('article img')].map((img) => img.getAttribute('loading')),
      ),
    );
    for (const [g, grid] of loading.entries())
      for (const [i, value] of grid.entries())
        expect(value, `grid ${g + 1}, card ${i + 1}`).toBe(g === 0 && i < 4 ? 'eager' : 'lazy');
    const imgs = await markup(page, '.product-grid article img');
    expect(imgs.length).toBeGreaterThan(4);
    for (const img of imgs) {
      expect(img.srcset, img.src).toMatch(/\.w320\.webp 320w, .+\.w640\.webp 640w, .+ 800w$/);
      expect(img.sizes).toContain('50vw');
      // The photos' own size: the browser reserves the box before the bytes arrive.
      expect([img.width, img.height]).toEqual(['800', '600']);
    }
    await expectServed(imgs[0].srcset ?? '');
    // Half of a 360-px screen at 2× is 360 pixels: the 640 size, never the original.
    await page.waitForFunction(
      () => (document.querySelector('.product-grid article img') as HTMLImageElement)?.complete,
    );
    const [first] = await markup(page, '.product-grid article img');
    expect(first.currentSrc).toMatch(/\.w640\.webp$/);
    session.expectNoProblems();
  });

  it("loads the product page's first photo first, from its sizes", async () => {
    const { page } = session;
    await page.goto('/marketplace?university=ucab');
    await page.getByRole('article').first().getByRole('link').click();
    await page.locator('.gallery__main img').waitFor();
    const [main] = await markup(page, '.gallery__main img');
    expect(main.fetchpriority).toBe('high');
    expect(main.loading).toBeNull();
    expect(main.sizes).toContain('100vw');
    await expectServed(main.srcset ?? '');
    session.expectNoProblems();
  });
});
