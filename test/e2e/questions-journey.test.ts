import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_SELLER, DEMO_STUDENT } from '../../scripts/local/demo-users';
import { eventually, type Mail, mailTo } from '../support/mailbox';
import { DESKTOP, launchChromium, openSession, type Session, signIn } from './journey-support';

/**
 * Issue 9's questions and answers in Chromium: a visitor reads a product's questions and is led to
 * sign in and back; the demo student asks (on a phone), the demo seller reads the question's mail
 * in the local mailbox and follows its link in a second browser context (a computer), answers,
 * the student gets the answer's mail and sees the answer, then deletes the question after
 * confirming. The tests run in order and share both people. (The reports journey then reports this
 * same product as another student.)
 */
const baseUrl = inject('baseUrl');
const sesEndpoint = inject('sesEndpoint');
const tag = randomBytes(3).toString('hex');
const PRODUCT = DEMO_SELLER_PRODUCTS[1];
const QUESTION = `¿Lo puedes entregar en la biblioteca el lunes? Ref ${tag}`;
const ANSWER = `Claro, el lunes a las 10 en la entrada de la biblioteca. Ref ${tag}`;

let browser: Browser;
let buyer: Session;
let seller: Session;

/** The first mail to `to` whose text contains `needle`, once it arrived. */
async function mailWith(to: string, needle: string): Promise<Mail> {
  const mails = await eventually(
    `a mail to ${to}`,
    () => mailTo(sesEndpoint, to),
    (list) => list.some((m) => m.text.includes(needle)),
  );
  return mails.find((m) => m.text.includes(needle))!;
}
/** The product page's address a mail links to. */
const productLinkIn = (mail: Mail): string | undefined =>
  mail.text.match(new RegExp(`${baseUrl}/product/${PRODUCT.id}\\b`))?.[0];

const questionsOf = (page: Page): Locator =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Preguntas y respuestas' }) });
const questionItem = (page: Page, text: string): Locator =>
  questionsOf(page).getByRole('listitem').filter({ hasText: text });

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

describe('questions and answers on a product page', () => {
  it("shows a visitor the product's questions, and leads them to sign in and back to the product", async () => {
    const page = buyer.page;
    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByRole('heading', { name: PRODUCT.title, level: 1 }).waitFor();
    const section = questionsOf(page);
    await section.getByText('Sí, unas 10 horas con el volumen a la mitad.').waitFor();
    await questionItem(page, '¿Incluye el cable de carga original?')
      .getByText('Esperando respuesta del vendedor...')
      .waitFor();
    expect(await section.getByRole('textbox').count()).toBe(0);
    await section.getByText('Debes iniciar sesión para hacer una pregunta.').waitFor();
    await section.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(`${baseUrl}/login?next=%2Fproduct%2F${PRODUCT.id}`);
    await signIn(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
    await page.waitForURL(`${baseUrl}/product/${PRODUCT.id}`);
    buyer.expectNoProblems();
  });

  it('lets the student ask, after the quick check refused a too short text', async () => {
    const page = buyer.page;
    const box = page.getByLabel('Pregunta al vendedor');
    await box.fill('ok');
    await page.getByRole('button', { name: 'Preguntar' }).click();
    await questionsOf(page).getByText('Contenido demasiado corto').waitFor();

    await box.fill(QUESTION);
    const sent = page.waitForResponse(
      (r) => r.url().endsWith(`/api/products/${PRODUCT.id}/questions`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Preguntar' }).click();
    expect((await sent).status()).toBe(201);
    const mine = questionItem(page, QUESTION);
    await mine.getByText('Esperando respuesta del vendedor...').waitFor();
    await mine.getByRole('button', { name: 'Eliminar pregunta' }).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    // The newest question is last: oldest first.
    const texts = await questionsOf(page).locator('.question__text').allInnerTexts();
    expect(texts.at(-1)).toBe(QUESTION);
    buyer.expectNoProblems();
  });

  it("mails the seller the question; the mail's link shows it, with an answer box and no ask form; the seller answers", async () => {
    const mail = await mailWith(DEMO_SELLER.email, QUESTION);
    expect(mail.subject).toBe(`Nueva pregunta sobre «${PRODUCT.title}»`);
    expect(mail.text).toContain(`${DEMO_STUDENT.name} preguntó sobre tu producto «${PRODUCT.title}»`);
    const link = productLinkIn(mail);
    expect(link).toBeDefined();
    const page = seller.page;
    await page.goto('/login');
    await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password);
    await page.goto(link!);
    const section = questionsOf(page);
    await section.getByText('Esta es tu publicación: responde aquí las preguntas de los compradores.').waitFor();
    expect(await page.getByLabel('Pregunta al vendedor').count()).toBe(0);
    const item = questionItem(page, QUESTION);
    await item.getByText(DEMO_STUDENT.name).waitFor();
    await item.getByLabel('Tu respuesta').fill(ANSWER);
    await item.getByRole('button', { name: 'Responder' }).click();
    await item.getByText(ANSWER).waitFor();
    await item.getByLabel('Tu respuesta').waitFor({ state: 'detached' });
    seller.expectNoProblems();
  });

  it("mails the student the answer; the mail's link shows it", async () => {
    const mail = await mailWith(DEMO_STUDENT.email, ANSWER);
    expect(mail.subject).toBe(`Respondieron tu pregunta sobre «${PRODUCT.title}»`);
    expect(mail.text).toContain(QUESTION);
    expect(mail.html).toContain(ANSWER);
    const link = productLinkIn(mail);
    expect(link).toBeDefined();
    const page = buyer.page;
    await page.goto(link!);
    const item = questionItem(page, QUESTION);
    await item.getByText(ANSWER).waitFor();
    expect(await item.getByText('Esperando respuesta del vendedor...').count()).toBe(0);
    buyer.expectNoProblems();
  });

  it('lets the student delete the question after confirming', async () => {
    const page = buyer.page;
    const item = questionItem(page, QUESTION);
    await item.getByRole('button', { name: 'Eliminar pregunta' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar tu pregunta?' });
    await dialog.getByText(/Esta acción no se puede deshacer/).waitFor();
    // Cancelling keeps it.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await item.waitFor();
    await item.getByRole('button', { name: 'Eliminar pregunta' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Pregunta eliminada').first().waitFor();
    await item.waitFor({ state: 'detached' });
    // Gone for everyone: the seller's page no longer has it either.
    await seller.page.reload();
    await questionsOf(seller.page).getByText('¿Incluye el cable de carga original?').waitFor();
    expect(await questionItem(seller.page, QUESTION).count()).toBe(0);
    buyer.expectNoProblems();
    seller.expectNoProblems();
  });
});
