import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { setSearchIndexMode } from '../../scripts/local/search-switch';
import {
  activeProducts,
  cardTitles,
  countText,
  DESKTOP,
  demoProductByTitle,
  expectedCountText,
  launchChromium,
  openSession,
  search,
  type Session,
  shownCount,
  waitForSearchIndex,
} from './journey-support';

/**
 * The search index goes down while people use the marketplace (the local stack's switch, scripts/
 * local/search-switch.ts, makes it fail or hang): searches still answer from DynamoDB with the
 * index's matching (a typo included), counts are still shown, and once the index is back it gives
 * the same answers. In a real headless Chromium against the local stack, on a phone unless said.
 */
const baseUrl = inject('baseUrl');
const UCAB = 'ucab';
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
  await waitForSearchIndex(baseUrl, [
    {
      q: 'calculadora',
      university: UCAB,
      ids: [demoProductByTitle(UCAB, CASIO).id, demoProductByTitle(UCAB, HP).id],
    },
    { q: lastSeeded.title, ids: [lastSeeded.id] },
  ]);
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  // Whatever happened in a test, the next one (and the next file) finds the index answering.
  await setSearchIndexMode(baseUrl, 'ok');
});

afterAll(async () => {
  await browser?.close();
});

/** The marketplace of UCAB, on the phone, ready to search. */
async function marketplace(): Promise<Session> {
  const session = await open({ universityId: UCAB });
  await session.page.goto('/marketplace');
  await session.page.getByRole('heading', { name: 'Marketplace de UCAB', level: 1 }).waitFor();
  return session;
}

/** Searches and reads the grid: the titles (sorted) and the count shown above them. */
async function resultsOf(page: Page, text: string): Promise<{ titles: string[]; count: number }> {
  await search(page, text);
  return { titles: (await cardTitles(page)).sort(), count: await shownCount(page) };
}

describe('the search index fails', () => {
  it('a search with a typo still finds the calculators, counted, as the index does once it is back', async () => {
    // Prepare
    expect(await setSearchIndexMode(baseUrl, 'fail')).toBe('fail');
    const { page, expectNoProblems } = await marketplace();
    // Act: 'calculdora' (a letter missing) with the index down.
    const down = await resultsOf(page, 'calculdora');
    // Assess
    expect(down.titles).toContain(CASIO);
    expect(down.titles).toContain(HP);
    expect(down.count).toBe(down.titles.length);
    expect(await countText(page).textContent()).toBe(expectedCountText(down.count));
    // The index back: the same search, the same answer.
    expect(await setSearchIndexMode(baseUrl, 'ok')).toBe('ok');
    await page.reload();
    await page.getByRole('heading', { name: 'Resultados para "calculdora"' }).waitFor();
    await countText(page).waitFor();
    expect((await cardTitles(page)).sort()).toEqual(down.titles);
    expect(await shownCount(page)).toBe(down.count);
    expectNoProblems();
  });

  it('the global marketplace still counts every product, beyond the first page it shows', async () => {
    await setSearchIndexMode(baseUrl, 'fail');
    const { page, expectNoProblems } = await open(DESKTOP);
    await page.goto('/global-marketplace');
    await page.getByRole('heading', { name: 'Todos los productos' }).waitFor();
    await countText(page).waitFor();
    expect(await shownCount(page)).toBe(activeProducts().length);
    expect((await cardTitles(page)).length).toBeLessThan(activeProducts().length);
    expectNoProblems();
  });
});

describe('the search index hangs', () => {
  it('the answer still comes (after the search timeout), and the index answers again once restored', async () => {
    // Prepare
    expect(await setSearchIndexMode(baseUrl, 'hang')).toBe('hang');
    const { page, expectNoProblems } = await marketplace();
    // Act
    const started = Date.now();
    const hung = await resultsOf(page, 'calculadora');
    const waited = Date.now() - started;
    // Assess: the fallback's answer, after the timeout (1.5 s locally), counted.
    expect(hung.titles).toEqual(expect.arrayContaining([CASIO, HP]));
    expect(hung.count).toBe(hung.titles.length);
    expect(waited).toBeGreaterThanOrEqual(1_000);
    // Restored: the index answers at once, with the same results.
    expect(await setSearchIndexMode(baseUrl, 'ok')).toBe('ok');
    const again = await resultsOf(page, 'calculadoras');
    expect(again.titles).toEqual(hung.titles);
    expect(again.count).toBe(hung.count);
    expect(await setSearchIndexMode(baseUrl)).toBe('ok');
    expectNoProblems();
  });
});
