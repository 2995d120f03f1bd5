import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEMO_STUDENT } from '../../scripts/local/demo-users';
import { DEMO_GOOGLE_USER } from '../../scripts/local/parts/hosted-ui';
import { launchChromium, openSession, type Session } from './journey-support';

/**
 * Google sign-in (issue 42), in a real headless Chromium against the local stack: 'Continuar con
 * Google' runs Amplify's signInWithRedirect unchanged against the local hosted UI (decision 061),
 * whose page stands in for Google's; /auth/callback turns its answer into a session or an error
 * toast. Each test starts signed out in a fresh browser context, which accepts the stand-in's
 * self-signed certificate as a person would once.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
let session: Session;
let page: Page;

/** The one toast on screen: a status, or an alert for errors. */
const toast = (text: string | RegExp, role: 'status' | 'alert' = 'status') =>
  page.getByRole(role).filter({ hasText: text });

/** From the login page (asked to come back to `next`) to the stand-in's page for Google. */
async function toGoogle(next = '/profile'): Promise<URL> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
  await page.getByRole('heading', { name: 'Iniciar sesión con Google' }).waitFor();
  return new URL(page.url());
}

/**
 * On /login after a failed Google sign-in, the password sign-in goes straight through: Amplify's
 * abandoned redirect holds up neither the session (the app stays ready: a tap is not kept waiting
 * for it) nor the sign-in (it used to, for the five minutes Amplify keeps a redirect in flight).
 */
async function passwordSignInGoesThrough(): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(DEMO_STUDENT.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_STUDENT.password);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await toast('¡Inicio de sesión exitoso!').waitFor();
}

const continueAsDemo = () =>
  page
    .getByRole('button', { name: `Continuar como ${DEMO_GOOGLE_USER.name} (${DEMO_GOOGLE_USER.email})` })
    .click();

beforeAll(async () => {
  browser = await launchChromium();
});

beforeEach(async () => {
  session = await openSession(browser, baseUrl, { universityId: 'ucab', ignoreHTTPSErrors: true });
  page = session.page;
});

afterEach(async () => {
  await session?.close();
});

afterAll(async () => {
  await browser?.close();
});

describe('Google sign-in through the local hosted UI', () => {
  it('continues as the Google account, lands through /auth/callback signed in, and signs out', async () => {
    const authorize = await toGoogle('/profile');
    // What Amplify sent, as the hosted UI receives it.
    expect(authorize.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(authorize.searchParams.get('identity_provider')).toBe('Google');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseUrl}/auth/callback`);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();

    await continueAsDemo();
    await toast('¡Inicio de sesión exitoso con Google!').waitFor();
    // Back where the login was asked to return, the code gone from the address.
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: DEMO_GOOGLE_USER.email, level: 1 }).waitFor();
    const menuButton = page.getByRole('button', { name: 'Menú de usuario' });
    await menuButton.click();
    await page.getByText(DEMO_GOOGLE_USER.email, { exact: true }).waitFor();

    // Signing out of a Google session passes through the hosted UI's /logout and comes back.
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('link', { name: 'Iniciar Sesión' }).waitFor();
    session.expectNoProblems();
  });

  it('cancelled on the provider page: an error toast, back at /login, signed out', async () => {
    await toGoogle();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await toast('No se pudo completar la autenticación', 'alert').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('.idToken')))).toBe(
      false,
    );
    await passwordSignInGoesThrough();
    session.expectNoProblems();
  });

  it('an error from the provider: an error toast, back at /login', async () => {
    await toGoogle();
    await page.getByRole('button', { name: 'Simular un error del proveedor' }).click();
    await toast('No se pudo completar la autenticación', 'alert').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await passwordSignInGoesThrough();
    session.expectNoProblems();
  });

  it('an answer whose state is not the one Amplify sent is refused: error toast, /login, no session', async () => {
    const authorize = await toGoogle();
    // The same request with another state, as a forged or mixed-up answer would carry.
    authorize.searchParams.set('state', `${authorize.searchParams.get('state')}x`);
    await page.goto(authorize.toString());
    await continueAsDemo();
    // Amplify refuses the answer before asking for tokens; the page says so at once (it used to
    // wait, spinning, for the five minutes Amplify keeps a sign-in in flight).
    const refused = Date.now();
    await toast('Error al procesar la autenticación', 'alert').waitFor();
    expect(Date.now() - refused).toBeLessThan(5000);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('.idToken')))).toBe(
      false,
    );
    await passwordSignInGoesThrough();
    // Amplify reports the refused state on the console; nothing else went wrong.
    expect(session.problems.filter((p) => !/state/i.test(p))).toEqual([]);
  });
});
