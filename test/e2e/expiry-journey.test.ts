import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_EXPIRED_ID } from '../../scripts/demo/expiry';
import { DEMO_SELLER_PRODUCTS } from '../../scripts/demo/questions';
import { DEMO_SELLER } from '../../scripts/local/demo-users';
import { runLocalExpiry } from '../../scripts/local/expiry-timer';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../scripts/local/parts/dynamodb';
import { EXPIRY_MESSAGES, expiryLabel } from '#shared/listing-expiry';
import { keys } from '#shared/table';
import { eventually, mailTo } from '../support/mailbox';
import { launchChromium, openSession, search, type Session, signIn } from './journey-support';

/**
 * Listing expiry in Chromium on a phone (issue 13, decision 030), against the local stack: the
 * demo seller sees 'Vence en N días' in /my-products; the reminder mail's 'Renovar' link works
 * once, without a session; after the expiry job expires a listing (its expiry written into the
 * past in the table, then the local stack's job run at once through its control path), the
 * listing shows 'Vencido' and 'Renovar', is gone from search, and 'Renovar' puts it back.
 */
const baseUrl = inject('baseUrl');
const sesEndpoint = inject('sesEndpoint');
const PRODUCT = DEMO_SELLER_PRODUCTS[1]; // 'Parlante Bluetooth JBL Flip 5', expiring in 2 days in the demo
const SEARCH = 'Parlante JBL Flip';

let browser: Browser;
let seller: Session;
let page: Page;
let doc: DynamoDBDocumentClient;
const tableName = inject('tableName');

const row = (title: string) => page.getByRole('listitem').filter({ hasText: title });
const stored = async (id: number) =>
  (await doc.send(new GetCommand({ TableName: tableName, Key: keys.product(id), ConsistentRead: true })))
    .Item as Record<string, unknown> | undefined;

/** Search, again and again while the index follows the table's stream, until it (does not) find the title. */
async function searchFinds(expected: boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  // Search answers are public for 30 s (and stale-while-revalidate): each try asks the API afresh.
  const cdp = await page.context().newCDPSession(page);
  for (;;) {
    await cdp.send('Network.clearBrowserCache');
    await page.goto('/marketplace');
    await search(page, SEARCH);
    const results = page.locator('section', {
      has: page.getByRole('heading', { name: `Resultados para "${SEARCH}"` }),
    });
    // By its link: the demo repeats titles across universities.
    const found = (await results.locator(`a[href="/product/${PRODUCT.id}"]`).count()) > 0;
    if (found === expected) return;
    if (Date.now() > deadline)
      throw new Error(`search for '${SEARCH}' still ${found ? 'finds' : 'misses'} it`);
    await page.waitForTimeout(500);
  }
}

beforeAll(async () => {
  doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('dynamodbEndpoint'),
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
  browser = await launchChromium();
  seller = await openSession(browser, baseUrl, { universityId: 'ucab' });
  page = seller.page;
  await page.goto('/login');
  await signIn(page, DEMO_SELLER.email, DEMO_SELLER.password);
});
afterAll(async () => {
  await seller?.close();
  await browser?.close();
  doc?.destroy();
});

describe('the seller sees when listings expire', () => {
  it("shows 'Vence en N días' (Caracas calendar days) and the demo's expired listing as 'Vencido' with 'Renovar'", async () => {
    const item = await stored(PRODUCT.id);
    const label = expiryLabel(String(item?.expires_at), new Date());
    expect(label).toMatch(/^Vence en [12] días?$/);
    await page.goto('/my-products');
    await row(PRODUCT.title).getByText(label).waitFor();
    const expired = await stored(DEMO_EXPIRED_ID);
    const expiredRow = row(String(expired?.title));
    await expiredRow.getByText('Vencido', { exact: true }).waitFor();
    await expiredRow.getByRole('button', { name: `Renovar ${String(expired?.title)}` }).waitFor();
    // Buyers see nothing about it: the product page says neither 'Vence' nor 'Vencido'.
    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByRole('heading', { name: PRODUCT.title, level: 1 }).waitFor();
    expect(await page.getByText(/Vence|Vencid/).count()).toBe(0);
    seller.expectNoProblems();
  });
});

