import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATEGORY_LABELS, FILTER_CATEGORIES, SORT_LABELS } from '#shared/enums';
import { formatUsd } from '#shared/money';
import { UNIVERSITY_COOKIE } from '#shared/pages';
import { DEMO_UNIVERSITIES } from '../../scripts/demo/data';
import {
  activeProducts,
  cardPrices,
  productPriceLine,
  cards,
  cardTitles,
  countText,
  DESKTOP,
  demoProduct,
  demoProductByTitle,
  expectedCountText,
  launchChromium,
  openSession,
  search,
  searchBox,
  type Session,
  shownCount,
  waitForSearchIndex,
} from './journey-support';

/**
 * A newcomer's first visit, in a real headless Chromium against the local stack (`npm start`'s),
 * on a 360×740 touch phone unless said otherwise: choose a university, browse the sections, search
 * (accents, typo, nothing found, history), filter and sort, open a product and share it, and get
 * lost on unknown routes. Every step goes through what a person sees: roles and Spanish text.
 * Expected figures come from the deterministic demo catalogue the stack was seeded with.
 */
const baseUrl = inject('baseUrl');
const UCAB = 'ucab';
const UCAB_FULL_NAME = 'Universidad Católica Andrés Bello';
const STEWART = 'Libro de Cálculo de Stewart 7ma edición';
const CASIO = 'Calculadora Casio fx-570';
const HP = 'Calculadora financiera HP 12C';

let browser: Browser;
const sessions: Session[] = [];

async function open(options: Parameters<typeof openSession>[2] = {}): Promise<Session> {
  const session = await openSession(browser, baseUrl, options);
  sessions.push(session);
  return session;
}

beforeAll(async () => {
  browser = await launchChromium();
  const lastSeeded = activeProducts().reduce((a, b) => (b.id > a.id ? b : a));
  // Seeded products reach the search index through the DynamoDB stream: wait until the ones the
  // searches below rely on are there, so a slow machine does not look like a search bug.
  await waitForSearchIndex(baseUrl, [
    { q: 'stewart', university: UCAB, ids: [demoProductByTitle(UCAB, STEWART).id] },
    {
      q: 'calculadora',
      university: UCAB,
      ids: [demoProductByTitle(UCAB, CASIO).id, demoProductByTitle(UCAB, HP).id],
    },
    // The last product seeded: once it is searchable, the stream has been read to its end.
    { q: lastSeeded.title, ids: [lastSeeded.id] },
  ]);
});

