import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { SAFETY_TIPS } from '#shared/safety-tips';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_IMPORTED_IDS } from '../../scripts/demo/sellers';
import { DEMO_MEETING_POINTS } from '../../scripts/demo/trust';
import { DEMO_ADMIN, DEMO_STUDENT } from '../../scripts/local/demo-users';
import {
  activeProducts,
  DESKTOP,
  demoProduct,
  expectAccessible,
  launchChromium,
  openSession,
  type Session,
  signIn,
} from './journey-support';

/**
 * Issue 14 in Chromium (docs/decisions/032): an admin adds a safe meeting point to UCAB under
 * Universidades; a buyer opens one of the demo seller's listings, opens the contact flow, reads the
 * three tips, picks that point, and the WhatsApp link carries it (URL-encoded in the wa.me link);
 * the seller's page shows the verified badge and the counts; 'Compra segura' is reachable from the
 * footer and from the product page. The tests run in order and share both people.
 */
const baseUrl = inject('baseUrl');
const tag = randomBytes(3).toString('hex');
const PRODUCT = DEMO_SELLER_PRODUCTS[0];
const POINT = {
  name: `Cafetín de Ingeniería ${tag}`,
  description: 'Mesas junto a la entrada',
  hours: '8:00 a 15:00',
};

let browser: Browser;
let admin: Session;
let buyer: Session;

const sellerSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  university_name: z.string().nullable(),
  verified: z.boolean(),
  verified_month: z.string().nullable(),
  active_count: z.number(),
  sold_count: z.number(),
});

beforeAll(async () => {
  browser = await launchChromium();
  admin = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
  buyer = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
});
afterAll(async () => {
  await admin?.close();
  await buyer?.close();
  await browser?.close();
});

/** The contact dialog of the product page (a native modal dialog). */
const contactDialog = (page: Page) => page.getByRole('dialog', { name: 'Antes de contactar al vendedor' });

