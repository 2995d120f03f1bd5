import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { launchBrowser, type TestBrowser } from '../support/browser';

/** The stack `npm start` runs, seen from outside: one origin, secure headers, a page that loads clean. */
const baseUrl = inject('baseUrl');
let browser: TestBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('local stack smoke', () => {
  it('serves the SPA at / with the security headers', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toMatch(/<script[^>]+type="module"[^>]+src="\/assets\/[^"]+\.js"/);
  });

  it('answers /api/health with 200 once every part is ready', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeTruthy();
  });

  it('lists the seeded demo products and serves their images from the local bucket', async () => {
    const res = await fetch(`${baseUrl}/api/products?limit=1`);
    expect(res.status).toBe(200);
    const page = z
      .object({ items: z.array(z.object({ image: z.string().nullable() })), total: z.number() })
      .parse(await res.json());
    // A populated marketplace (the demo data seeds 150+ listings, some of them not active).
    expect(page.total).toBeGreaterThanOrEqual(100);
    const image = page.items[0]?.image;
    expect(image).toMatch(/^\/images\//);
    const img = await fetch(`${baseUrl}${image}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\//);
    expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('loads / in Chromium without console errors or failed requests', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) =>
      problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`),
    );
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('#root').innerHTML()).not.toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });
});
