import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_STUDENT } from '../../scripts/local/demo-users';
import { codeIn, mailTo } from '../support/mailbox';
import { cards, launchChromium, openSession, search, type Session } from './journey-support';

/**
 * Issue 4's journey in Chromium on a phone: the demo student verifies their institutional e-mail,
 * publishes a product with two photos (each with its progress bar, on a slowed-down connection),
 * finds it in the marketplace and in search within seconds, marks it sold and sees it disappear,
 * then publishes another and deletes it. The tests run in order and share the student.
 */
const baseUrl = inject('baseUrl');
const sesEndpoint = inject('sesEndpoint');
const tag = randomBytes(3).toString('hex');
const TITLE = `Guitarra acústica Yamaha ${tag}`;
const OTHER = `Lámpara de escritorio ${tag}`;

let browser: Browser;
let session: Session;
let page: Page;
let productId = 0;

const toast = (text: string | RegExp) => page.getByText(text).first();
const type = (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);

/** A photo as a phone takes it: large and detailed (noise does not compress, so uploads take time). */
async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919 + seed * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function fillListing(title: string): Promise<void> {
  await page.goto('/new-product');
  await page.getByRole('heading', { name: 'Publicar Producto' }).waitFor();
  await type('Título', title);
  await type('Descripción (opcional)', 'En muy buen estado, con forro. Entrego en la biblioteca central.');
  await type('Precio (USD)', '85.50');
  await type('Número de WhatsApp', '04141234567');
  await page.getByLabel('Categoría').selectOption('musica');
}

async function checkAndPublish(): Promise<void> {
  await page.getByRole('button', { name: 'Verificar contenido con IA' }).click();
  await page.getByRole('status').getByText('Contenido verificado correctamente').first().waitFor();
  await page.getByRole('button', { name: 'Publicar Producto' }).click();
  await toast('¡Producto publicado con éxito!').waitFor();
  await page.waitForURL(`${baseUrl}/`);
}

/** The search answers from the index, fed by the table's stream: search again as a person would. */
async function searchFinds(text: string, expected: boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto('/marketplace');
    await search(page, text);
    const results = page.locator('section', {
      has: page.getByRole('heading', { name: `Resultados para "${text}"` }),
    });
    const found = (await results.getByRole('heading', { name: TITLE, level: 3 }).count()) > 0;
    if (found === expected) return;
    if (Date.now() > deadline) throw new Error(`search for '${text}' still ${found ? 'finds' : 'misses'} it`);
    await page.waitForTimeout(500);
  }
}

/** The marketplace's 'Música' section (recently viewed products are listed apart). */
const musicSection = () => page.locator('section', { has: page.locator('#section-musica') });

