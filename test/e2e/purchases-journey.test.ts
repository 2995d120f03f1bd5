import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_ADMIN, DEMO_SELLER, DEMO_STUDENT } from '../../scripts/local/demo-users';
import { eventually, mailTo } from '../support/mailbox';
import {
  DESKTOP,
  expectAccessible,
  launchChromium,
  openSession,
  type Session,
  sessionToken,
  signIn,
} from './journey-support';

/**
 * 'Mis Compras' and deals (issue 40) in Chromium. A signed-in student opens WhatsApp to a demo
 * seller from the listing's page (after the safety tips), then opens 'Mis Compras' from the bar's
 * menu and finds the listing there, on sale, saying they contacted the seller. Then two deals with
 * the demo seller, on listings the seller publishes for them (the shared demo listings stay on
 * sale for the other journeys): one reserved for the student and confirmed at the meeting by the
 * code the student's 'Mis Compras' shows (a wrong code first), one sold to the student and
 * confirmed by their answer to the mail's question. The tests run in order and share both people.
 */
const baseUrl = inject('baseUrl');
const sesEndpoint = inject('sesEndpoint');
const cognitoEndpoint = inject('cognitoEndpoint');
const PRODUCT = DEMO_SELLER_PRODUCTS[2];
const tag = randomBytes(3).toString('hex');

let browser: Browser;
let buyer: Session;
let seller: Session;

beforeAll(async () => {
  browser = await launchChromium();
  buyer = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
  seller = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
});
afterAll(async () => {
  await buyer?.close();
  await seller?.close();
  await browser?.close();
});

const contactDialog = (page: Page) => page.getByRole('dialog', { name: 'Antes de contactar al vendedor' });

