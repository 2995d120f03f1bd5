import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RUNTIME_CONFIG_PATH, runtimeConfigSchema } from '#shared/runtime-config';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_STUDENT } from '../../scripts/local/demo-users';
import { APP_READY_ATTRIBUTE, TAP_KEPT_ATTRIBUTE } from '../../web/src/first-paint/app-scripts';
import {
  activeProducts,
  appReady,
  launchChromium,
  openSession,
  type Session,
  signIn,
} from './journey-support';

/**
 * Issue 38, as a person on a slow phone acts: each page the server renders is opened on the phone
 * profile (4x CPU slowdown, Slow 4G: 150 ms, 1.6 Mbit/s) and its main control is tapped the moment
 * it shows, before the app has taken over the server's HTML. The tap must be answered — followed
 * as a link, or kept (shown pressed at once) and carried out once the app is ready — and carried
 * out once: one favourite, one alert, one contact.
 */
const baseUrl = inject('baseUrl');
const PRODUCT = DEMO_SELLER_PRODUCTS[0];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The phone profile of the issue, from the next request on. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Holds the app's entry script (/assets/index-*.js) until the test lets it load or fail: the page is
 * the server's HTML and the first-paint loader until then, as on a slow phone, whatever the speed of
 * this machine.
 */
async function holdAppEntry(page: Page): Promise<{ release(): void; fail(): void }> {
  let settle: (outcome: 'load' | 'fail') => void = () => {};
  const settled = new Promise<'load' | 'fail'>((resolve) => (settle = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    if ((await settled) === 'fail') await route.abort('connectionreset');
    else await route.continue();
  });
  return { release: () => settle('load'), fail: () => settle('fail') };
}

/**
 * Opens `path` on the phone profile and taps `control` as soon as it is visible, before the app has
 * taken over (its entry is held until the tap is made). Returns whether the app was ready at the
 * tap (it must not be), and whether the control showed at once that it was pressed.
 */
async function tapAtFirstSight(
  page: Page,
  path: string,
  control: (page: Page) => Locator,
): Promise<{ beforeApp: boolean; shownPressed: boolean }> {
  await throttle(page);
  const entry = await holdAppEntry(page);
  await page.goto(path, { waitUntil: 'commit' });
  const target = control(page);
  await target.waitFor({ state: 'visible', timeout: 30_000 });
  await target.tap({ timeout: 30_000 });
  // A link is followed at once (the page is gone); a kept control shows it was pressed.
  const seen = await page
    .evaluate(
      ({ ready, kept }) => ({
        beforeApp: !document.documentElement.hasAttribute(ready),
        shownPressed: document.querySelector(`[${kept}]`) !== null,
      }),
      { ready: APP_READY_ATTRIBUTE, kept: TAP_KEPT_ATTRIBUTE },
    )
    .catch(() => ({ beforeApp: true, shownPressed: false }));
  entry.release();
  return seen;
}

