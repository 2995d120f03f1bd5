import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  devices,
  type Locator,
  type Page,
} from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as z from 'zod';
import { type ProductExportRow, generateDemoExport } from '../../scripts/demo/data';
import { isListed } from '#shared/table';
import { UNIVERSITY_COOKIE } from '#shared/pages';
import { STORAGE_KEYS } from '#shared/limits';
import { APP_READY_ATTRIBUTE } from '../../web/src/first-paint/app-scripts';
import { signInLocal } from '../../scripts/local/parts/cognito';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';

/**
 * What the newcomer-journey tests share: the browser, phone and desktop contexts that record every
 * console error, page error and CSP violation, and the demo catalogue the stack was seeded with
 * (deterministic: same ids, titles, prices, conditions and universities on every machine).
 */

// --- the demo catalogue (created_at is the only part that depends on the clock; never used here)
const DEMO = generateDemoExport();
export const activeProducts = (universityId?: string): ProductExportRow[] =>
  DEMO.products.filter((p) => isListed(p) && (!universityId || p.university_id === universityId));
export const demoProduct = (id: number): ProductExportRow => {
  const p = DEMO.products.find((row) => row.id === id);
  if (!p) throw new Error(`no demo product ${id}`);
  return p;
};
/** The active product of a university with this exact title (the demo repeats titles across universities). */
export const demoProductByTitle = (universityId: string, title: string): ProductExportRow => {
  const p = activeProducts(universityId).find((row) => row.title === title);
  if (!p) throw new Error(`no active demo product '${title}' at ${universityId}`);
  return p;
};

// --- browser and contexts

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

/** A low-end Android phone, 360×740, touch (the spec's mobile-first audience). */
export const PHONE: BrowserContextOptions = {
  ...devices['Galaxy S8'],
  deviceScaleFactor: 1,
};
export const DESKTOP: BrowserContextOptions = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
};

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors and CSP violations seen so far. */
  problems: string[];
  /** Fails the test if anything went wrong in the browser, except what `allowed` explains. */
  expectNoProblems(allowed?: RegExp[]): void;
  close(): Promise<void>;
}

const cspReportSchema = z.object({
  directive: z.string(),
  blocked: z.string(),
  source: z.string(),
});

export async function openSession(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions & {
    universityId?: string;
    /** With universityId: whether the browser has the `mu_u` cookie too (as the app writes it at every start). */
    universityCookie?: boolean;
    /**
     * Whether the success toasts may offer push notifications (issue 41). Off unless a journey
     * tests it: the offer stays until answered, so it is declined once beforehand ('Ahora no').
     */
    pushOffer?: boolean;
  } = {},
): Promise<Session> {
  const { universityId, universityCookie = true, pushOffer = false, ...contextOptions } = options;
  const context = await browser.newContext({
    ...PHONE,
    ...contextOptions,
    baseURL: baseUrl,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
  });
  // 'Copiar link' writes to the clipboard; the test reads it back.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  context.setDefaultTimeout(10_000);
  const problems: string[] = [];

  // CSP violations: a binding survives navigations, and the listener is installed before any page script.
  await context.exposeBinding('__reportCspViolation', (_source, raw: unknown) => {
    const v = cspReportSchema.safeParse(raw);
    problems.push(
      v.success
        ? `CSP violation: ${v.data.directive} blocked ${v.data.blocked} (${v.data.source})`
        : 'CSP violation',
    );
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void })
        .__reportCspViolation;
      report({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  if (!pushOffer)
    await context.addInitScript((key) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, 'declined before this journey');
    }, STORAGE_KEYS.pushOfferDismissed);
  if (universityId) {
    // A returning visitor: the university was chosen on an earlier visit (the first test chooses it
    // by hand), so the browser keeps it and, since the app writes it at every start, its cookie.
    await context.addInitScript((id) => {
      if (!localStorage.getItem('selectedUniversity')) localStorage.setItem('selectedUniversity', id);
    }, universityId);
    if (universityCookie)
      await context.addCookies([{ name: UNIVERSITY_COOKIE, value: universityId, url: baseUrl }]);
  }

  // A journey acts as a person does: as soon as a control is visible, whether or not the app has
  // taken over the server's HTML yet (a tap made before is kept and carried out then:
  // web/src/first-paint/early-taps.ts). A test that must wait for the app says why (appReady).
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));

  return {
    context,
    page,
    problems,
    expectNoProblems(allowed = []) {
      const unexplained = problems.filter((p) => !allowed.some((re) => re.test(p)));
      if (unexplained.length > 0) throw new Error(`problems in the browser:\n${unexplained.join('\n')}`);
    },
    close: () => context.close(),
  };
}

// --- the stack's search index fills from the DynamoDB stream after seeding: wait for it once

const listSchema = z.object({
  items: z.array(z.object({ id: z.number() })),
  total: z.number().nullable().optional(),
});

