import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_STUDENT } from '../../scripts/local/demo-users';
import {
  DESKTOP,
  expectAccessible,
  launchChromium,
  openSession,
  type Session,
  signIn,
} from './journey-support';

/**
 * 'Mis Compras' (issue 40, its first part) in Chromium: a signed-in student opens WhatsApp to a
 * demo seller from the listing's page (after the safety tips), then opens 'Mis Compras'
 * from the bar's menu and finds the listing there, on sale, saying they contacted the seller.
 */
const baseUrl = inject('baseUrl');
const PRODUCT = DEMO_SELLER_PRODUCTS[2];

let browser: Browser;
let buyer: Session;

beforeAll(async () => {
  browser = await launchChromium();
  buyer = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
});
afterAll(async () => {
  await buyer?.close();
  await browser?.close();
});

const contactDialog = (page: Page) => page.getByRole('dialog', { name: 'Antes de contactar al vendedor' });

describe("'Mis Compras'", () => {
  it('lists the listing a student contacted the seller about, on sale', async () => {
    const page = buyer.page;
    await page.goto('/login');
    await signIn(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByRole('heading', { name: PRODUCT.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Contactar por WhatsApp' }).click();
    // After the tips, WhatsApp Web opens in a new tab on a computer (answered here, not reached).
    await buyer.context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    const popup = buyer.context.waitForEvent('page');
    await contactDialog(page).getByRole('button', { name: 'Abrir WhatsApp' }).click();
    await (await popup).close();
    await contactDialog(page).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Mis Compras' }).click();
    await page.getByRole('heading', { name: 'Mis Compras', level: 1 }).waitFor();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: PRODUCT.title }) });
    await item.getByText('Disponible', { exact: true }).waitFor();
    await item.getByText('Contactaste al vendedor').first().waitFor();
    await expectAccessible(page, '/my-purchases');
    buyer.expectNoProblems();
  });
});