/** The student asks for the seller's number on the listing's page, as a buyer does. */
async function contactSeller(id: number, title: string) {
  const page = buyer.page;
  await page.goto(`/product/${id}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Contactar por WhatsApp' }).click();
  // After the tips, WhatsApp Web opens in a new tab on a computer (answered here, not reached).
  await buyer.context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  const popup = buyer.context.waitForEvent('page');
  await contactDialog(page).getByRole('button', { name: 'Abrir WhatsApp' }).click();
  await (await popup).close();
  await contactDialog(page).waitFor({ state: 'hidden' });
}

/** A listing of the demo seller's, published through the API (what is tested here is the deal). */
async function sellersListing(title: string): Promise<number> {
  const token = await sessionToken(baseUrl, cognitoEndpoint, DEMO_SELLER.email, DEMO_SELLER.password);
  const res = await fetch(`${baseUrl}/api/products`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
    },
    body: JSON.stringify({
      title,
      description: 'Funciona perfecto, con su estuche.',
      price: 18,
      category: 'electronica',
      whatsapp_number: '0414-123 45 67',
      university_id: 'ucab',
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Waits until the demo seller's listing, found by a student's search, shows `rating` on its card
 * ('★ 5,0 (1)'; null: no rating). The index follows the stream, and public answers may be kept a
 * short while, so each try starts with an empty browser cache.
 */
async function expectCardRating(page: Page, rating: string | null) {
  const cdp = await page.context().newCDPSession(page);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: PRODUCT.title, level: 3 }) });
  const deadline = Date.now() + 20_000;
  for (;;) {
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`/search?q=${encodeURIComponent(PRODUCT.title)}`);
    await card.first().waitFor();
    const shown = await card.first().getByText(/^★ /).allTextContents();
    if (rating === null ? shown.length === 0 : shown.includes(rating)) return;
    if (Date.now() > deadline) throw new Error(`the card showed ${JSON.stringify(shown)}, not ${rating}`);
    await page.waitForTimeout(500);
  }
}

/** The seller's row of a listing in 'Mis Productos'. */
const ownRow = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });

describe("'Mis Compras'", () => {
  it('lists the listing a student contacted the seller about, on sale', async () => {
    const page = buyer.page;
    await page.goto('/login');
    await signIn(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
    await contactSeller(PRODUCT.id, PRODUCT.title);

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

describe('deals with the student', () => {
  const reserved = `Calculadora Casio fx-991 ${tag}`;
  const sold = `Audífonos Sony WH-CH520 ${tag}`;
  let reservedId: number;
  let soldId: number;

  it('the seller reserves a listing for the student, who came for it, and confirms the handoff with their code', async () => {
    reservedId = await sellersListing(reserved);
    await contactSeller(reservedId, reserved);

    const page = seller.page;
    await page.goto('/login');
    await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password);
    await page.goto('/my-products');
    await ownRow(page, reserved)
      .getByRole('button', { name: `Acciones de ${reserved}` })
      .click();
    await page.getByRole('button', { name: 'Marcar como reservado' }).click();
    const choose = page.getByRole('dialog', { name: '¿Para quién lo reservas?' });
    await choose.getByRole('radio', { name: new RegExp(DEMO_STUDENT.name) }).check();
    await expectAccessible(page, '/my-products (¿Para quién lo reservas?)');
    await choose.getByRole('button', { name: 'Marcar como reservado' }).click();
    await ownRow(page, reserved).getByText(`Reservado para ${DEMO_STUDENT.name}`).waitFor();

    // The student's 'Mis Compras': held for them, with the code to show at the meeting.
    await buyer.page.goto('/my-purchases');
    const item = buyer.page
      .getByRole('listitem')
      .filter({ has: buyer.page.getByRole('link', { name: reserved }) });
    await item.getByText('Reservado para ti', { exact: true }).waitFor();
    const code = (await item.locator('.purchases__code-digits').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // At the meeting: a code misheard first, then the right one.
    await ownRow(page, reserved)
      .getByRole('button', { name: `Confirmar entrega de ${reserved}` })
      .click();
    const handoff = page.getByRole('dialog', { name: 'Confirmar entrega' });
    const wrong = code === '000000' ? '111111' : '000000';
    await handoff.getByLabel('Código de entrega').fill(wrong);
    await handoff.getByRole('button', { name: 'Confirmar' }).click();
    await handoff.getByText('Código incorrecto. Te quedan 4 intentos.').waitFor();
    await handoff.getByLabel('Código de entrega').fill(code);
    await handoff.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Entrega confirmada', { exact: true }).first().waitFor();
    await ownRow(page, reserved).getByText(`Vendido a ${DEMO_STUDENT.name} · Entrega confirmada`).waitFor();

    await buyer.page.reload();
    await item.getByText('Vendido a ti', { exact: true }).waitFor();
    expect(await item.locator('.purchases__code-digits').count()).toBe(0);
    // The wrong code's answer is a 400, as it should be.
    seller.expectNoProblems([/status of 400 .*\/handoff\)/]);
    buyer.expectNoProblems();
  });

  it("the seller sells another to the student, who is mailed '¿Recibiste…?' and answers 'Sí, lo recibí'", async () => {
    soldId = await sellersListing(sold);
    await contactSeller(soldId, sold);

    const page = seller.page;
    await page.goto('/my-products');
    await ownRow(page, sold)
      .getByRole('button', { name: `Acciones de ${sold}` })
      .click();
    await page.getByRole('button', { name: 'Marcar como vendido' }).click();
    const choose = page.getByRole('dialog', { name: '¿A quién se lo vendiste?' });
    await choose.getByRole('radio', { name: new RegExp(DEMO_STUDENT.name) }).check();
    await choose.getByRole('button', { name: 'Marcar como vendido' }).click();
    await ownRow(page, sold)
      .getByText(`Vendido a ${DEMO_STUDENT.name} · Esperando su confirmación`)
      .waitFor();

    const mails = await eventually(
      'the student’s mail',
      () => mailTo(sesEndpoint, DEMO_STUDENT.email),
      (m) => m.some((x) => x.subject === `¿Recibiste «${sold}»?`),
      20_000,
    );
    const link = mails
      .find((x) => x.subject === `¿Recibiste «${sold}»?`)
      ?.text.match(/https?:\/\/\S+\/my-purchases/)?.[0];
    expect(link).toBeTruthy();

    await buyer.page.goto('/my-purchases');
    const toConfirm = buyer.page.getByRole('region', { name: 'Por confirmar' });
    const deal = toConfirm.getByRole('listitem').filter({ hasText: `¿Recibiste «${sold}»?` });
    await deal.waitFor();
    await expectAccessible(buyer.page, '/my-purchases (Por confirmar)');
    await deal.getByRole('button', { name: 'Sí, lo recibí' }).click();
    await buyer.page.getByText('¡Gracias! Confirmaste que recibiste el producto.').waitFor();
    await deal.waitFor({ state: 'detached' });

    await page.reload();
    await ownRow(page, sold).getByText(`Vendido a ${DEMO_STUDENT.name} · Entrega confirmada`).waitFor();
    seller.expectNoProblems([/status of 400 .*\/handoff\)/]);
    buyer.expectNoProblems();
  });

  it('both review the sale: hidden until the second, then on the seller page with the reply', async () => {
    // The seller's page, from the link on one of their listings.
    await buyer.page.goto(`/product/${PRODUCT.id}`);
    const sellerPath = await buyer.page.getByRole('link', { name: DEMO_SELLER.name }).getAttribute('href');
    expect(sellerPath).toMatch(/^\/vendedor\//);

    await buyer.page.goto('/my-purchases');
    const toReview = buyer.page.getByRole('region', { name: 'Reseñas por escribir' });
    const form = toReview.getByRole('listitem').filter({ hasText: sold });
    await form.getByRole('radio', { name: '5 estrellas' }).check();
    await form
      .getByLabel('Tu reseña (opcional)')
      .fill('Llegó puntual a la biblioteca, todo como en la foto.');
    await expectAccessible(buyer.page, '/my-purchases (Reseñas por escribir)');
    await form.getByRole('button', { name: 'Publicar reseña' }).click();
    await buyer.page
      .getByText('Reseña guardada: se mostrará cuando la otra persona deje la suya o termine el plazo.')
      .waitFor();

    // Hidden: the seller page shows nothing of it yet.
    await buyer.page.goto(sellerPath ?? '/');
    const reviews = buyer.page.getByRole('region', { name: 'Reseñas como vendedor' });
    await reviews.getByText(/Todavía no tiene reseñas/).waitFor();

    // The seller writes theirs: both appear at once.
    const page = seller.page;
    await page.goto('/my-products');
    await ownRow(page, sold)
      .getByRole('button', { name: `Calificar al comprador de ${sold}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Calificar al comprador' });
    await dialog.getByRole('radio', { name: '4 estrellas' }).check();
    await dialog.getByRole('button', { name: 'Publicar reseña' }).click();
    await page.getByText('Reseña publicada', { exact: true }).first().waitFor();

    await buyer.page.reload();
    await reviews.getByText('Llegó puntual a la biblioteca, todo como en la foto.').waitFor();
    await buyer.page
      .getByText(/★ 5,0 · 1 reseña · \d+ ventas? completadas?/)
      .first()
      .waitFor();
    // And on the cards of the seller's other listings, where a student decides.
    await expectCardRating(buyer.page, '★ 5,0 (1)');
    await buyer.page
      .getByRole('img', { name: 'Vendedor con 5,0 de 5 estrellas en 1 reseña' })
      .first()
      .waitFor();

    // The seller replies, once, on their own page.
    await page.goto(sellerPath ?? '/');
    await page
      .getByRole('region', { name: 'Reseñas como vendedor' })
      .getByRole('button', { name: 'Responder' })
      .first()
      .click();
    await page.getByLabel('Tu respuesta').fill('¡Gracias por tu compra, María!');
    await page.getByRole('button', { name: 'Publicar respuesta' }).click();
    await page.getByText('¡Gracias por tu compra, María!').waitFor();
    await expectAccessible(page, '/vendedor (reseñas)');

    // The student reads the seller's review of them in 'Mis Compras' only.
    await buyer.page.goto('/my-purchases');
    const received = buyer.page.getByRole('region', { name: 'Reseñas que recibiste' });
    await received.getByRole('img', { name: '4 de 5 estrellas' }).waitFor();
    seller.expectNoProblems([/status of 400 .*\/handoff\)/]);
    buyer.expectNoProblems();
  });

  it("the seller reports the student's review ('Reportar reseña'); an admin hides it and the seller page's figures follow", async () => {
    await buyer.page.goto(`/product/${PRODUCT.id}`);
    const sellerPath =
      (await buyer.page.getByRole('link', { name: DEMO_SELLER.name }).getAttribute('href')) ?? '/';

    const page = seller.page;
    await page.goto(sellerPath);
    const reviews = page.getByRole('region', { name: 'Reseñas como vendedor' });
    const item = reviews.getByRole('listitem').filter({ hasText: 'Llegó puntual a la biblioteca' });
    await item.getByRole('button', { name: 'Reportar reseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reportar reseña' });
    await dialog.getByLabel('Comentario (opcional)').fill('Prueba de reporte');
    await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await page.getByText('Reseña reportada. Un administrador la revisará.').waitFor();

    const admin = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
    try {
      await admin.page.goto('/admin/reports');
      const form = admin.page.locator('[data-amplify-authenticator]');
      await form.getByLabel('Correo electrónico').fill(DEMO_ADMIN.email);
      await form.getByLabel('Contraseña', { exact: true }).fill(DEMO_ADMIN.password);
      await form.getByRole('button', { name: 'Iniciar sesión' }).click();
      const reported = admin.page.getByRole('region', { name: 'Reseñas reportadas' });
      const card = reported.getByRole('listitem', { name: `Reseña de «${sold}»` });
      await card.getByText('Reportada por', { exact: false }).first().waitFor();
      await card.getByRole('button', { name: 'Ocultar reseña' }).click();
      await admin.page.getByText('Reseña ocultada', { exact: true }).first().waitFor();
      await reported.getByText('No hay reseñas reportadas pendientes').waitFor();
      admin.expectNoProblems();
    } finally {
      await admin.close();
    }

    // Out of the seller's list and of their average; the completed sales stay.
    await page.reload();
    await reviews.getByText(/Todavía no tiene reseñas/).waitFor();
    await page
      .getByText(/^Sin reseñas todavía · \d+ ventas? completadas?$/)
      .first()
      .waitFor();
    await expectCardRating(buyer.page, null);
    seller.expectNoProblems([/status of 400 .*\/handoff\)/]);
    buyer.expectNoProblems();
  });
});
