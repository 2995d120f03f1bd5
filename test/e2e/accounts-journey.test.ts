import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeIn, mailTo } from '../support/mailbox';
import { cards, launchChromium, openSession, type Session } from './journey-support';

/**
 * Issue 3's journey, in a real headless Chromium against the local stack, on a phone: a new
 * student registers, reads the code in the local mailbox, verifies, signs in, verifies an
 * institutional address, saves and removes a favorite, signs out, resets the password through
 * the e-mailed link, signs in with the new password (the old one is refused) and signs out.
 * The tests run in order and share the student.
 */
const baseUrl = inject('baseUrl');
const sesEndpoint = inject('sesEndpoint');

const tag = randomBytes(4).toString('hex');
const EMAIL = `e2e-${tag}@gmail.com`;
const INSTITUTIONAL = `e2e.${tag}@est.ucab.edu.ve`;
const PASSWORD = 'Clave-inicial-1';
const NEW_PASSWORD = 'Clave-nueva-2026';

let browser: Browser;
let session: Session;
let page: Page;

/** The newest mail to an address that satisfies `pick`, waiting for it to arrive. */
async function waitForMail<T>(to: string, pick: (text: string) => T | null, after = 0): Promise<T> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = await mailTo(sesEndpoint, to);
    const found = mails.length > after ? pick(mails.at(-1)?.text ?? '') : null;
    if (found !== null) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new mail to ${to}`);
}
const mailCount = async (to: string) => (await mailTo(sesEndpoint, to)).length;
const codeFrom = (text: string) => codeIn({ subject: '', html: '', text });

async function typeCode(code: string): Promise<void> {
  for (let i = 0; i < 6; i += 1) await page.getByLabel(`Dígito ${i + 1}`).fill(code[i]);
}

const toast = (text: string | RegExp) => page.getByText(text).first();

async function signIn(password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
}

async function signOutFromMenu(): Promise<void> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await toast('Sesión cerrada correctamente').waitFor();
  await page.waitForURL(`${baseUrl}/`);
}

beforeAll(async () => {
  browser = await launchChromium();
  session = await openSession(browser, baseUrl, { universityId: 'ucab' });
  page = session.page;
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});
afterEach(() => {
  // Refused sign-ins and wrong codes answer 4xx on purpose; the browser logs those responses.
  session.expectNoProblems([/status of 40[01]/]);
});

describe('a new student', () => {
  it('registers and confirms the account with the e-mailed code', async () => {
    await page.goto('/register');
    await page.getByLabel('Nombre completo').fill('Ana Prueba');
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Cédula').fill('V-12345678');
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
    const submit = page.getByRole('button', { name: 'Continuar', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await submit.click();
    await toast('¡Registro exitoso! Te hemos enviado un código de verificación.').waitFor();
    await page.getByLabel('Dígito 1').waitFor();
    const code = await waitForMail(EMAIL, codeFrom);

    // A wrong code first: the toast, the boxes cleared, the focus back on the first box.
    const wrong = code === '111111' ? '222222' : '111111';
    await typeCode(wrong);
    await toast('Código inválido').waitFor();
    await expect.poll(() => page.getByLabel('Dígito 1').inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Dígito 1');

    await typeCode(code);
    await page.getByRole('heading', { name: 'Verificación exitosa' }).waitFor();
    await page.waitForURL(`${baseUrl}/login`);
  });

  it('signs in', async () => {
    await signIn(PASSWORD);
    await toast('¡Inicio de sesión exitoso!').waitFor();
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText(EMAIL).waitFor();
    await page.keyboard.press('Escape');
  });

  it("verifies an institutional address on the profile's 'Correo Institucional' tab", async () => {
    await page.goto('/profile');
    await page.getByRole('heading', { name: EMAIL }).waitFor();
    await page.getByRole('tab', { name: 'Correo Institucional' }).click();
    await page.getByLabel('Universidad').selectOption('ucab');
    await page.getByLabel('Correo institucional', { exact: true }).fill('alguien@gmail.com');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('El correo debe ser del dominio est.ucab.edu.ve').waitFor();

    await page.getByLabel('Correo institucional', { exact: true }).fill(INSTITUTIONAL);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await toast('Código de verificación enviado a tu correo institucional...').waitFor();
    const code = await waitForMail(INSTITUTIONAL, codeFrom);
    await typeCode(code);
    await toast('¡Correo institucional verificado correctamente!').waitFor();
    await page.getByText('Verificado', { exact: true }).waitFor();
    await page.getByText(INSTITUTIONAL).waitFor();

    // The verified state is the server's: a reload shows it again.
    await page.reload();
    await page.getByText('Verificado', { exact: true }).waitFor();
    expect(await page.getByLabel('Correo institucional', { exact: true }).count()).toBe(0);
  });

  it('saves a favorite and removes it', async () => {
    await page.goto('/marketplace');
    const card = cards(page.getByRole('main')).first();
    const title = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
    await card.getByRole('button', { name: 'Guardar en favoritos' }).click();
    await toast('Guardado en favoritos').waitFor();

    await page.goto('/favoritos');
    await page.getByRole('heading', { name: 'Mis Guardados' }).waitFor();
    const saved = cards(page.getByRole('main'));
    await saved.getByRole('heading', { name: title }).waitFor();
    await saved.first().getByRole('button', { name: 'Quitar de favoritos' }).click();
    await toast('Eliminado de favoritos').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Mis Guardados' }).waitFor();
    await page.getByText(/Aún no has guardado productos/).waitFor();
    expect(await cards(page.getByRole('main')).count()).toBe(0);
  });

  it('signs out', async () => {
    await signOutFromMenu();
    await page.goto('/favoritos');
    await page.waitForURL(`${baseUrl}/login`);
  });

  it('resets the password through the e-mailed link and signs in with the new one only', async () => {
    const before = await mailCount(EMAIL);
    await page.goto('/forgot-password');
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    const link = await waitForMail(EMAIL, (text) => text.match(/https?:\/\/\S+\/reset-password#\S+/)?.[0] ?? null, before);
    expect(link.startsWith(`${baseUrl}/reset-password#`)).toBe(true);

    await page.goto(link);
    await page.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
    await toast('¡Contraseña actualizada exitosamente! Inicia sesión con tu nueva contraseña.').waitFor();
    await page.waitForURL(`${baseUrl}/login`);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('Nueva contraseña').fill('Otra-clave-2026');
    await page.getByLabel('Confirmar contraseña').fill('Otra-clave-2026');
    await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
    await toast(/No se pudo actualizar la contraseña/).waitFor();

    await signIn(PASSWORD);
    await toast(/^Error al iniciar sesión/).waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);

    await signIn(NEW_PASSWORD);
    await toast('¡Inicio de sesión exitoso!').waitFor();
    await signOutFromMenu();
  });
});