describe('who the seller is, and meeting safely', () => {
  it('lets an admin add a meeting point to a university under Universidades', async () => {
    const page = admin.page;
    await page.goto('/admin');
    const form = page.locator('[data-amplify-authenticator]');
    await form.getByLabel('Correo electrónico').fill(DEMO_ADMIN.email);
    await form.getByLabel('Contraseña', { exact: true }).fill(DEMO_ADMIN.password);
    await form.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto('/admin/universities');
    await page.getByRole('button', { name: 'Puntos de encuentro de UCAB' }).click();
    const dialog = page.getByRole('dialog', { name: 'Puntos de encuentro · UCAB' });
    // The demo's points are there already.
    for (const p of DEMO_MEETING_POINTS.ucab) await dialog.getByText(p.name, { exact: true }).waitFor();
    // A name is required: refused before anything is sent.
    await dialog.getByRole('button', { name: 'Agregar punto' }).click();
    await dialog.getByText('El nombre del punto de encuentro es requerido.').waitFor();
    await dialog.getByLabel('Nombre', { exact: true }).fill(POINT.name);
    await dialog.getByLabel('Descripción (opcional)').fill(POINT.description);
    await dialog.getByLabel('Horario (opcional)').fill(POINT.hours);
    await dialog.getByRole('button', { name: 'Agregar punto' }).click();
    await page.getByText('Punto de encuentro agregado').first().waitFor();
    await dialog.getByText(POINT.name, { exact: true }).waitFor();
    await expectAccessible(page, '/admin/universities (meeting points)');
    await page.keyboard.press('Escape');
    admin.expectNoProblems();
  });

  it('shows the buyer the tips and puts the chosen meeting point into the WhatsApp link', async () => {
    const page = buyer.page;
    await page.goto('/login');
    await signIn(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByRole('heading', { name: PRODUCT.title, level: 1 }).waitFor();
    // The seller card: the verified badge of an account here (not the earlier app's seller).
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Vendedor', exact: true }),
    });
    await card.getByText('Correo institucional verificado · UCAB').waitFor();

    await page.getByRole('button', { name: 'Contactar por WhatsApp' }).click();
    const dialog = contactDialog(page);
    await dialog.waitFor();
    for (const tip of SAFETY_TIPS) {
      await dialog.getByRole('heading', { name: tip.title }).waitFor();
      await dialog.getByText(tip.text).waitFor();
    }
    await expectAccessible(page, `/product/${PRODUCT.id} (contact dialog)`);
    const select = dialog.getByLabel('Punto de encuentro (opcional)');
    // The admin's new point is offered beside the demo's.
    await dialog.getByRole('option', { name: POINT.name }).waitFor({ state: 'attached' });
    await dialog
      .getByRole('option', { name: DEMO_MEETING_POINTS.ucab[0].name })
      .waitFor({ state: 'attached' });
    await select.selectOption({ label: POINT.name });
    await dialog.getByText(`${POINT.description} · Horario: ${POINT.hours}`).waitFor();

    // WhatsApp Web opens in a new tab on a computer: the tab's address is the wa.me link.
    const opened: string[] = [];
    await buyer.context.route('https://wa.me/**', (route) => {
      opened.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
    });
    const popup = buyer.context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
    const tab = await popup;
    await expect.poll(() => opened.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const link = opened[0];
    expect(link).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    const text = link.split('?text=')[1];
    expect(text).toContain(encodeURIComponent(`Podríamos vernos en ${POINT.name}.`));
    const price = demoProduct(PRODUCT.id).price;
    expect(decodeURIComponent(text)).toBe(
      `Hola! Me interesa tu producto: ${PRODUCT.title} por $${price}. ¿Está disponible? Podríamos vernos en ${POINT.name}.`,
    );
    await tab.close();
    await contactDialog(page).waitFor({ state: 'detached' });
    buyer.expectNoProblems();
  });

  it("shows the seller's page with the verified badge and the counts", async () => {
    const page = buyer.page;
    await page.goto(`/product/${PRODUCT.id}`);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Vendedor', exact: true }),
    });
    await card.getByRole('link').first().click();
    await page.waitForURL(/\/vendedor\/[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const res = await fetch(`${baseUrl}/api/sellers/${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    const seller = sellerSchema.parse(await res.json());
    expect(seller).toMatchObject({ verified: true, university_name: 'UCAB', verified_month: '2025-09' });
    expect(seller.active_count).toBeGreaterThanOrEqual(1);

    await page.getByRole('heading', { name: seller.display_name, level: 1 }).waitFor();
    await page.getByText('Correo institucional verificado · UCAB').waitFor();
    await page.getByText('(verificado en septiembre de 2025)').waitFor();
    await page.getByText('Miembro desde marzo de 2025').waitFor();
    const active =
      seller.active_count === 1 ? '1 publicación activa' : `${seller.active_count} publicaciones activas`;
    const sold = seller.sold_count === 1 ? '1 vendida' : `${seller.sold_count} vendidas`;
    await page.getByText(`${active} · ${sold}`).waitFor();
    await page.getByRole('heading', { name: 'Publicaciones activas' }).waitFor();
    await page.getByRole('article').filter({ hasText: PRODUCT.title }).first().waitFor();
    // Nothing private on the page.
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).not.toContain('@');
    await expectAccessible(page, '/vendedor/{id}');

    // A listing the demo keeps as imported from the earlier app has no account behind it: no badge, no page.
    const imported = activeProducts('ucab').find((p) => DEMO_IMPORTED_IDS.includes(p.id));
    if (!imported) throw new Error('no imported UCAB listing in the demo data');
    await page.goto(`/product/${imported.id}`);
    await page.getByRole('heading', { name: imported.title, level: 1 }).waitFor();
    const importedCard = page.locator('section', {
      has: page.getByRole('heading', { name: 'Vendedor', exact: true }),
    });
    await importedCard.getByText('Vendedor de la versión anterior').waitFor();
    expect(await importedCard.getByText('Correo institucional verificado').count()).toBe(0);
    buyer.expectNoProblems();
  });

  it("reaches 'Compra segura' from the footer and from the product page", async () => {
    const page = buyer.page;
    await page.goto('/marketplace');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Compra segura' }).click();
    await page.waitForURL(`${baseUrl}/compra-segura`);
    await page.getByRole('heading', { name: 'Compra segura', level: 1 }).waitFor();
    for (const tip of SAFETY_TIPS) await page.getByRole('heading', { name: tip.title, level: 2 }).waitFor();
    await expectAccessible(page, '/compra-segura');

    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByRole('link', { name: 'Consejos para una compra segura' }).click();
    await page.waitForURL(`${baseUrl}/compra-segura`);
    buyer.expectNoProblems();
  });
});