beforeAll(async () => {
  browser = await launchChromium();
  session = await openSession(browser, baseUrl, { universityId: 'ucab' });
  page = session.page;
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

describe('a verified student publishes', () => {
  it('signs in and verifies the institutional e-mail', async () => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(DEMO_STUDENT.email);
    await page.getByLabel('Contraseña').fill(DEMO_STUDENT.password);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await toast('¡Inicio de sesión exitoso!').waitFor();

    // Unverified, the form sends the student to the profile's 'Correo Institucional' tab.
    await page.goto('/new-product');
    await page.getByRole('link', { name: 'Verificar mi correo institucional' }).click();
    await page.getByLabel('Universidad').selectOption('ucab');
    await type('Correo institucional', DEMO_STUDENT.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await toast('Código de verificación enviado a tu correo institucional...').waitFor();
    const code = codeIn((await mailTo(sesEndpoint, DEMO_STUDENT.email)).at(-1));
    expect(code).toMatch(/^\d{6}$/);
    for (let i = 0; i < 6; i += 1) await page.getByLabel(`Dígito ${i + 1}`).fill(code?.[i] ?? '');
    await page.getByText('Verificado', { exact: true }).waitFor();
  });

  it('publishes a product with two photos, each with its progress bar', async () => {
    await fillListing(TITLE);
    const tags = page.getByLabel('Etiquetas');
    await tags.fill('Yamaha');
    await tags.press('Enter');
    await page.getByRole('button', { name: '+ guitarra' }).click();

    // A slow phone connection: the progress bars are there to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 80,
      downloadThroughput: 2_000_000,
      uploadThroughput: 300_000,
    });
    const [one, two] = [await phonePhoto(1), await phonePhoto(2)];
    await page.getByLabel(/^Imágenes/).setInputFiles([
      { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: one },
      { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: two },
    ]);
    await page.getByRole('progressbar', { name: 'Subiendo foto 1' }).waitFor();
    await page.getByRole('progressbar', { name: 'Subiendo foto 2' }).waitFor();
    await toast('2 imagen(es) subida(s) exitosamente').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Quitar foto 2' }).waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const published = page.waitForResponse(
      (r) => r.url().endsWith('/api/products') && r.request().method() === 'POST',
    );
    await checkAndPublish();
    const body = (await (await published).json()) as { id: number; images: string[] };
    productId = body.id;
    expect(body.images).toEqual([
      `/images/products/${productId}/1.webp`,
      `/images/products/${productId}/2.webp`,
    ]);
  });

  it('finds it in the marketplace at once and in search within seconds, with its photos', async () => {
    await page.goto('/marketplace');
    await musicSection().getByRole('heading', { name: TITLE, level: 3 }).waitFor();
    await searchFinds(tag, true);

    await page.goto(`/product/${productId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const photo = page.locator(`img[src="/images/products/${productId}/1.webp"]`).first();
    await photo.waitFor();
    // The browser shrank it before the upload: the stored original's long side is 1600 px.
    const original = await page.evaluate(async (src) => {
      const bitmap = await createImageBitmap(await (await fetch(src)).blob());
      return [bitmap.width, bitmap.height];
    }, `/images/products/${productId}/1.webp`);
    expect(original).toEqual([1600, 1200]);
    // The page shows one of its smaller WebP sizes (decision 022), same shape.
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeTruthy();
    const [width, height, current] = await photo.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
      img.currentSrc,
    ]);
    expect(Number(width)).toBeLessThan(1600);
    expect(Number(width) / Number(height)).toBeCloseTo(4 / 3, 1);
    expect(new URL(String(current)).pathname).not.toBe(`/images/products/${productId}/1.webp`);
  });

  it("marks it 'Reservado' from Mis Productos: it stays in search with the badge, on its page too, and comes back", async () => {
    await page.goto('/my-products');
    await page.getByRole('button', { name: `Acciones de ${TITLE}` }).click();
    await page.getByRole('button', { name: 'Marcar como reservado' }).click();
    await toast('Producto marcado como reservado').waitFor();
    const row = page.getByRole('listitem').filter({ hasText: TITLE });
    await row.getByText('Reservado', { exact: true }).waitFor();

    // The index follows through the stream: the card in the results carries the badge.
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto('/marketplace');
      await search(page, tag);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: TITLE, level: 3 }) });
      await card.first().waitFor();
      if ((await card.getByText('Reservado', { exact: true }).count()) > 0) break;
      if (Date.now() > deadline) throw new Error('the search result never showed Reservado');
      await page.waitForTimeout(500);
    }
    await page.goto(`/product/${productId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText('Reservado', { exact: true }).waitFor();

    // And available again.
    await page.goto('/my-products');
    await page.getByRole('button', { name: `Acciones de ${TITLE}` }).click();
    await page.getByRole('button', { name: 'Marcar como disponible' }).click();
    await toast('Producto disponible de nuevo').waitFor();
    await row.getByText('Activo', { exact: true }).waitFor();
  });

  it('marks it sold from Mis Productos, and it disappears from the marketplace and search', async () => {
    await page.goto('/my-products');
    await page.getByRole('button', { name: `Acciones de ${TITLE}` }).click();
    await page.getByRole('button', { name: 'Marcar como vendido' }).click();
    await toast('Producto marcado como vendido').waitFor();
    const row = page.getByRole('listitem').filter({ hasText: TITLE });
    await row.getByText('Vendido', { exact: true }).waitFor();

    // The marketplace's sections come from the search index, which follows the table through the
    // stream: the page, rendered by the server at each load, shows the sale once the index has it.
    await expect
      .poll(
        async () => {
          await page.goto('/marketplace');
          await cards(musicSection()).first().waitFor();
          return musicSection().getByRole('heading', { name: TITLE, level: 3 }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    await searchFinds(tag, false);
  });

  it('publishes another product and deletes it after confirming', async () => {
    await fillListing(OTHER);
    await page.getByLabel('Categoría').selectOption('muebles');
    await checkAndPublish();
    await page.goto('/my-products');
    await page.getByRole('button', { name: `Acciones de ${OTHER}` }).click();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Esta acción no se puede deshacer/).waitFor();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await toast('Producto eliminado correctamente').waitFor();
    await page.getByRole('link', { name: OTHER }).waitFor({ state: 'detached' });
    session.expectNoProblems();
  });
});
