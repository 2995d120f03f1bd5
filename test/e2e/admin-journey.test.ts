import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STUDENT } from '../../scripts/local/demo-users';
import { DESKTOP, launchChromium, openSession, type Session, signIn } from './journey-support';

/**
 * Issue 10's admin area in Chromium: a student who opens /admin is sent home with a toast; signed
 * out, /admin shows Amplify UI's Authenticator in Spanish (sign-in only) and the demo admin signs in
 * through it to the area. The tests run in order and share the admin's browser (a computer).
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
let admin: Session;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
  page = admin.page;
});

afterAll(async () => {
  await browser?.close();
});

describe('admin area', () => {
  it('sends a signed-in student who opens /admin home, with a toast', async () => {
    const student = await openSession(browser, baseUrl, { universityId: 'ucab' });
    try {
      await student.page.goto('/login');
      await signIn(student.page, DEMO_STUDENT.email, DEMO_STUDENT.password);
      await student.page.goto('/admin/universities');
      await student.page.getByRole('alert').filter({ hasText: 'Acceso denegado' }).waitFor();
      expect(new URL(student.page.url()).pathname).not.toMatch(/^\/admin/);
      expect(await student.page.getByRole('navigation', { name: 'Administración' }).count()).toBe(0);
      student.expectNoProblems();
    } finally {
      await student.close();
    }
  });

  it('signs the demo admin in through the Authenticator, in Spanish and without a sign-up tab', async () => {
    await page.goto('/admin');
    const form = page.locator('[data-amplify-authenticator]');
    await form.getByRole('heading', { name: 'Panel de Administrador' }).waitFor();
    expect(await form.getByRole('tab', { name: /crear cuenta/i }).count()).toBe(0);
    expect(await form.getByRole('button', { name: /crear cuenta/i }).count()).toBe(0);
    await form.getByLabel('Correo electrónico').fill(DEMO_ADMIN.email.toUpperCase());
    await form.getByLabel('Contraseña', { exact: true }).fill(DEMO_ADMIN.password);
    await form.getByRole('button', { name: 'Iniciar sesión' }).click();
    const nav = page.getByRole('navigation', { name: 'Administración' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Productos',
      'Reportes',
      'Usuarios',
      'Universidades',
      'Solicitudes',
      'Volver a la app',
    ]);
    expect(await nav.getByText(DEMO_ADMIN.email).count()).toBe(1);
    admin.expectNoProblems();
  });
});