describe("the reminder mail's one-click link", () => {
  let link = '';

  it('is mailed to the seller three days before, once', async () => {
    await runLocalExpiry(baseUrl);
    const mails = await eventually(
      'the expiry reminder',
      () => mailTo(sesEndpoint, DEMO_SELLER.email),
      (list) => list.some((m) => m.subject === `Tu publicación «${PRODUCT.title}» está por vencer`),
    );
    const reminders = mails.filter((m) => m.subject === `Tu publicación «${PRODUCT.title}» está por vencer`);
    expect(reminders).toHaveLength(1);
    link = reminders[0].text.match(/https?:\/\/\S+\/publicacion\/renovar#token=[\w.-]+/)?.[0] ?? '';
    expect(link.startsWith(baseUrl)).toBe(true);
    // Another run mails nothing more.
    await runLocalExpiry(baseUrl);
    const again = await mailTo(sesEndpoint, DEMO_SELLER.email);
    expect(
      again.filter((m) => m.subject.includes('está por vencer') && m.subject.includes(PRODUCT.title)),
    ).toHaveLength(1);
  });

  it('renews without a session, once; the second time it says the link was used', async () => {
    const before = String((await stored(PRODUCT.id))?.expires_at);
    const visitor = await openSession(browser, baseUrl);
    try {
      await visitor.page.goto(link);
      await visitor.page.getByText(EXPIRY_MESSAGES.renewed).waitFor();
      await visitor.page.getByRole('link', { name: 'Ver publicación' }).waitFor();
      const after = String((await stored(PRODUCT.id))?.expires_at);
      expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
      await visitor.page.goto('/');
      await visitor.page.goto(link);
      await visitor.page.getByText(EXPIRY_MESSAGES.usedLink).waitFor();
      expect(String((await stored(PRODUCT.id))?.expires_at)).toBe(after);
      // A tampered link says it is not valid.
      await visitor.page.goto(`${link.slice(0, -3)}xyz`);
      await visitor.page.getByText(EXPIRY_MESSAGES.invalidLink).waitFor();
      // The refusals are the API's answers (409, 400), which the browser logs as failed requests.
      visitor.expectNoProblems([/status of 409/, /status of 400/]);
    } finally {
      await visitor.close();
    }
  });
});

describe('after the expiry job', () => {
  it("a listing past its expiry is 'Vencido' with 'Renovar' and gone from search", async () => {
    await searchFinds(true);
    // Move the listing's clock: its expiry (and its gsi7 step, which the job reads) a minute ago.
    const past = new Date(Date.now() - 60_000).toISOString();
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.product(PRODUCT.id),
        UpdateExpression: 'SET expires_at = :e, gsi7sk = :s REMOVE reminded_for',
        ExpressionAttributeValues: { ':e': past, ':s': `${past}#${String(PRODUCT.id).padStart(12, '0')}` },
      }),
    );
    const run = await runLocalExpiry(baseUrl);
    expect(run?.expired).toBeGreaterThanOrEqual(1);
    expect((await stored(PRODUCT.id))?.status).toBe('expired');
    await page.goto('/my-products');
    const listing = row(PRODUCT.title);
    await listing.getByText('Vencido', { exact: true }).waitFor();
    await listing.getByRole('button', { name: `Renovar ${PRODUCT.title}` }).waitFor();
    await searchFinds(false);
    // Its public page is gone like a sold one's.
    await page.goto(`/product/${PRODUCT.id}`);
    await page.getByRole('heading', { name: 'Producto no encontrado' }).waitFor();
  });

  it("'Renovar' puts it back at once: on offer, in search, 'Vence en 60 días'", async () => {
    await page.goto('/my-products');
    const listing = row(PRODUCT.title);
    await listing.getByRole('button', { name: `Renovar ${PRODUCT.title}` }).click();
    await page.getByText(EXPIRY_MESSAGES.renewed).first().waitFor();
    await listing.getByText('Vence en 60 días').waitFor();
    await listing.getByText('Activo', { exact: true }).waitFor();
    expect((await stored(PRODUCT.id))?.status).toBe('active');
    await searchFinds(true);
    // The expired listing's page answered 404 while it was expired (the step before): its document,
    // rendered for anyone, and the API's answer.
    seller.expectNoProblems([new RegExp(`status of 404 .*/(api/products|product)/${PRODUCT.id}\\)`)]);
  });
});
