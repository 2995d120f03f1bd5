import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { formatUsd } from '#shared/money';
import { RENDER_SWITCH_PATH } from '../../scripts/local/render';
import { WEB_DIST } from '../../scripts/local/web-build';
import { launchBrowser } from '../support/browser';
import {
  activeProducts,
  launchChromium,
  openSession,
  productPriceLine,
  type Session,
  setLocalSwitch,
} from './journey-support';

/**
 * Issue 11's installable app (decision 023) in Chromium against `npm start`'s stack: the manifest and
 * its icons, the worker and the manifest served uncached, Chromium's own installability check, and a
 * product seen once that reads again with the phone offline, with the 'Sin conexión' notice.
 */
const baseUrl = inject('baseUrl');
const UCAB = 'ucab';
const PRODUCT = activeProducts(UCAB)[0];

let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launchChromium();
  session = await openSession(browser, baseUrl, { universityId: UCAB });
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

const manifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
});

/** Width and height from a PNG's IHDR chunk (bytes 16–23), or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The worker controls the page once it activated and claimed it. */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
/** The registration's workers, for a failure message. */
const workerStates = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return JSON.stringify({
      controller: navigator.serviceWorker.controller?.state ?? null,
      active: registration?.active?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      installing: registration?.installing?.state ?? null,
    });
  });
const cached = (page: Page, path: string) =>
  page.evaluate(async (p) => (await caches.match(p)) !== undefined, path);