/** Polls the API until every (query, university) returns the expected products: the index has caught up. */
export async function waitForSearchIndex(
  baseUrl: string,
  expectations: { q: string; university?: string; ids: number[] }[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = [...expectations];
  while (pending.length > 0) {
    const { q, university, ids } = pending[0];
    const params = new URLSearchParams({ q, limit: '60' });
    if (university) params.set('university', university);
    const res = await fetch(`${baseUrl}/api/products?${params}`);
    const found = res.ok ? listSchema.parse(await res.json()).items.map((i) => i.id) : [];
    if (ids.every((id) => found.includes(id))) {
      pending.shift();
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`search index never returned ${ids} for '${q}' (got ${found})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// --- reading the page as a person does

/** Product cards are <article>s; their titles are the level-3 headings (links to the product). */
export const cards = (scope: Page | Locator): Locator => scope.getByRole('article');
// Their text, not their innerText: the cards past a phone's fourth row are laid out only when
// they come near the screen (content-visibility, decision 035), and innerText is empty until then.
export async function cardTitles(scope: Page | Locator): Promise<string[]> {
  return cards(scope).getByRole('heading', { level: 3 }).allTextContents();
}

/**
 * Resolves once the app has taken over the page (created over a static shell, or hydrated over the
 * server's HTML) and knows the session: `<html data-app-ready>`. A person never waits for it; a
 * test does only where it says why (it reads state the app writes, or times what follows).
 */
export async function appReady(scope: Page | Locator): Promise<void> {
  const page = 'goto' in scope ? scope : scope.page();
  await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached' });
}
/**
 * Sets one of the local origin's switches (`/__local/render` {"mode"}, `/__local/api-delay` {"ms"}:
 * scripts/local/server.ts), failing loudly when the origin refuses it.
 */
export async function setLocalSwitch(baseUrl: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`PUT ${path} answered ${res.status}: ${await res.text()}`);
}

/** Holds every script of the app (/assets/*.js) until the returned function is called: the page is its HTML alone. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
/** 'US$ 1.250,00' → 1250 (every card shows its price through shared/money.ts: es-VE, 2 decimals). */
export async function cardPrices(scope: Page | Locator): Promise<number[]> {
  const texts = await cards(scope)
    .getByText(/^US\$ [\d.]+(,\d+)?$/)
    .allTextContents();
  return texts.map((t) => {
    expect2Decimals(t);
    return Number(t.slice(4).replace(/\./g, '').replace(',', '.'));
  });
}
function expect2Decimals(text: string): void {
  if (!/^US\$ \d{1,3}(\.\d{3})*,\d{2}$/.test(text))
    throw new Error(`price '${text}' is not shown with 2 decimals`);
}
/** The product page's price line: 'US$ 12,50', then the bolívar equivalent when a recent rate exists. */
export const productPriceLine = (page: Page): Locator => page.getByRole('main').locator('p.product-price');
/** The count under a results heading: 'N producto encontrado' / 'N productos encontrados'. */
export const countText = (page: Page): Locator =>
  page.getByRole('main').getByText(/^\d+ (producto encontrado|productos encontrados)$/);
export async function shownCount(page: Page): Promise<number> {
  const text = (await countText(page).textContent()) ?? '';
  return Number.parseInt(text, 10);
}
export const expectedCountText = (n: number) =>
  `${n} ${n === 1 ? 'producto encontrado' : 'productos encontrados'}`;

/** The marketplace's search box (the bar's own search form stays closed on the phone). */
export const searchBox = (page: Page): Locator =>
  page.getByRole('main').getByRole('searchbox', { name: 'Buscar productos' });

/**
 * Types a search as a person does and waits past the spec's 300 ms debounce for its results: the
 * heading names the term and the count replaces the loading text.
 */
export async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await page.getByRole('heading', { name: `Resultados para "${text.trim()}"` }).waitFor();
  await countText(page).waitFor();
}

/** Signs in on /login's form (the page must be there) and waits for the spec's success toast. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await page.getByText('¡Inicio de sesión exitoso!').first().waitFor();
}

// --- accessibility: axe-core run inside the page, serious and critical violations fail the test

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const axeViolationSchema = z.array(
  z.object({ id: z.string(), impact: z.string().nullable(), help: z.string(), targets: z.array(z.string()) }),
);

/**
 * axe-core's serious and critical violations on the page as it stands (issue 11's goal: none on
 * any page the journeys visit), or with `every` its violations of any impact (issue 28: none at all
 * on a phone's first pages). axe is evaluated through the DevTools protocol, which the page's CSP
 * does not govern, so the app's headers stay as they ship.
 */
export async function axeViolations(page: Page, every = false): Promise<z.infer<typeof axeViolationSchema>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const raw = await page.evaluate(async (every) => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => String(n.target)),
      }));
  }, every);
  return axeViolationSchema.parse(raw);
}

/**
 * Fails with what axe found (rule, impact, the first elements) unless nothing serious or critical;
 * with `every`, unless nothing at all (minor and moderate too, axe's `region` among them).
 */
export async function expectAccessible(
  page: Page,
  where = new URL(page.url()).pathname,
  every = false,
): Promise<void> {
  const found = await axeViolations(page, every);
  if (found.length > 0)
    throw new Error(
      `axe found ${every ? '' : 'serious/critical '}violations on ${where}:\n${found
        .map((v) => `- ${v.id} (${v.impact}): ${v.help} → ${v.targets.join(', ')}`)
        .join('\n')}`,
    );
}

/**
 * An ID token as the web app gets one (SRP through the local Cognito endpoint: `signInLocal`), for
 * the API calls a journey makes itself to arrange what it tests.
 */
export async function sessionToken(
  baseUrl: string,
  cognitoEndpoint: string,
  email: string,
  password: string,
): Promise<string> {
  const config = z
    .object({ auth: z.object({ userPoolId: z.string(), userPoolClientId: z.string() }) })
    .parse(await (await fetch(`${baseUrl}/runtime-config.json`)).json());
  const { idToken } = await signInLocal(
    {
      cognito: {
        endpoint: cognitoEndpoint,
        userPoolId: config.auth.userPoolId,
        clientId: config.auth.userPoolClientId,
      },
    },
    { email, password },
  );
  return idToken;
}
