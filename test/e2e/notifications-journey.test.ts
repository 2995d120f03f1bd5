import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_SELLER, DEMO_STUDENT } from '../../scripts/local/demo-users';
import { eventually, type Mail, mailTo } from '../support/mailbox';
import { DESKTOP, launchChromium, openSession, type Session, signIn } from './journey-support';

/**
 * Issue 9's question mails in Chromium (docs/decisions/020): the demo student asks on the demo
 * seller's product, the seller's mail arrives in the local mailbox, its unsubscribe link confirms
 * without a session, and /settings → Notificaciones shows the switch off, turns it on and off, and
 * keeps each change across reloads. The tests run in order and share the people.
 */
const baseUrl = inject('baseUrl');
const sesEndpoint = inject('sesEndpoint');
// Not the product the questions journey uses: this one has no mail window open in this run.
const PRODUCT = DEMO_SELLER_PRODUCTS[2];
const QUESTION = `¿La tablet tiene la batería en buen estado? Ref ${randomBytes(3).toString('hex')}`;

let browser: Browser;
let buyer: Session;
let seller: Session;
let mail: Mail;

const mailSwitch = (page: Page): Locator =>
  page.getByRole('switch', { name: 'Correos de preguntas, respuestas y compras' });

beforeAll(async () => {
  browser = await launchChromium();
  buyer = await openSession(browser, baseUrl, { universityId: 'ucab' });
  seller = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
});
afterAll(async () => {
  await buyer?.close();
  await seller?.close();
  await browser?.close();
});

describe('question mails', () => {
  it("mail the seller the student's question, with the product link and an unsubscribe link", async () => {
    const page = buyer.page;
    await page.goto('/login');
    await signIn(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByLabel('Pregunta al vendedor').fill(QUESTION);
    await page.getByRole('button', { name: 'Preguntar' }).click();
    await page.getByText(QUESTION).waitFor();

    const mails = await eventually(
      "the seller's mail",
      () => mailTo(sesEndpoint, DEMO_SELLER.email),
      (list) => list.some((m) => m.text.includes(QUESTION)),
    );
    mail = mails.find((m) => m.text.includes(QUESTION))!;
    expect(mail.subject).toBe(`Nueva pregunta sobre «${PRODUCT.title}»`);
    expect(mail.text).toContain(`${baseUrl}/product/${PRODUCT.id}`);
    expect(mail.text).toMatch(new RegExp(`${baseUrl}/notificaciones/baja#token=[\\w.-]+`));
    expect(mail.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${baseUrl}/api/notifications/unsubscribe\\?token=[\\w.-]+>$`),
    );
    buyer.expectNoProblems();
  });

  it('the unsubscribe link confirms without a session, and a tampered one says it is not valid', async () => {
    const link = mail.text.match(/https?:\/\/\S+\/notificaciones\/baja#token=[\w.-]+/)?.[0];
    expect(link).toBeDefined();
    const visitor = await openSession(browser, baseUrl);
    try {
      await visitor.page.goto(link!);
      await visitor.page.getByText('Ya no recibirás correos de preguntas y respuestas.').waitFor();
      await visitor.page.getByRole('link', { name: 'Ir a Configuración' }).waitFor();

      await visitor.page.goto(`${link!.slice(0, -3)}AAA`);
      await visitor.page.reload();
      await visitor.page.getByText(/El enlace para dejar de recibir correos no es válido/).waitFor();
      // The refusal is the API's 400 as it happened; nothing else went wrong in the browser.
      visitor.expectNoProblems([/status of 400/]);
    } finally {
      await visitor.close();
    }
  });

  it('/settings shows the switch off after the link; it turns on and off, and each change survives a reload', async () => {
    const page = seller.page;
    await page.goto('/login');
    await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password);
    await page.goto('/settings');
    await expect.poll(() => mailSwitch(page).getAttribute('aria-checked')).toBe('false');

    await mailSwitch(page).click();
    await page.getByText('Configuración guardada correctamente').first().waitFor();
    await expect.poll(() => mailSwitch(page).getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expect.poll(() => mailSwitch(page).getAttribute('aria-checked')).toBe('true');

    // The keyboard works too: Space toggles the focused switch.
    await mailSwitch(page).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => mailSwitch(page).getAttribute('aria-checked')).toBe('false');
    await page.getByText('Configuración guardada correctamente').first().waitFor();
    await page.reload();
    await expect.poll(() => mailSwitch(page).getAttribute('aria-checked')).toBe('false');

    // Back on, as the demo account started.
    await mailSwitch(page).click();
    await expect.poll(() => mailSwitch(page).getAttribute('aria-busy')).toBe('false');
    await page.reload();
    await expect.poll(() => mailSwitch(page).getAttribute('aria-checked')).toBe('true');
    seller.expectNoProblems();
  });
});