afterEach(async () => {
  // Each test has its own context: a failure leaves nothing behind for the next one.
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page, name: string | RegExp, level?: number) =>
  page.getByRole('heading', { name, level, exact: typeof name === 'string' ? true : undefined });

describe('a newcomer on a phone', () => {
  it('chooses a university: sees the four, narrows them by name, picks UCAB and lands on its marketplace', async () => {
    const { page, expectNoProblems } = await open();
    await page.goto('/');
    await heading(page, 'Elige tu universidad').waitFor();

    const choices = page.getByRole('link', { name: /^Elegir / });
    await choices.first().waitFor();
    expect(await choices.count()).toBe(4);
    for (const u of DEMO_UNIVERSITIES) {
      await page.getByRole('link', { name: u.full_name }).waitFor();
    }

    const nameSearch = page.getByRole('searchbox', { name: 'Buscar universidad' });
    // Typed maybe before the app has hydrated the server's page: the text counts once it has.
    await nameSearch.fill('santa');
    await expect.poll(() => choices.count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('link', { name: 'Universidad Santa María' }).waitFor();
    // Typed without accents, as on a phone keyboard.
    await nameSearch.fill('catolica');
    await expect.poll(() => choices.count()).toBe(1);
    await nameSearch.fill('zzzz');
    await page.getByText('No se encontraron universidades').waitFor();
    expect(await choices.count()).toBe(0);
    await nameSearch.fill('');
    await expect.poll(() => choices.count()).toBe(4);

    const started = Date.now();
    await page.getByRole('link', { name: UCAB_FULL_NAME }).tap();
    await page
      .getByRole('status')
      .filter({ hasText: `Has seleccionado ${UCAB_FULL_NAME}` })
      .waitFor();
    // Still on the selection page while the confirmation shows: the spec waits 0.5 s so it can be read.
    expect(new URL(page.url()).pathname).toBe('/');
    // Then the marketplace within about a second (some slack for the route's chunk on a busy machine).
    await page.waitForURL((url) => url.pathname === '/marketplace', { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await page.evaluate(() => localStorage.getItem('selectedUniversity'))).toBe(UCAB);
    await heading(page, 'Marketplace de UCAB', 1).waitFor();
    expectNoProblems();
  });

  it('opens a shared search link before choosing: the chooser first, then back to the search', async () => {
    const { page, expectNoProblems } = await open();
    await page.goto('/search?q=calculadora');
    // No university in the URL nor the cookie: the chooser, rendered in the search's place, whose
    // cards lead back to the search (with the app: to the chooser's address, then back).
    await heading(page, 'Elige tu universidad').waitFor();
    const card = page.getByRole('link', { name: UCAB_FULL_NAME });
    expect(await card.getAttribute('href')).toBe('/search?q=calculadora&university=ucab');
    // Tapped at first sight: followed as a link, or chosen by the app, the same end.
    await card.tap();
    await page
      .getByRole('status')
      .filter({ hasText: `Has seleccionado ${UCAB_FULL_NAME}` })
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'calculadora');
    await page.getByRole('heading', { level: 3, name: CASIO, exact: true }).waitFor();
    expectNoProblems();
  });

  it('comes back with a choice kept in the browser but no cookie: the chooser sends them on at once', async () => {
    // A choice made before the cookie existed, or a cookie the browser dropped: the server sees
    // no university and answers the chooser, which knows the stored one.
    const { page, context, expectNoProblems } = await open({ universityId: UCAB, universityCookie: false });
    expect(await context.cookies()).toEqual([]);
    const entries = await page.evaluate(() => history.length);
    await page.goto('/marketplace');
    await page.waitForURL((url) => url.pathname === '/marketplace');
    await heading(page, 'Marketplace de UCAB', 1).waitFor();
    // The chooser is not a step in the history: back does not return to it.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    // The app wrote the cookie: the next visit is rendered by the server at once.
    expect((await context.cookies()).find((c) => c.name === UNIVERSITY_COOKIE)?.value).toBe(UCAB);
    expectNoProblems();
  });

  it('browses the category sections (at most 4 each) and "Ver todos" applies the category', async () => {
    const { page, expectNoProblems } = await open({ universityId: UCAB });
    await page.goto('/marketplace');
    await heading(page, 'Marketplace de UCAB', 1).waitFor();
    await page.getByRole('link', { name: 'Cambiar universidad' }).waitFor();

    const ucab = activeProducts(UCAB);
    const expected = FILTER_CATEGORIES.map((c) => ({
      category: c,
      label: CATEGORY_LABELS[c],
      count: ucab.filter((p) => p.category === c).length,
    })).filter((s) => s.count > 0);
    expect(expected.length).toBeGreaterThan(3);
    const regions = page.getByRole('main').getByRole('region');
    // Each section loads on its own (one query per category) and shows once it has products.
    const sectionNames = async () =>
      (
        await regions.evaluateAll((els) =>
          els.map(
            (el) =>
              document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '',
          ),
        )
      ).filter((n) => expected.some((s) => s.label === n));
    await expect.poll(sectionNames, { timeout: 10_000 }).toEqual(expected.map((s) => s.label));

    for (const s of expected) {
      const region = page.getByRole('region', { name: s.label, exact: true });
      await cards(region).first().waitFor();
      expect(await cards(region).count()).toBe(Math.min(4, s.count));
      const titles = await cardTitles(region);
      for (const t of titles)
        expect(ucab.filter((p) => p.category === s.category).map((p) => p.title)).toContain(t);
      await region.getByRole('link', { name: `Ver todos: ${s.label}` }).waitFor();
    }

    const electronics = ucab.filter((p) => p.category === 'electronica');
    await page.getByRole('link', { name: 'Ver todos: Electrónica' }).tap();
    await heading(page, 'Productos filtrados').waitFor();
    await countText(page).waitFor();
    expect(await countText(page).textContent()).toBe(expectedCountText(electronics.length));
    expect((await cardTitles(page)).sort()).toEqual(electronics.map((p) => p.title).sort());
    await page.getByRole('button', { name: 'Quitar filtro Electrónica' }).waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBe('electronica');
    expectNoProblems();
  });

  it('searches with and without accents, with a typo and for nothing, and remembers the searches', async () => {
    const { page, expectNoProblems } = await open({ universityId: UCAB });
    await page.goto('/marketplace');
    await heading(page, 'Marketplace de UCAB', 1).waitFor();

    const resultsOf = async (text: string) => {
      await search(page, text);
      const titles = await cardTitles(page);
      // The count names what the grid shows (every result fits on the first page here).
      expect(await countText(page).textContent()).toBe(expectedCountText(titles.length));
      return titles.sort();
    };

    const withAccent = await resultsOf('cálculo');
    expect(withAccent).toContain(STEWART);
    expect(await resultsOf('calculo')).toEqual(withAccent);

    const electronicsWithAccent = await resultsOf('electrónica');
    expect(electronicsWithAccent).toContain(CASIO);
    expect(await resultsOf('electronica')).toEqual(electronicsWithAccent);

    const typo = await resultsOf('calculadra');
    expect(typo).toContain(CASIO);
    expect(typo).toContain(HP);

    await search(page, 'zxqwvbnk');
    await page.getByRole('main').getByText('No se encontraron productos').waitFor();
    expect(await countText(page).textContent()).toBe('0 productos encontrados');
    expect(await cards(page).count()).toBe(0);

    // With text in the focused box, the recent searches show: distinct, newest first, at most 5.
    const history = page.getByRole('list', { name: 'Búsquedas recientes' });
    await history.waitFor();
    expect(await history.getByRole('button').allInnerTexts()).toEqual([
      'zxqwvbnk',
      'calculadra',
      'electronica',
      'electrónica',
      'calculo',
    ]);
    await history.getByRole('button', { name: 'calculadra' }).tap();
    expect(await searchBox(page).inputValue()).toBe('calculadra');
    await heading(page, 'Resultados para "calculadra"').waitFor();
    await countText(page).waitFor();
    expect(await cardTitles(page)).toContain(CASIO);
    expectNoProblems();
  });

  it('filters by condition and sorts by price; the badge, the chips and "Limpiar todo" follow', async () => {
    const { page, expectNoProblems } = await open({ universityId: UCAB });
    await page.goto('/marketplace');
    await heading(page, 'Marketplace de UCAB', 1).waitFor();

    await page.getByRole('button', { name: 'Filtros', exact: true }).tap();
    const panel = page.getByRole('dialog', { name: 'Filtros' });
    await panel.getByLabel('Condición').selectOption({ label: 'Usado' });
    await panel.getByLabel('Ordenar por').selectOption({ label: SORT_LABELS['price-low'] });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    const ucab = activeProducts(UCAB);
    const used = ucab.filter((p) => p.condition === 'usado');
    await heading(page, 'Productos filtrados').waitFor();
    await expect.poll(() => countText(page).textContent()).toBe(expectedCountText(used.length));
    await page.getByRole('button', { name: /^Filtros \(2 activos?\)$/ }).waitFor();
    expect(await page.getByTestId('filter-count').textContent()).toBe('2');
    const chips = page.getByRole('list', { name: 'Filtros activos' });
    await chips.getByRole('button', { name: 'Quitar filtro Usado' }).waitFor();
    await chips.getByRole('button', { name: `Quitar filtro ${SORT_LABELS['price-low']}` }).waitFor();

    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The cheapest used products of the university, in order (the first page of them).
    expect(prices).toEqual(
      used
        .map((p) => p.price)
        .sort((a, b) => a - b)
        .slice(0, prices.length),
    );

    // Removing one chip keeps the other filter.
    await chips.getByRole('button', { name: 'Quitar filtro Usado' }).tap();
    await expect.poll(() => countText(page).textContent()).toBe(expectedCountText(ucab.length));
    await page.getByRole('button', { name: /^Filtros \(1 activos?\)$/ }).waitFor();
    const allPrices = await cardPrices(page);
    expect(allPrices).toEqual([...allPrices].sort((a, b) => a - b));
    expect(allPrices[0]).toBe(Math.min(...ucab.map((p) => p.price)));

    await chips.getByRole('button', { name: 'Limpiar todo' }).tap();
    await chips.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filtros', exact: true }).waitFor();
    expect(await page.getByTestId('filter-count').count()).toBe(0);
    await page
      .getByRole('link', { name: /^Ver todos: / })
      .first()
      .waitFor();
    expect(new URL(page.url()).search).toBe('');
    expectNoProblems();
  });

  it('opens a product from a card and shares it by WhatsApp and by copying the link', async () => {
    const { page, expectNoProblems } = await open({ universityId: UCAB });
    const casio = demoProductByTitle(UCAB, CASIO);
    await page.goto('/marketplace');
    await heading(page, 'Marketplace de UCAB', 1).waitFor();
    await search(page, 'casio');
    await page.getByRole('link', { name: CASIO, exact: true }).tap();
    await page.waitForURL((url) => url.pathname === `/product/${casio.id}`);

    await heading(page, CASIO, 1).waitFor();
    // Price with 2 decimals, in USD, and its bolívar equivalent at the demo's BCV rate (decision 033).
    await expect
      .poll(() => productPriceLine(page).textContent())
      .toMatch(
        /^US\$ \d{1,3}(\.\d{3})*,\d{2} · ≈ Bs\. \d{1,3}(\.\d{3})*,\d{2} \(tasa BCV del \d{2}\/\d{2}\/\d{4}\)$/,
      );
    expect(await productPriceLine(page).textContent()).toContain(formatUsd(casio.price));
    const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await breadcrumb.getByRole('link', { name: 'Marketplace' }).waitFor();
    await breadcrumb.getByRole('link', { name: CATEGORY_LABELS.electronica }).waitFor();
    expect(await breadcrumb.textContent()).toContain(CASIO);

    const related = page.getByRole('region', { name: 'Productos relacionados' });
    await cards(related).first().waitFor();
    const sameShelf = activeProducts(UCAB).filter((p) => p.category === casio.category && p.id !== casio.id);
    const relatedTitles = await cardTitles(related);
    expect(relatedTitles.length).toBe(Math.min(4, sameShelf.length));
    for (const t of relatedTitles) expect(sameShelf.map((p) => p.title)).toContain(t);

    // Opening the card recorded it as recently viewed.
    const recent = await page.evaluate(() => localStorage.getItem('recentlyViewedProducts') ?? '');
    expect(recent).toContain(`"id":${casio.id}`);

    const productUrl = `${baseUrl}/product/${casio.id}`;
    const share = page.getByRole('heading', { name: CASIO, level: 1 }).locator('..').getByRole('button', {
      name: 'Compartir',
    });
    await share.tap();
    const menu = page.getByRole('dialog', { name: 'Compartir' });
    const whatsapp = menu.getByRole('link', { name: 'Compartir por WhatsApp' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    // A phone gets WhatsApp's app link.
    expect(href.startsWith('whatsapp://send?text=')).toBe(true);
    const text = new URL(href).searchParams.get('text') ?? '';
    expect(text.startsWith('¡Mira este producto!')).toBe(true);
    expect(text).toBe(`¡Mira este producto! ${CASIO} por $${casio.price} ${productUrl}`);

    await menu.getByRole('button', { name: 'Copiar link' }).tap();
    await page.getByRole('status').filter({ hasText: 'Link copiado al portapapeles' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(productUrl);
    await menu.waitFor({ state: 'hidden' });
    expectNoProblems();
  });

  it('gets a not-found view with a way back on unknown routes, products and careers', async () => {
    const { page, expectNoProblems } = await open({ universityId: UCAB });
    await page.goto('/no-existe');
    await heading(page, 'Página no encontrada').waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).tap();
    await page.waitForURL((url) => url.pathname === '/');
    await heading(page, 'Elige tu universidad').waitFor();

    await page.goto('/product/999999');
    await heading(page, 'Producto no encontrado').waitFor();
    await page.getByRole('link', { name: 'Volver al marketplace' }).waitFor();

    await page.goto('/carrera/xyz');
    await heading(page, 'Carrera no encontrada').waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).waitFor();

    await page.goto('/categoria/xyz');
    await heading(page, 'Categoría no encontrada').waitFor();
    // The browser reports the documents' 404 (the server render's status for a missing product,
    // career or category) and, after a navigation inside the app, the API's: those are expected.
    expectNoProblems([
      /status of 404.*\/(api\/products|product)\/999999\b/,
      /status of 404.*\/(carrera\/xyz|categoria\/xyz)\b/,
    ]);
  });
});

describe('a newcomer on a desktop', () => {
  it('sees the global marketplace with the newest products of every university', async () => {
    const { page, expectNoProblems } = await open(DESKTOP);
    await page.goto('/global-marketplace');
    await heading(page, 'Marketplace Global', 1).waitFor();

    const all = activeProducts();
    const newest = [...all].sort((a, b) => b.id - a.id);
    // The strip: the first 8 (its looping copies are hidden from assistive technology).
    const strip = page.getByRole('region', { name: 'Productos destacados' });
    await strip.getByRole('link').first().waitFor();
    const stripHrefs = await strip
      .getByRole('link')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(stripHrefs).toEqual(newest.slice(0, 8).map((p) => `/product/${p.id}`));

    await heading(page, 'Todos los productos').waitFor();
    await countText(page).waitFor();
    expect(await shownCount(page)).toBe(all.length);
    const listed = await cards(page)
      .getByRole('link')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('href')?.split('/').pop())));
    expect(listed.length).toBeGreaterThan(4);
    const universities = new Set(listed.map((id) => demoProduct(id).university_id));
    expect(universities.size).toBeGreaterThan(1);
    expectNoProblems();
  });

  it('shares a product with WhatsApp web on a desktop', async () => {
    const { page, expectNoProblems } = await open({ ...DESKTOP, universityId: UCAB });
    const hp = demoProductByTitle(UCAB, HP);
    await page.goto(`/product/${hp.id}`);
    await heading(page, HP, 1).waitFor();
    await page
      .getByRole('heading', { name: HP, level: 1 })
      .locator('..')
      .getByRole('button', { name: 'Compartir' })
      .click();
    const href =
      (await page
        .getByRole('dialog', { name: 'Compartir' })
        .getByRole('link', { name: 'Compartir por WhatsApp' })
        .getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe(
      `¡Mira este producto! ${HP} por $${hp.price} ${baseUrl}/product/${hp.id}`,
    );
    expectNoProblems();
  });
});
