import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as z from 'zod';
import { DEMO_ADMIN, DEMO_SELLER } from '../../scripts/local/demo-users';
import { DESKTOP, holdScripts, launchChromium, setLocalSwitch, signIn } from './journey-support';

/**
 * Issue 27 (decision 052): no first screen is ever blank. With the render down (CloudFront's and the
 * local origin's fallback to the kind's static shell, web/dist/shells/) or a slow API (the render
 * gives up on its data after 1 s), each first screen shows its content or its skeleton and the
 * spec's loading text from the first paint, before any script runs; the app then takes over and
 * works. The user menu opened right after load shows its entries.
 */
const baseUrl = inject('baseUrl');
let chromium: Browser;
let context: BrowserContext;

const setRenderMode = (mode: 'ok' | 'fail') => setLocalSwitch(baseUrl, '/__local/render', { mode });
const setApiDelay = (ms: number) => setLocalSwitch(baseUrl, '/__local/api-delay', { ms });

/** A UCAB listing with a seller page (the product's and the seller's first screens). */
async function ucabListing(): Promise<{ id: number; owner: string }> {
  const { items } = z
    .object({ items: z.array(z.object({ id: z.number() })) })
    .parse(await (await fetch(`${baseUrl}/api/products?university=ucab&sort=newest&limit=12`)).json());
  for (const { id } of items) {
    const detail = z
      .object({ seller_id: z.string().nullish(), owner_id: z.string().nullish() })
      .parse(await (await fetch(`${baseUrl}/api/products/${id}`)).json());
    const owner = detail.seller_id ?? detail.owner_id;
    if (owner) return { id, owner };
  }
  throw new Error('no UCAB listing with a seller');
}

interface FirstScreen {
  path: string;
  /** What the first paint shows: the spec's loading text, or a skeleton when the screen has none. */
  loading: string | RegExp;
  /** The screen's content once the API has answered. */
  content: string;
}

let screens: FirstScreen[];