/** Holds the files `pattern` matches until the returned function is called: a slow connection's late chunk. */
async function holdFiles(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The requests of `session` that match, from now on. */
function requestsOf(session: Session, match: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  session.page.on('request', (request) => {
    if (match(request)) seen.push(request);
  });
  return seen;
}

/** An API call made by the signed-in page itself (with its ID token, as the app sends it). */
async function callApi(page: Page, method: string, path: string): Promise<number> {
  return page.evaluate(
    async ({ method, path }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : null;
      const res = await fetch(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return res.status;
    },
    { method, path },
  );
}

const TOAST_TIMEOUT = { timeout: 30_000 };
/**
 * No service worker: its answers escape page.route, which holds the app's entry here (a returning
 * visitor's worker has the app's files, and the phone still runs them 4x slower).
 */
const NO_WORKER = { serviceWorkers: 'block' } as const;

/** A visitor's phone session for `test` (signed out, no worker), closed afterwards. */
async function asVisitor(
  universityId: string | undefined,
  test: (visitor: Session, page: Page) => Promise<void>,
): Promise<void> {
  const visitor = await openSession(browser, baseUrl, { ...NO_WORKER, universityId });
  try {
    await test(visitor, visitor.page);
  } finally {
    await visitor.close();
  }
}

describe('a tap on a control the moment it shows, on a slow phone', () => {
  it('the chooser: a university card chosen at first sight leads to its marketplace', async () => {
    await asVisitor(undefined, async (visitor, page) => {
      const { beforeApp } = await tapAtFirstSight(page, '/', (p) =>
        p.getByRole('link', { name: /^Elegir UCAB/ }),
      );
      expect(beforeApp, 'the tap came before the app took over').toBe(true);
      await page.waitForURL(/\/marketplace/, TOAST_TIMEOUT);
      await page.getByRole('heading', { name: 'Marketplace de UCAB' }).waitFor(TOAST_TIMEOUT);
      // The choice is the visitor's from now on (stored once the app runs there).
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('selectedUniversity')), TOAST_TIMEOUT)
        .toBe('ucab');
      visitor.expectNoProblems();
    });
  });

  it.each([
    ['/marketplace', 'the marketplace'],
    ['/global-marketplace', 'the global marketplace'],
    ['/carrera/ingenieria', 'a career'],
    ['/categoria/electronica', 'a category'],
  ])("%s (%s): a visitor's heart says once that an account is needed", async (path) => {
    await asVisitor('ucab', async (visitor, page) => {
      const { beforeApp, shownPressed } = await tapAtFirstSight(page, path, (p) =>
        p.getByRole('button', { name: 'Guardar en favoritos' }).first(),
      );
      expect(beforeApp, 'the tap came before the app took over').toBe(true);
      expect(shownPressed, 'the heart shows at once that it was pressed').toBe(true);
      await page.getByText('Inicia sesión para guardar').first().waitFor(TOAST_TIMEOUT);
      expect(await page.getByText('Inicia sesión para guardar').count()).toBe(1);
      visitor.expectNoProblems();
    });
  });

  it("a seller's page: a visitor's heart is answered too", async () => {
    await asVisitor('ucab', async (visitor, page) => {
      // The seller of the demo seller's listings, as the product page links them.
      await page.goto(`/product/${PRODUCT.id}`);
      const sellerHref = await page.locator('main a[href^="/vendedor/"]').first().getAttribute('href');
      expect(sellerHref).toMatch(/^\/vendedor\//);
      const { beforeApp } = await tapAtFirstSight(page, sellerHref as string, (p) =>
        p.getByRole('button', { name: 'Guardar en favoritos' }).first(),
      );
      expect(beforeApp, 'the tap came before the app took over').toBe(true);
      await page.getByText('Inicia sesión para guardar').first().waitFor(TOAST_TIMEOUT);
      visitor.expectNoProblems();
    });
  });

  it("the bar's menu tapped at first sight opens, once", async () => {
    await asVisitor('ucab', async (visitor, page) => {
      const { beforeApp, shownPressed } = await tapAtFirstSight(page, '/global-marketplace', (p) =>
        p.getByRole('button', { name: 'Abrir menú' }),
      );
      expect(beforeApp, 'the tap came before the app took over').toBe(true);
      expect(shownPressed, 'the menu button shows at once that it was pressed').toBe(true);
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      await drawer.getByRole('link', { name: 'Ingresa' }).waitFor(TOAST_TIMEOUT);
      expect(await page.getByRole('dialog', { name: 'Menú' }).count()).toBe(1);
      visitor.expectNoProblems();
    });
  });

  it('the careers: a career card at first sight opens its page', async () => {
    await asVisitor('ucab', async (visitor, page) => {
      await tapAtFirstSight(page, '/carreras', (p) => p.getByRole('link', { name: /Ingeniería/ }).first());
      await page.waitForURL(/\/carrera\/ingenieria/, TOAST_TIMEOUT);
      visitor.expectNoProblems();
    });
  });

  it("a product: a visitor's 'Contactar por WhatsApp' leads to sign in and back", async () => {
    await asVisitor('ucab', async (visitor, page) => {
      const { beforeApp } = await tapAtFirstSight(page, `/product/${PRODUCT.id}`, (p) =>
        p.getByRole('link', { name: 'Contactar por WhatsApp' }),
      );
      expect(beforeApp, 'the tap came before the app took over').toBe(true);
      await page.waitForURL(`**/login?next=%2Fproduct%2F${PRODUCT.id}`, TOAST_TIMEOUT);
      await page.getByRole('heading', { name: 'Iniciar Sesión' }).waitFor(TOAST_TIMEOUT);
      visitor.expectNoProblems();
    });
  });

  it("a page whose app fails to load: says so in Spanish with 'Recargar', follows the link tapped meanwhile, and its links still work", async () => {
    await asVisitor('ucab', async (visitor, page) => {
      // The app's entry is held until the visitor has tapped, then fails (a dropped connection).
      const entry = await holdAppEntry(page);
      await page.goto(`/product/${PRODUCT.id}`, { waitUntil: 'commit' });
      const contact = page.getByRole('link', { name: 'Contactar por WhatsApp' });
      await contact.tap();
      expect(await contact.getAttribute(TAP_KEPT_ATTRIBUTE)).toBe('');
      entry.fail();
      // The kept link is followed: the visitor reaches the sign-in page all the same.
      await page.waitForURL(`**/login?next=%2Fproduct%2F${PRODUCT.id}`, TOAST_TIMEOUT);

      // On a page of its own: the notice, and a plain link that works.
      await page.goto(`/product/${PRODUCT.id}`, { waitUntil: 'commit' });
      const notice = page.getByRole('alert').filter({ hasText: 'No se pudo terminar de cargar la página' });
      await notice.waitFor(TOAST_TIMEOUT);
      await notice.getByRole('button', { name: 'Recargar' }).waitFor();
      await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link').first().tap();
      await page.waitForURL((url) => url.pathname !== `/product/${PRODUCT.id}`, TOAST_TIMEOUT);
      visitor.expectNoProblems([
        /Failed to load resource|net::ERR_CONNECTION_RESET|Failed to fetch dynamically imported module/,
      ]);
    });
  });

  it('a heart tapped at first sight by someone whose session has ended: told to sign in, nothing saved', async () => {
    await asVisitor('ucab', async (visitor, page) => {
      // A session this browser kept that can no longer be restored (tokens Cognito refuses).
      const config = runtimeConfigSchema.parse(
        await (await page.request.get(`${baseUrl}${RUNTIME_CONFIG_PATH}`)).json(),
      );
      await visitor.context.addInitScript((clientId) => {
        const prefix = `CognitoIdentityServiceProvider.${clientId}`;
        localStorage.setItem(`${prefix}.LastAuthUser`, 'gone');
        for (const token of ['idToken', 'accessToken', 'refreshToken'])
          localStorage.setItem(`${prefix}.gone.${token}`, 'expired');
      }, config.auth.userPoolClientId);
      const favourites = requestsOf(visitor, (r) => /\/api\/me\/favorites\//.test(r.url()));
      const { beforeApp, shownPressed } = await tapAtFirstSight(page, '/marketplace', (p) =>
        p.getByRole('button', { name: 'Guardar en favoritos' }).first(),
      );
      expect(beforeApp, 'the tap came before the app took over').toBe(true);
      expect(shownPressed).toBe(true);
      await page.getByText('Inicia sesión para guardar').first().waitFor(TOAST_TIMEOUT);
      expect(favourites).toEqual([]);
      visitor.expectNoProblems([/Failed to load resource/]);
    });
  });

  describe('signed in', () => {
    let student: Session;
    beforeAll(async () => {
      student = await openSession(browser, baseUrl, { ...NO_WORKER, universityId: 'ucab' });
      await student.page.goto('/login');
      await signIn(student.page, DEMO_STUDENT.email, DEMO_STUDENT.password);
    });
    afterAll(async () => {
      await student?.close();
    });

    it('the marketplace: a heart tapped at first sight saves that listing, once', async () => {
      const { page } = student;
      const favourites = requestsOf(student, (r) => /\/api\/me\/favorites\/\d+$/.test(r.url()));
      try {
        const { beforeApp, shownPressed } = await tapAtFirstSight(page, '/marketplace', (p) =>
          p.getByRole('button', { name: 'Guardar en favoritos' }).first(),
        );
        expect(beforeApp, 'the tap came before the app took over').toBe(true);
        expect(shownPressed, 'the heart shows at once that it was pressed').toBe(true);
        await page.getByText('Guardado en favoritos').first().waitFor(TOAST_TIMEOUT);
        expect(favourites.map((r) => r.method())).toEqual(['PUT']);
        const id = Number(/\/(\d+)$/.exec(favourites[0].url())?.[1]);
        expect(activeProducts('ucab').some((p) => p.id === id)).toBe(true);
        // The heart now shows it saved.
        await page.getByRole('button', { name: 'Quitar de favoritos' }).first().waitFor(TOAST_TIMEOUT);
        student.expectNoProblems();
      } finally {
        for (const url of new Set(favourites.map((r) => new URL(r.url()).pathname)))
          await callApi(page, 'DELETE', url);
      }
    });

    it("the search: 'Crear alerta' tapped at first sight saves one alert", async () => {
      const { page } = student;
      const created = requestsOf(student, (r) => r.url().endsWith('/api/me/alerts') && r.method() === 'POST');
      try {
        const { beforeApp, shownPressed } = await tapAtFirstSight(page, '/search?q=lampara', (p) =>
          p.getByRole('button', { name: 'Crear alerta' }),
        );
        expect(beforeApp, 'the tap came before the app took over').toBe(true);
        expect(shownPressed, "'Crear alerta' shows at once that it was pressed").toBe(true);
        await page.getByText('Alerta creada').first().waitFor(TOAST_TIMEOUT);
        await page.waitForTimeout(500);
        expect(created).toHaveLength(1);
        student.expectNoProblems();
      } finally {
        // The student's alerts are the alerts journey's too: this one goes.
        for (const request of created) {
          const alert = (await (await request.response())?.json()) as { id?: string } | undefined;
          if (alert?.id) await callApi(page, 'DELETE', `/api/me/alerts/${alert.id}`);
        }
      }
    });

    it("a product: 'Contactar por WhatsApp' tapped at first sight opens the safety tips, and contacting asks for the number once", async () => {
      const { page } = student;
      const contacts = requestsOf(student, (r) => r.url().endsWith(`/api/products/${PRODUCT.id}/contact`));
      const { beforeApp } = await tapAtFirstSight(page, `/product/${PRODUCT.id}`, (p) =>
        p.getByRole('link', { name: 'Contactar por WhatsApp' }),
      );
      expect(beforeApp, 'the tap came before the app took over').toBe(true);
      const dialog = page.getByRole('dialog', { name: 'Antes de contactar al vendedor' });
      await dialog.waitFor(TOAST_TIMEOUT);
      // Not the visitor's way: the signed-in buyer stays on the product.
      expect(new URL(page.url()).pathname).toBe(`/product/${PRODUCT.id}`);
      await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).tap();
      await expect.poll(() => contacts.length, TOAST_TIMEOUT).toBe(1);
      await page.waitForTimeout(500);
      expect(contacts).toHaveLength(1);
      student.expectNoProblems([/whatsapp:/i]);
    });

    it("a product: nothing moves as the app takes over, and 'Consejos para una compra segura' tapped then opens its page", async () => {
      // A page of its own: after the WhatsApp app link opened above (whatsapp:, an app this browser
      // does not have), taps on that page went unanswered for a while.
      const page = await student.context.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      // The seller's facts are a chunk of their own (seller-card.tsx), asked for as the app takes
      // over: held, it arrives after the app is ready, as on a slow connection. The server's facts
      // must stay meanwhile: the product screen drawn again for the restored session swapped them
      // for their one-line skeleton, and the trust journey's tap then landed on what moved under it.
      const releaseFacts = await holdFiles(page, /\/assets\/seller-facts-[^/]+\.js$/);
      try {
        const entry = await holdAppEntry(page);
        await page.goto(`/product/${PRODUCT.id}`, { waitUntil: 'commit' });
        const card = page.locator('section', {
          has: page.getByRole('heading', { name: 'Vendedor', exact: true }),
        });
        const link = card.getByRole('link', { name: 'Consejos para una compra segura' });
        await link.waitFor();
        await card.getByText(/^Miembro desde /).waitFor();
        // Its stylesheets are in (the head's, render-blocking): the box below is the one painted.
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet),
        );
        const before = await link.boundingBox();
        entry.release();
        // Waited for: what the app's taking over does to the page is the point. The buyer's own
        // 'Contactar' (a button, no longer the visitor's link) says the session is drawn too.
        await appReady(page);
        await card.getByRole('button', { name: 'Contactar por WhatsApp' }).waitFor(TOAST_TIMEOUT);
        expect(
          await card.getByText(/^Miembro desde /).isVisible(),
          "the server's facts are still shown",
        ).toBe(true);
        expect(await link.boundingBox()).toEqual(before);
        await link.tap();
        await page.waitForURL(`${baseUrl}/compra-segura`, TOAST_TIMEOUT);
        await page.getByRole('heading', { name: 'Compra segura', level: 1 }).waitFor(TOAST_TIMEOUT);
      } finally {
        releaseFacts();
        await page.close();
      }
      expect(problems).toEqual([]);
    });
  });
});