describe('installable app', () => {
  it('links a Spanish web app manifest whose icons are PNGs of the sizes it names', async () => {
    const page = session.page;
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const res = await fetch(`${baseUrl}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = manifestSchema.parse(await res.json());
    expect(manifest).toMatchObject({
      name: 'Mercado Universitario',
      lang: 'es-VE',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1e40af',
    });
    expect(manifest.description).toMatch(/^Compra y vende dentro de tu universidad/);
    const purposes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort();
    expect(purposes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await image.arrayBuffer())), icon.src).toEqual({ width: w, height: h });
    }
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await fetch(`${baseUrl}${apple}`)).headers.get('content-type')).toBe('image/png');
  });

  it('serves the worker and the manifest uncached, under the strict CSP', async () => {
    for (const [path, type] of [
      ['/sw.js', 'text/javascript'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain(type);
      // A cached worker would delay every fix by the cache's lifetime.
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("worker-src 'self'");
      expect(csp, path).toContain("manifest-src 'self'");
      expect(csp, path).toContain("script-src 'self';");
      expect(res.headers.get('service-worker-allowed'), path).toBeNull();
    }
  });

  it('is installable: Chromium reports no installability error once the worker runs', async () => {
    // A profile of its own: Chromium never offers to install from an incognito context (which is
    // what a plain browser context is).
    const own = await launchBrowser();
    try {
      const page = await own.context.newPage();
      await page.goto(`${baseUrl}/`);
      await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
      const cdp = await own.context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await cdp.detach();
    } finally {
      await own.close();
    }
  });
});

describe('offline', () => {
  it('reads a product seen once again offline, with the Sin conexión notice until back online', async () => {
    // A fresh phone: the worker installs on this very visit.
    const phone = await openSession(browser, baseUrl, { universityId: UCAB });
    try {
      const { page, context } = phone;
      const title = page.getByRole('heading', { name: PRODUCT.title, level: 1 });
      const notice = page.getByRole('status').filter({ hasText: 'Sin conexión' });
      await page.goto(`/product/${PRODUCT.id}`);
      await title.waitFor();
      expect(await notice.count()).toBe(0);

      // Installed after the page loaded; it takes control and keeps what the page loaded before:
      // the server's render of the page, which holds the product (the app read no API for it).
      await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => cached(page, `/product/${PRODUCT.id}`), { timeout: 20_000 }).toBe(true);

      await context.setOffline(true);
      await notice.waitFor();
      await page.reload();
      await title.waitFor();
      await notice.waitFor();
      // The rest of the product came from the cache too, not only the title.
      await productPriceLine(page).getByText(formatUsd(PRODUCT.price)).waitFor();

      // A screen never opened has nothing on the phone: it says so in Spanish, with a retry.
      await page.goto('/terms-and-conditions');
      await page.getByRole('heading', { name: 'Sin conexión', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Reintentar' }).waitFor();

      await context.setOffline(false);
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await page.getByRole('heading', { name: 'Términos y Condiciones', level: 1 }).waitFor();
      await notice.waitFor({ state: 'detached' });
      // Offline loads fail by design (the network is gone); nothing else may go wrong.
      phone.expectNoProblems([/net::ERR_INTERNET_DISCONNECTED/, /Failed to load resource/]);
    } finally {
      await phone.close();
    }
  });

  it('answers a page that needs the session with its own precached shell, online and offline, never the blank index.html (issue 38)', async () => {
    const phone = await openSession(browser, baseUrl, { universityId: UCAB });
    try {
      const { page, context } = phone;
      await page.goto('/');
      // Controlling: installed, so its precache (the shells among it) is complete.
      await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
      /** The document the worker answers a load of `path` with, before any script of it runs. */
      const load = async (path: string) => {
        const res = await page.goto(path, { waitUntil: 'commit' });
        expect(res?.fromServiceWorker(), path).toBe(true);
        return (await res?.text()) ?? '';
      };
      for (const [path, offline] of [
        ['/favoritos', false],
        ['/profile', true],
        ['/admin/users', true],
      ] as const) {
        await context.setOffline(offline);
        const html = await load(path);
        expect(html, path).not.toContain('<div id="root"></div>');
        // The bar (the admin area: its frame) and the spinner where the person's data will be.
        expect(html, path).toMatch(
          path.startsWith('/admin') ? /<div class="admin-shell">/ : /<header class="navbar">/,
        );
        expect(html, path).toContain('<span class="spinner spinner--lg" role="status">');
      }
      await context.setOffline(false);
      phone.expectNoProblems([/net::ERR_INTERNET_DISCONNECTED/, /Failed to load resource/]);
    } finally {
      await phone.context.setOffline(false);
      await phone.close();
    }
  });

  it('never keeps an answer to a request that carried a token', async () => {
    const page = session.page;
    await page.goto(`/product/${PRODUCT.id}`);
    await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
    // Both through the worker; listings are public, so the API answers both (it ignores the token).
    const statuses = await page.evaluate(async () => {
      const signedIn = await fetch('/api/products?limit=3', {
        headers: { authorization: 'Bearer anything' },
      });
      const anonymous = await fetch('/api/products?limit=4');
      return [signedIn.status, anonymous.status];
    });
    expect(statuses).toEqual([200, 200]);
    await expect.poll(() => cached(page, '/api/products?limit=4')).toBe(true);
    expect(await cached(page, '/api/products?limit=3')).toBe(false);
    session.expectNoProblems();
  });
});

describe('a throttled render', () => {
  it("shows the page kept on the phone, or the app's shell, never the throttle's error", async () => {
    const phone = await openSession(browser, baseUrl, { universityId: UCAB });
    try {
      const { page } = phone;
      const title = page.getByRole('heading', { name: PRODUCT.title, level: 1 });
      await page.goto(`/product/${PRODUCT.id}`);
      await title.waitFor();
      await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => cached(page, `/product/${PRODUCT.id}`), { timeout: 20_000 }).toBe(true);

      await setLocalSwitch(baseUrl, RENDER_SWITCH_PATH, { mode: 'throttle' });
      try {
        // What CloudFront passes on from a throttled function URL (no failover on a 429).
        const throttled = await fetch(`${baseUrl}/product/${PRODUCT.id}`);
        expect(throttled.status).toBe(429);
        expect(await throttled.text()).toContain('Rate Exceeded');

        // The worker takes it for no answer: the product as last seen on this phone.
        await page.reload();
        await title.waitFor();
        await productPriceLine(page).getByText(formatUsd(PRODUCT.price)).waitFor();
        expect(await page.content()).not.toContain('Rate Exceeded');

        // A page never seen here: the app's shell, and the app shows the screen from the API.
        await page.goto('/global-marketplace');
        await page.getByRole('heading', { name: 'Marketplace Global', level: 1 }).waitFor();
        await page.locator('.product-card').first().waitFor();
        expect(await page.content()).not.toContain('Rate Exceeded');
      } finally {
        await setLocalSwitch(baseUrl, RENDER_SWITCH_PATH, { mode: 'ok' });
      }
      phone.expectNoProblems([/status of 429/]);
    } finally {
      await phone.close();
    }
  });
});

describe('a new version', () => {
  it('is offered to an open page, which keeps running the old one until the person chooses Actualizar', {
    timeout: 90_000,
  }, async () => {
    const phone = await openSession(browser, baseUrl, { universityId: UCAB });
    // The stack serves web/dist as it is on disk: a changed /sw.js is a new deployment's worker.
    const worker = join(WEB_DIST, 'sw.js');
    const deployed = readFileSync(worker);
    try {
      const { page } = phone;
      // The requests still open (the page's and its worker's): what a failure below reports.
      const open = new Map<unknown, string>();
      phone.context.on('request', (r) =>
        open.set(r, `${r.url().replace(baseUrl, '')}${r.serviceWorker() ? ' (worker)' : ''}`),
      );
      phone.context.on('requestfinished', (r) => open.delete(r));
      phone.context.on('requestfailed', (r) => open.delete(r));
      await page.goto(`/product/${PRODUCT.id}`);
      await page.getByRole('heading', { name: PRODUCT.title, level: 1 }).waitFor();
      await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
      // A mark that lives as long as this very document: a reload or a swap under it would lose it.
      await page.evaluate(() => {
        (window as unknown as { openedBefore: boolean }).openedBefore = true;
      });
      const sameDocument = () =>
        page.evaluate(() => (window as unknown as { openedBefore?: boolean }).openedBefore === true);

      writeFileSync(worker, Buffer.concat([deployed, Buffer.from('\n// the next version\n')]));
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const offer = page.getByRole('status').filter({ hasText: 'Hay una nueva versión disponible' });
      await offer.waitFor();
      // The new worker waits; the open page is untouched and keeps working.
      expect(await sameDocument()).toBe(true);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
      ).toBe('installed');
      await page
        .getByRole('navigation', { name: 'Ruta de navegación' })
        .getByRole('link', { name: 'Marketplace' })
        .click();
      await page.getByRole('heading', { name: 'Marketplace de UCAB', level: 1 }).waitFor();
      expect(await sameDocument()).toBe(true);

      // The marketplace's answers in before the choice: the old worker hands over once its fetches are done.
      await page
        .getByRole('heading', { name: /Libros/ })
        .first()
        .waitFor();
      await offer.getByRole('button', { name: 'Actualizar' }).click();
      // Chromium activates the chosen worker only once the old one has no work in flight (the
      // first install re-reads every file the page loaded through it, which a loaded CI machine
      // may still be doing), so the reload may take a while: wait long, and say where it stood.
      await expect
        .poll(sameDocument, { timeout: 40_000 })
        .toBe(false)
        .catch(async (error: Error) => {
          throw new Error(
            `no reload after 'Actualizar' (${error.message}); workers: ${await workerStates(page)}; open requests: ${[...open.values()].join(', ') || 'none'}`,
          );
        });
      await page.getByRole('heading', { name: 'Marketplace de UCAB', level: 1 }).waitFor();
      expect(await offer.count()).toBe(0);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
      ).toBeNull();
      phone.expectNoProblems();
    } finally {
      writeFileSync(worker, deployed);
      await phone.close();
    }
  });
});