beforeAll(async () => {
  chromium = await launchChromium();
  const { id, owner } = await ucabListing();
  screens = [
    { path: '/', loading: /class="skeleton/, content: '.university-card' },
    {
      path: '/marketplace?university=ucab',
      loading: 'Cargando productos increíbles...',
      content: '.product-card',
    },
    { path: '/search?q=libro', loading: 'Buscando productos...', content: '.product-card' },
    { path: '/global-marketplace', loading: 'Cargando productos increíbles...', content: '.product-card' },
    { path: `/product/${id}`, loading: 'Cargando producto...', content: 'h1.product-title' },
    { path: `/vendedor/${owner}`, loading: 'Cargando vendedor...', content: 'h1' },
    // The careers' list is static: its content is the first paint.
    {
      path: '/carreras',
      loading: 'Encuentra los materiales que necesitas para tu carrera.',
      content: '.career-card',
    },
    { path: '/categoria/libros', loading: 'Cargando productos...', content: '.product-card' },
    { path: '/carrera/ingenieria', loading: 'Cargando productos...', content: 'h1' },
  ];
});

afterAll(async () => {
  await chromium?.close();
});

afterEach(async () => {
  await context?.close();
  await setRenderMode('ok');
  await setApiDelay(0);
});

/** A returning UCAB visitor (the university in localStorage and its cookie), a computer's screen. */
async function newPage(): Promise<{ page: Page; problems: string[] }> {
  context = await chromium.newContext({ ...DESKTOP, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'mu_u', value: 'ucab', url: baseUrl }]);
  await context.addInitScript(() => {
    localStorage.setItem('selectedUniversity', 'ucab');
    // Every frame from the first: did #main ever show nothing at all?
    const w = window as unknown as { __mainSeen: boolean; __blankSeen?: string };
    w.__mainSeen = false;
    const look = () => {
      const main = document.getElementById('main');
      if (main) {
        w.__mainSeen = true;
        if ((main.textContent ?? '').trim() === '' && !main.querySelector('.skeleton, img')) {
          // The first blank frame, so a failure says which moment it was.
          w.__blankSeen ??= `${location.pathname}, app ${document.documentElement.hasAttribute('data-app-ready') ? 'mounted' : 'not mounted'}: ${main.innerHTML.slice(0, 200)}`;
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.text().includes('[hydration]')) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { page, problems };
}

const mainHtml = (page: Page) => page.locator('#main').innerHTML();
const expectLoading = (html: string, loading: string | RegExp) =>
  typeof loading === 'string' ? expect(html).toContain(loading) : expect(html).toMatch(loading);

describe('with the render down: the kind’s static shell', () => {
  it('shows each first screen’s bar, skeleton and loading text before any script runs, then the app works', async () => {
    await setRenderMode('fail');
    for (const screen of screens) {
      const { page, problems } = await newPage();
      const release = await holdScripts(page);
      const res = await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
      const html = (await res?.text()) ?? '';
      // The shell, not a render, and not the generic empty shell.
      expect(html, screen.path).not.toContain('data-server-rendered');
      expect(html, screen.path).not.toContain('<div id="root"></div>');
      await page.locator('#main').waitFor({ state: 'attached' });
      expect(await page.locator('header.navbar').count(), screen.path).toBe(1);
      expectLoading(await mainHtml(page), screen.loading);
      release();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.locator(`#main ${screen.content}`).first().waitFor({ timeout: 20_000 });
      // The app runs over the shell: a click navigates.
      await page.locator('a.navbar__logo').click();
      await page.waitForURL(`${baseUrl}/`);
      await page.locator('#main .university-card').first().waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { __blankSeen?: string }).__blankSeen ?? null),
        screen.path,
      ).toBeNull();
      expect(problems, screen.path).toEqual([]);
      await context.close();
    }
  }, 240_000);
});

describe('with a slow API (/__local/api-delay 5000)', () => {
  it('shows each first screen’s skeleton and loading text from the first paint, then its content', async () => {
    await setApiDelay(5_000);
    for (const screen of screens) {
      const { page, problems } = await newPage();
      const release = await holdScripts(page);
      const started = Date.now();
      const res = await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
      // The render gave up on its data after 1 s: its HTML is the screen's loading state.
      const html = (await res?.text()) ?? '';
      expect(html, screen.path).toContain('data-server-rendered');
      await page.locator('#render-state').waitFor({ state: 'attached' });
      expectLoading(await mainHtml(page), screen.loading);
      release();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.locator(`#main ${screen.content}`).first().waitFor({ timeout: 30_000 });
      if (typeof screen.loading === 'string' && screen.path !== '/carreras')
        await expect.poll(() => mainHtml(page), { timeout: 15_000 }).not.toContain(screen.loading);
      const w = await page.evaluate(() => {
        const seen = window as unknown as { __blankSeen?: string; __mainSeen: boolean };
        return { __blankSeen: seen.__blankSeen ?? null, __mainSeen: seen.__mainSeen };
      });
      expect(w.__mainSeen, screen.path).toBe(true);
      expect(w.__blankSeen, screen.path).toBeNull();
      // The render waited for its data's 1 s deadline; /carreras reads no API (its list is the
      // app's own), so nothing delays it.
      if (screen.path !== '/carreras') expect(Date.now() - started, screen.path).toBeGreaterThan(1_000);
      expect(problems, screen.path).toEqual([]);
      await context.close();
    }
  }, 400_000);
});

describe('menus right after load', () => {
  it('the user menu shows its entries at once, even while its signed-in chunk cannot load', async () => {
    const { page, problems } = await newPage();
    // The signed-in entries' chunk never arrives: the signed-out entries do not need it.
    await page.route(/\/assets\/user-menu-items-[^/]+\.js$/, () => {});
    await page.goto(`${baseUrl}/global-marketplace`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    const panel = page.getByRole('dialog', { name: 'Menú de usuario' });
    await expect
      .poll(() => panel.getByRole('link', { name: 'Iniciar Sesión' }).isVisible(), { timeout: 1_000 })
      .toBe(true);
    expect(await panel.getByRole('link', { name: 'Registrarse' }).isVisible()).toBe(true);
    // The drawer opens with its entries too.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await drawer.getByRole('link', { name: 'Ingresa' }).waitFor();
    expect(await drawer.getByRole('link', { name: /Marketplace Global/ }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe("a rendered page's first photos before the app (first-paint/load-app.ts)", () => {
  /** The first photos' load end and each of the app's scripts' request start, from the page's resource timing. */
  const timings = (page: Page) =>
    page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const photos = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')].map(
        (img) => resources.find((r) => r.name === img.currentSrc)?.responseEnd ?? Number.NaN,
      );
      const scripts = resources
        .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name) && !/\/load-app-/.test(r.name))
        .map((r) => ({ name: r.name, startTime: r.startTime }));
      return { photos, scripts };
    });

  it.each(['/global-marketplace', '/marketplace?university=ucab', 'product'])(
    '%s asks for no script of the app before its first photos have loaded, then hydrates',
    async (which) => {
      const path = which === 'product' ? `/product/${(await ucabListing()).id}` : which;
      const { page, problems } = await newPage();
      await page.goto(`${baseUrl}${path}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      const { photos, scripts } = await timings(page);
      expect(photos.length, path).toBeGreaterThan(0);
      expect(photos.every(Number.isFinite), path).toBe(true);
      expect(scripts.length, path).toBeGreaterThan(5);
      const lastPhoto = Math.max(...photos);
      for (const script of scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(lastPhoto);
      expect(problems, path).toEqual([]);
    },
  );

  it('a first photo that never arrives holds the app back 3 s at most', async () => {
    const { page, problems } = await newPage();
    // Every card photo hangs (the bucket's answers never come).
    await page.route(/\/images\//, () => {});
    const started = Date.now();
    await page.goto(`${baseUrl}/global-marketplace`, { waitUntil: 'commit' });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 15_000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(3_000);
    expect(waited).toBeLessThan(10_000);
    // The app runs: a click navigates (in the page: its load event never comes, the photos hang).
    await page.locator('a.navbar__logo').click();
    await page.waitForURL(`${baseUrl}/`, { waitUntil: 'commit' });
    await page.locator('#main .university-card').first().waitFor();
    expect(problems).toEqual([]);
  });
});

/**
 * Issue 38: every page, not only the first screens, shows itself from the first paint. The public
 * pages without per-person data are rendered and hydrated; the pages that need the session (or a
 * mail link's token) are their static shell, with the bar (or the admin area's frame) and their
 * loading state. Each is loaded with the scripts held (the HTML alone), then the app takes over
 * without a hydration mismatch or a console error and shows the page's content.
 */
describe('every page’s first paint (issue 38)', () => {
  interface AnyPage {
    path: string;
    /** Rendered on the server (hydrated), or a static shell (the app renders over it). */
    rendered: boolean;
    /** What the HTML shows before any script: the page's own text or its loading state. */
    first: (string | RegExp)[];
    /** What the page shows once the app has taken over. */
    after: string | RegExp;
    /** Console errors the page's own flow explains (a mail link's made-up token is refused). */
    allowed?: RegExp[];
  }
  const SPINNER = /<span class="spinner spinner--lg" role="status">/;
  const refused400 = [/Failed to load resource: the server responded with a status of 400/];
  const email = 'ana%40est.ucab.edu.ve';

  /** A context whose every page records whether its main region was ever blank (the app bar's, or the admin area's). */
  async function context38(): Promise<BrowserContext> {
    const ctx = await chromium.newContext({ ...DESKTOP, serviceWorkers: 'block' });
    await ctx.addCookies([{ name: 'mu_u', value: 'ucab', url: baseUrl }]);
    await ctx.addInitScript(() => {
      localStorage.setItem('selectedUniversity', 'ucab');
      const w = window as unknown as { __blankSeen?: string };
      const look = () => {
        const main = document.getElementById('main') ?? document.getElementById('admin-main');
        if (main && (main.textContent ?? '').trim() === '' && !main.querySelector('.skeleton, img, .spinner'))
          w.__blankSeen ??= `${location.pathname}: ${main.innerHTML.slice(0, 200)}`;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    return ctx;
  }

  /** Loads `p` in a new page of `ctx` with its scripts held, checks its first paint, then the app. */
  async function check(ctx: BrowserContext, p: AnyPage): Promise<void> {
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (
        (msg.type() === 'error' || msg.text().includes('[hydration]')) &&
        !p.allowed?.some((re) => re.test(msg.text()))
      )
        problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    const release = await holdScripts(page);
    const res = await page.goto(`${baseUrl}${p.path}`, { waitUntil: 'commit' });
    const html = (await res?.text()) ?? '';
    expect(res?.status(), p.path).toBe(200);
    expect(html, p.path).not.toContain('<div id="root"></div>');
    expect(html.includes('data-server-rendered'), p.path).toBe(p.rendered);
    // The HTML alone, before any script of the app: the bar (or the admin frame) and the page.
    const admin = p.path.startsWith('/admin');
    const main = page.locator(admin ? '#admin-main' : '#main');
    await main.waitFor({ state: 'attached' });
    expect(await page.locator(admin ? '.admin-shell .admin-sidebar' : 'header.navbar').count(), p.path).toBe(
      1,
    );
    const firstPaint = await main.innerHTML();
    for (const text of p.first)
      typeof text === 'string'
        ? expect(firstPaint, p.path).toContain(text)
        : expect(firstPaint, p.path).toMatch(text);
    // The app takes over: no mismatch, and the page's content replaces its loading state.
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect
      .poll(async () => (await main.textContent()) ?? '', { timeout: 20_000, message: p.path })
      .toMatch(p.after);
    await expect
      .poll(() => main.locator('.spinner--lg').count(), { timeout: 20_000, message: p.path })
      .toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __blankSeen?: string }).__blankSeen ?? null),
      p.path,
    ).toBeNull();
    expect(problems, p.path).toEqual([]);
    await page.close();
  }

  it('the public pages: rendered, with their form or text before any script, then hydrated', async () => {
    const pages: AnyPage[] = [
      {
        path: '/login',
        rendered: true,
        first: ['Iniciar Sesión', 'Correo electrónico'],
        after: /Iniciar Sesión/,
      },
      { path: '/register', rendered: true, first: ['Crear cuenta', 'Cédula'], after: /Crear cuenta/ },
      // The sign-up's code screen: its loading state until this browser's registration is read.
      {
        path: `/register?email=${email}`,
        rendered: true,
        first: ['Verifica tu correo', SPINNER],
        after: /No encontramos en este navegador un registro pendiente/,
      },
      {
        path: `/email-verification?email=${email}`,
        rendered: true,
        first: ['Verificación requerida', SPINNER],
        after: /No encontramos en este navegador un registro pendiente/,
      },
      {
        path: '/forgot-password',
        rendered: true,
        first: ['¿Olvidaste tu contraseña?'],
        after: /Enviar enlace/,
      },
      {
        path: '/reset-password#type=recovery&token=abcdefghijklmnopqrstuvwxyz',
        rendered: true,
        first: ['Restablecer contraseña', 'Ingresa tu nueva contraseña.'],
        after: /Ingresa tu nueva contraseña\./,
      },
      {
        path: '/terms-and-conditions',
        rendered: true,
        first: ['Términos y Condiciones', 'Naturaleza del servicio'],
        after: /Naturaleza del servicio/,
      },
      {
        path: '/privacy-policy',
        rendered: true,
        first: ['Política de Privacidad'],
        after: /Política de Privacidad/,
      },
      { path: '/compra-segura', rendered: true, first: ['Compra segura'], after: /Compra segura/ },
      // The mails' one-click pages: static shells, as they send their link's token.
      ...['/notificaciones/baja', '/alertas/baja', '/publicacion/renovar', '/publicacion/vendida'].map(
        (path): AnyPage => ({
          path: `${path}#token=not-a-real-token`,
          rendered: false,
          first: ['Procesando tu solicitud...'],
          after: /enlace/i,
          allowed: refused400,
        }),
      ),
      // A visitor without a session: the page's shell, then the app sends them to sign in.
      { path: '/profile', rendered: false, first: [SPINNER], after: /Iniciar Sesión/ },
    ];
    const ctx = await context38();
    try {
      for (const p of pages) await check(ctx, p);
    } finally {
      await ctx.close();
    }
  }, 400_000);

  it('the pages that need the session: their shell (bar and spinner), then the signed-in page', async () => {
    const ctx = await context38();
    try {
      const login = await ctx.newPage();
      await login.goto(`${baseUrl}/login`);
      await login.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await signIn(login, DEMO_SELLER.email, DEMO_SELLER.password);
      await login.close();
      const pages: AnyPage[] = [
        { path: '/new-product', rendered: false, first: [SPINNER], after: /Publicar Producto/ },
        { path: '/profile', rendered: false, first: [SPINNER], after: new RegExp(DEMO_SELLER.email) },
        { path: '/my-products', rendered: false, first: [SPINNER], after: /Mis Productos/ },
        { path: '/settings', rendered: false, first: [SPINNER], after: /Configuración/ },
        { path: '/favoritos', rendered: false, first: [SPINNER], after: /Mis Guardados/ },
        { path: '/alertas', rendered: false, first: [SPINNER], after: /Mis Alertas/ },
        { path: '/chats', rendered: false, first: [SPINNER], after: /Próximamente/ },
        { path: '/my-purchases', rendered: false, first: ['Mis Compras'], after: /Mis Compras/ },
        {
          path: `/verify-email?email=${email}`,
          rendered: false,
          first: [SPINNER],
          after: /Verifica tu correo institucional/,
        },
      ];
      for (const p of pages) await check(ctx, p);
    } finally {
      await ctx.close();
    }
  }, 400_000);

  it("the admin area: its own frame and spinner, then the admin's page", async () => {
    const ctx = await context38();
    try {
      const login = await ctx.newPage();
      await login.goto(`${baseUrl}/login`);
      await login.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await signIn(login, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await login.close();
      for (const [path, heading] of [
        ['/admin', /Dashboard/],
        ['/admin/users', /Usuarios/],
      ] as const)
        await check(ctx, { path, rendered: false, first: [SPINNER], after: heading });
    } finally {
      await ctx.close();
    }
  }, 200_000);

  it('keeps what a person types into the sign-in form before the app runs, and the Continuar they pressed', async () => {
    const ctx = await context38();
    try {
      const page = await ctx.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.text().includes('[hydration]')) problems.push(msg.text());
      });
      // The app's scripts held, not the first-paint loader: the page is painted (the loader is
      // render-blocking) and keeps taps, as on a slow phone whose app is still downloading.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(?!load-app-)[^/?]+\.js(\?.*)?$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
      const form = page.locator('form.auth-card');
      await form.waitFor();
      // The server's form, as a person sees it before the app runs.
      expect(await page.locator('html[data-app-ready]').count()).toBe(0);
      await page.getByLabel('Correo electrónico').fill(DEMO_SELLER.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_SELLER.password);
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();
      release();
      await page.getByText('¡Inicio de sesión exitoso!').first().waitFor({ timeout: 30_000 });
      await page.waitForURL(`${baseUrl}/`);
      expect(problems).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
