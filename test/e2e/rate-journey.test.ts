import { caracasDate } from '#shared/caracas-time';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { formatUsdWithBs } from '#shared/exchange-rate';
import { DEMO_ADMIN } from '../../scripts/local/demo-users';
import {
  activeProducts,
  DESKTOP,
  launchChromium,
  openSession,
  productPriceLine,
  type Session,
  sessionToken,
} from './journey-support';

/**
 * Issue 14's bolívar prices in Chromium against `npm start`'s stack (decision 033): a buyer opens a
 * listing and sees its price in US$ with the bolívar equivalent at the demo's BCV rate and its date;
 * the demo admin enters a new rate for today on the admin's 'Tasa BCV' page, and the buyer's product
 * page follows (within the public read's short cache). The rate is put back afterwards, since the
 * stack is shared with the other journeys.
 */
const baseUrl = inject('baseUrl');
const cognitoEndpoint = inject('cognitoEndpoint');

const PRODUCT = activeProducts('ucab')[2];
const rateSchema = z.object({ rate: z.object({ date: z.string(), rate: z.number() }).nullable() });

let browser: Browser;
let buyer: Session;
let admin: Session;
/** Today's rate before the journey (Caracas), to put back; null when today had none. */
let original: { date: string; rate: number } | null = null;

async function currentRate() {
  const res = await fetch(`${baseUrl}/api/exchange-rate`, { headers: { 'cache-control': 'no-cache' } });
  return rateSchema.parse(await res.json()).rate;
}

const adminToken = () => sessionToken(baseUrl, cognitoEndpoint, DEMO_ADMIN.email, DEMO_ADMIN.password);

beforeAll(async () => {
  const rate = await currentRate();
  if (rate?.date === caracasDate(new Date())) original = rate;
  browser = await launchChromium();
  buyer = await openSession(browser, baseUrl, { universityId: 'ucab' });
  admin = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
});

afterAll(async () => {
  await browser?.close();
  if (!original) return;
  await fetch(`${baseUrl}/api/admin/exchange-rates`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ date: original.date, rate: original.rate, confirm: true }),
  });
});

describe('prices in bolívares at the BCV rate', () => {
  let before: { date: string; rate: number };
  let entered: number;

  it('shows a buyer the price in US$ with its bolívar equivalent and the rate date', async () => {
    const rate = await currentRate();
    expect(rate, 'the demo carries a recent BCV rate').not.toBeNull();
    before = rate!;
    const { page } = buyer;
    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByRole('heading', { name: PRODUCT.title, level: 1 }).waitFor();
    await expect
      .poll(() => productPriceLine(page).textContent())
      .toBe(formatUsdWithBs(PRODUCT.price, before));
    const [y, m, d] = before.date.split('-');
    expect(await productPriceLine(page).textContent()).toContain(`(tasa BCV del ${d}/${m}/${y})`);
    buyer.expectNoProblems();
  });

  it("lets the admin enter today's rate on the 'Tasa BCV' page", async () => {
    const { page } = admin;
    await page.goto('/admin/exchange-rate');
    const form = page.locator('[data-amplify-authenticator]');
    await form.getByLabel('Correo electrónico').fill(DEMO_ADMIN.email);
    await form.getByLabel('Contraseña', { exact: true }).fill(DEMO_ADMIN.password);
    await form.getByRole('button', { name: 'Iniciar sesión' }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Tasa BCV', level: 1 }).waitFor();
    const current = main.getByRole('region', { name: 'Tasa vigente' });
    await current.getByText(/^Bs\. /).waitFor();

    // A believable move (+7 %), written as Venezuelans write it.
    entered = Math.round(before.rate * 1.07 * 10_000) / 10_000;
    await main.getByLabel('Fecha valor').fill(caracasDate(new Date()));
    await main.getByLabel('Tasa (Bs. por US$)').fill(String(entered).replace('.', ','));
    await main.getByRole('button', { name: 'Guardar tasa' }).click();
    await page
      .getByText(/^Tasa guardada: Bs\. /)
      .first()
      .waitFor();
    const shown = new Intl.NumberFormat('es-VE', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 8,
    }).format(entered);
    await expect.poll(() => current.textContent()).toContain(`Bs. ${shown}`);
    const history = main.getByRole('region', { name: 'Historial' }).first();
    await history.getByText(DEMO_ADMIN.email).first().waitFor();
    admin.expectNoProblems();
  });

  it("follows on the buyer's product page", async () => {
    const today = caracasDate(new Date());
    const expected = formatUsdWithBs(PRODUCT.price, { date: today, rate: entered });
    const { page } = buyer;
    // The public read may be kept 30 s (then revalidated): the buyer's next visits show the new rate.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: PRODUCT.title, level: 1 }).waitFor();
          await page.waitForTimeout(500);
          return productPriceLine(page).textContent();
        },
        { timeout: 100_000, interval: 3_000 },
      )
      .toBe(expected);
    buyer.expectNoProblems();
  }, 120_000);
});
