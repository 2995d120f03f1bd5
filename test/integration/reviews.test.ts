import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createReviewRepository } from '../../functions/adapters/dynamodb/reviews';
import { resetContext } from '../../functions/app/context';
import { sweepReviewWindows } from '../../functions/services/deals/review-windows';
import type { LocalServer } from '../../scripts/local/server';
import { type BuyerDeal, DELETED_ACCOUNT_NAME } from '#shared/deals';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import {
  type AdminReviewReport,
  type PublicReview,
  REVIEW_MESSAGES,
  REVIEW_REPORT_MESSAGES,
  type Reputation,
} from '#shared/reviews';
import { INDEXES, keys } from '#shared/table';
import {
  type AccountParts,
  signInWithProfiles,
  startAccountParts,
  startApiServer,
} from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { setHandlerContext } from '../support/callers';
import { eventually } from '../support/mailbox';
import { MemorySearchIndex } from '../support/memory-search-index';
import { useNotifySecret } from '../support/notifications';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Reviews (issue 40) through the local server and the real handlers, on DynamoDB Local: only the
 * two sides of a confirmed deal, once each, within the window; hidden until both wrote (then both
 * at once) or the window closed (the sweep); one counted review per pair per 30 days; the seller
 * page's figures and list after each step; the reply; the mails from the stream. Each person is
 * new to each test (their averages start empty).
 */
const password = 'Clave12345';
const people = Array.from({ length: 48 }, (_, i) => ({
  email: `resena${i}@correo.com`,
  password,
  name: `Persona ${i}`,
  nationalId: `V7300${String(i).padStart(4, '0')}`,
  universityId: 'ucab',
  // The last one is an admin (the reports of reviews).
  groups: i === 47 ? ['admin'] : [],
}));
const ADMIN = 47;

let table: TableAccess;
let parts: AccountParts;
let server: LocalServer;
let stream: TestStream;
const token: string[] = [];
const sub: string[] = [];
let next = 0;
/** Two, three… people nobody used before, as [seller, buyer, …]. */
const fresh = (n = 2) => Array.from({ length: n }, () => next++);

async function api(
  who: number | null,
  method: string,
  path: string,
  body?: unknown,
  key: string = randomUUID(),
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(who !== null ? { authorization: `Bearer ${token[who]}` } : {}),
      ...(method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const review = (who: number | null, id: number, body: unknown, key?: string) =>
  api(who, 'POST', `/api/me/deals/${id}/review`, body, key);
const sellerPage = async (seller: number) =>
  (await api(null, 'GET', `/api/sellers/${sub[seller]}`)).body as {
    reputation: Reputation;
    reviews: { items: PublicReview[]; next_cursor: string | null };
  };
const buyerDeal = async (buyer: number, id: number) =>
  ((await api(buyer, 'GET', '/api/me/purchases')).body as { deals: BuyerDeal[] }).deals.find(
    (d) => d.product_id === id,
  );
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

/** A deal between them: the buyer contacts, the seller sells to them, the buyer confirms. */
async function confirmedDeal(seller: number, buyer: number, confirm = true): Promise<number> {
  const p = await makeProduct(table, {
    university_id: uniqueUniversity('rev'),
    owner_id: sub[seller],
    title: `Lámpara ${randomUUID().slice(0, 6)}`,
  });
  expect((await api(buyer, 'GET', `/api/products/${p.id}/contact`)).status).toBe(200);
  expect(
    (await api(seller, 'PATCH', `/api/me/products/${p.id}`, { status: 'sold', buyer_id: sub[buyer] })).status,
  ).toBe(200);
  if (confirm)
    expect((await api(buyer, 'POST', `/api/me/purchases/${p.id}/answer`, { received: true })).status).toBe(
      200,
    );
  return p.id;
}

/** Moves a deal's review window: it closes at `until`, its next step due at `due`. */
async function moveWindow(id: number, until: Date, due: Date) {
  await table.doc.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.deal(id),
      UpdateExpression: 'SET review_until = :until, #due = :due',
      ExpressionAttributeNames: { '#due': INDEXES.gsi7.sk },
      ExpressionAttributeValues: {
        ':until': until.toISOString(),
        ':due': keys.expiryDueSort(due.toISOString(), id),
      },
    }),
  );
}

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts(people);
  useNotifySecret();
  setHandlerContext({ search: new MemorySearchIndex() });
  server = await startApiServer(parts, 'reviews');
  stream = await startTestStream(table);
  // Every other person has a verified institutional address (a review shows its author's).
  const signedIn = await signInWithProfiles(parts, table, people, (_, i) =>
    i % 2 === 0
      ? {
          university_email: `resena${i}@est.ucab.edu.ve`,
          university_email_verified: true,
          university_id: 'ucab',
        }
      : {},
  );
  for (const [i, p] of signedIn.entries()) [token[i], sub[i]] = [p.token, p.sub];
});
afterAll(async () => {
  await stream?.stop();
  await server?.close();
  await parts?.stop();
  resetContext();
});

describe('reviews of a confirmed deal', () => {
  it('keeps the first review hidden until the second, then shows both at once and moves the figures', async () => {
    const [seller, buyer] = fresh() as [number, number];
    const id = await confirmedDeal(seller, buyer);
    const first = await review(buyer, id, { stars: 4, text: 'Todo bien, puntual en la entrega.' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ product_id: id, side: 'buyer', visible: false });
    // Hidden: no list entry, no average; the completed deal counts already.
    let page = await sellerPage(seller);
    expect(page.reviews.items).toEqual([]);
    expect(page.reputation).toMatchObject({ seller_average: null, seller_reviews: 0, deals_completed: 1 });
    // The seller cannot read it either before writing theirs.
    expect(
      (await api(seller, 'POST', `/api/me/deals/${id}/reviews/buyer/reply`, { text: 'Gracias' })).status,
    ).toBe(409);

    const second = await review(seller, id, { stars: 5, text: null });
    expect(second.body).toEqual({ product_id: id, side: 'seller', visible: true });
    page = await sellerPage(seller);
    expect(page.reputation).toMatchObject({ seller_average: 4, seller_reviews: 1, deals_completed: 1 });
    expect(page.reviews.items).toHaveLength(1);
    expect(page.reviews.items[0]).toMatchObject({
      product_id: id,
      side: 'buyer',
      author_name: people[buyer]?.name,
      author_verified: buyer % 2 === 0,
      stars: 4,
      text: 'Todo bien, puntual en la entrega.',
      reply_text: null,
    });
    // The buyer's rating: an average on their own card, their review of them only in their 'Mis Compras'.
    expect((await sellerPage(buyer)).reputation).toMatchObject({ buyer_average: 5, buyer_reviews: 1 });
    expect((await sellerPage(buyer)).reviews.items).toEqual([]);
    expect((await buyerDeal(buyer, id))?.received_review).toEqual({ stars: 5, text: null, reply_text: null });
  });

  it('refuses anyone outside the deal, an unconfirmed deal, a second review and bad input, changing nothing', async () => {
    const [seller, buyer, stranger] = fresh(3) as [number, number, number];
    const pending = await confirmedDeal(seller, buyer, false);
    const notConfirmed = await review(buyer, pending, { stars: 5 });
    expect(notConfirmed.status).toBe(409);
    expect(errorOf(notConfirmed.body)).toBe(REVIEW_MESSAGES.notConfirmed);

    const id = await confirmedDeal(seller, buyer);
    for (const who of [stranger]) {
      const res = await review(who, id, { stars: 1 });
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toBe(REVIEW_MESSAGES.notYours);
    }
    expect((await review(null, id, { stars: 1 })).status).toBe(401);
    for (const stars of [0, 6, 2.5, '5', null]) {
      const res = await review(buyer, id, { stars });
      expect(res.status, String(stars)).toBe(400);
      expect(errorOf(res.body)).toBe(REVIEW_MESSAGES.starsRequired);
    }
    const long = await review(buyer, id, { stars: 5, text: 'a'.repeat(501) });
    expect(errorOf(long.body)).toBe(REVIEW_MESSAGES.textTooLong);
    // Moderated as questions are: a phone number is refused, with the rules' Spanish reason.
    const phone = await review(buyer, id, { stars: 5, text: 'Escríbeme al 0414-1234567 para otra venta' });
    expect(phone.status).toBe(422);
    expect(await buyerDeal(buyer, id)).toMatchObject({ reviewed: false, can_review: true });

    expect((await review(buyer, id, { stars: 3 })).status).toBe(201);
    const again = await review(buyer, id, { stars: 1 });
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect(await buyerDeal(buyer, id)).toMatchObject({ reviewed: true, can_review: false });
  });

  it('answers a retried post (same key) with the first answer, and writes one review', async () => {
    const [seller, buyer] = fresh() as [number, number];
    const id = await confirmedDeal(seller, buyer);
    const key = randomUUID();
    const first = await review(buyer, id, { stars: 2 }, key);
    const retry = await review(buyer, id, { stars: 2 }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body).toEqual(first.body);
    expect((await review(seller, id, { stars: 4 })).status).toBe(201);
    expect((await sellerPage(seller)).reputation).toMatchObject({ seller_average: 2, seller_reviews: 1 });
  });

  it('shows both when the two sides write at the same moment, every time (neither mark is lost)', async () => {
    const [seller, buyer] = fresh() as [number, number];
    for (let round = 0; round < 4; round++) {
      const id = await confirmedDeal(seller, buyer);
      const results = await Promise.all([review(buyer, id, { stars: 5 }), review(seller, id, { stars: 3 })]);
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      // One of the two was second: it made both visible.
      expect(results.map((r) => (r.body as { visible: boolean }).visible).sort()).toEqual([false, true]);
      expect(await buyerDeal(buyer, id)).toMatchObject({
        reviewed: true,
        received_review: { stars: 3, text: null, reply_text: null },
      });
    }
    // The first deal's pair counted; the three others are shown and move nothing (30 days).
    expect((await sellerPage(seller)).reputation).toMatchObject({
      seller_average: 5,
      seller_reviews: 1,
      deals_completed: 4,
    });
    expect((await sellerPage(seller)).reviews.items).toHaveLength(4);
    expect((await sellerPage(buyer)).reputation).toMatchObject({ buyer_average: 3, buyer_reviews: 1 });
  });

  it('counts one review per pair of people per 30 days: a second deal is shown and moves nothing', async () => {
    const [seller, buyer] = fresh() as [number, number];
    const first = await confirmedDeal(seller, buyer);
    await review(buyer, first, { stars: 5 });
    await review(seller, first, { stars: 5 });
    const second = await confirmedDeal(seller, buyer);
    await review(buyer, second, { stars: 1, text: 'La segunda vez no fue igual.' });
    await review(seller, second, { stars: 1 });
    const page = await sellerPage(seller);
    expect(page.reputation).toMatchObject({ seller_average: 5, seller_reviews: 1, deals_completed: 2 });
    expect(page.reviews.items.map((r) => r.stars)).toEqual([1, 5]);
  });

  it('refuses a review once the 14 days passed', async () => {
    const [seller, buyer] = fresh() as [number, number];
    const id = await confirmedDeal(seller, buyer);
    await moveWindow(id, new Date(Date.now() - 1000), new Date(Date.now() + 60_000));
    const res = await review(buyer, id, { stars: 5 });
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toBe(REVIEW_MESSAGES.windowClosed);
  });
});

describe('the review window', () => {
  it('reminds, two days before, whoever has not written; closing shows a lone review and counts it', async () => {
    const [seller, buyer] = fresh() as [number, number];
    const id = await confirmedDeal(seller, buyer);
    await review(buyer, id, { stars: 3, text: 'Cumplió, aunque llegó tarde.' });
    const reviews = createReviewRepository(table);
    // Two days before: the reminder step is due (the window still open).
    await moveWindow(id, new Date(Date.now() + 60_000), new Date(Date.now() - 1000));
    await sweepReviewWindows({ reviews, now: () => new Date() });
    const reminder = await eventually(
      'the reminder',
      () => parts.mailTo(people[seller]!.email),
      (m) => m.some((x) => x.subject.startsWith('Te quedan 2 días para dejar tu reseña')),
    );
    expect(reminder.find((x) => x.subject.startsWith('Te quedan 2 días'))?.text).toContain('/my-products');
    // The buyer wrote already: no reminder for them.
    await stream.settle();
    expect(
      (await parts.mailTo(people[buyer]!.email)).some((x) => x.subject.startsWith('Te quedan 2 días')),
    ).toBe(false);
    expect((await sellerPage(seller)).reviews.items).toEqual([]);

    // The window closes: the buyer's lone review appears and counts; the seller is told.
    await moveWindow(id, new Date(Date.now() - 1000), new Date(Date.now() - 1000));
    const swept = await sweepReviewWindows({ reviews, now: () => new Date() });
    expect(swept.closed).toBeGreaterThanOrEqual(1);
    const page = await sellerPage(seller);
    expect(page.reputation).toMatchObject({ seller_average: 3, seller_reviews: 1 });
    expect(page.reviews.items.map((r) => r.product_id)).toEqual([id]);
    const told = await eventually(
      'the review mail',
      () => parts.mailTo(people[seller]!.email),
      (m) => m.some((x) => x.subject === `${people[buyer]!.name} te dejó una reseña`),
    );
    expect(told.find((x) => x.subject.endsWith('te dejó una reseña'))?.text).toContain(
      'Cumplió, aunque llegó tarde.',
    );
    // Closed: the seller can no longer write, and a second sweep changes nothing.
    expect((await review(seller, id, { stars: 5 })).status).toBe(409);
    const again = await sweepReviewWindows({ reviews, now: () => new Date() });
    expect(again.closed).toBe(0);
    expect((await sellerPage(seller)).reputation).toMatchObject({ seller_average: 3, seller_reviews: 1 });
  });
});

describe('replies and authors', () => {
  it('lets the reviewed person reply once to a visible review; nobody else', async () => {
    const [seller, buyer, stranger] = fresh(3) as [number, number, number];
    const id = await confirmedDeal(seller, buyer);
    await review(buyer, id, { stars: 2, text: 'No era el color de la foto.' });
    await review(seller, id, { stars: 5 });
    const path = `/api/me/deals/${id}/reviews/buyer/reply`;
    expect((await api(buyer, 'POST', path, { text: 'Me respondo a mí' })).status).toBe(403);
    expect((await api(stranger, 'POST', path, { text: 'Hola' })).status).toBe(404);
    expect((await api(null, 'POST', path, { text: 'Hola' })).status).toBe(401);
    expect((await api(seller, 'POST', path, { text: '   ' })).status).toBe(400);
    const reply = await api(seller, 'POST', path, { text: 'La foto era con luz de día; ofrecí cambiarlo.' });
    expect(reply.status).toBe(200);
    const again = await api(seller, 'POST', path, { text: 'Otra respuesta' });
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toBe(REVIEW_MESSAGES.alreadyReplied);
    expect((await sellerPage(seller)).reviews.items[0]).toMatchObject({
      reply_text: 'La foto era con luz de día; ofrecí cambiarlo.',
    });
    // The buyer replies to the seller's review of them, from 'Mis Compras'.
    expect(
      (await api(buyer, 'POST', `/api/me/deals/${id}/reviews/seller/reply`, { text: 'Gracias' })).status,
    ).toBe(200);
    expect((await buyerDeal(buyer, id))?.received_review).toMatchObject({ reply_text: 'Gracias' });
  });

  it("keeps a deleted account's reviews, attributed to 'Usuario eliminado'", async () => {
    const [seller, buyer] = fresh() as [number, number];
    const id = await confirmedDeal(seller, buyer);
    await review(buyer, id, { stars: 4 });
    await review(seller, id, { stars: 4 });
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.profile(sub[buyer]!) }));
    const page = await sellerPage(seller);
    expect(page.reviews.items[0]).toMatchObject({
      author_name: DELETED_ACCOUNT_NAME,
      author_verified: false,
      stars: 4,
    });
    expect(page.reputation).toMatchObject({ seller_average: 4, seller_reviews: 1 });
  });

  it("pages a seller's reviews newest first, 10 at a time", async () => {
    const [seller] = fresh(1) as [number];
    const buyers = fresh(11);
    for (const b of buyers) {
      const id = await confirmedDeal(seller, b);
      await review(b, id, { stars: 4 });
      await review(seller, id, { stars: 4 });
    }
    const first = await sellerPage(seller);
    expect(first.reviews.items).toHaveLength(10);
    expect(first.reviews.next_cursor).toBeTruthy();
    const rest = await api(
      null,
      'GET',
      `/api/sellers/${sub[seller]}/reviews?cursor=${encodeURIComponent(first.reviews.next_cursor ?? '')}`,
    );
    expect(rest.status).toBe(200);
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.next_cursor).toBeNull();
    const all = [...first.reviews.items, ...rest.body.items].map((r: PublicReview) => r.visible_at);
    expect(all).toEqual([...all].sort().reverse());
    expect((await api(null, 'GET', `/api/sellers/${sub[seller]}/reviews?cursor=basura`)).status).toBe(400);
  });
});

describe("'Reportar reseña' and the admin's decision", () => {
  const reportPath = (id: number, side = 'buyer') => `/api/reviews/${id}/${side}/report`;

  it('takes one report per person of a visible review; refuses its author, a hidden-yet review, and bad input', async () => {
    const [seller, buyer, stranger, other] = fresh(4) as [number, number, number, number];
    const id = await confirmedDeal(seller, buyer);
    await review(buyer, id, { stars: 1, text: 'Pésimo trato.' });
    // Not visible yet: there is nothing to report for anyone else.
    expect((await api(stranger, 'POST', reportPath(id), {})).status).toBe(404);
    await review(seller, id, { stars: 5 });
    expect((await api(null, 'POST', reportPath(id), {})).status).toBe(401);
    const own = await api(buyer, 'POST', reportPath(id), {});
    expect(own.status).toBe(403);
    expect(errorOf(own.body)).toBe(REVIEW_REPORT_MESSAGES.ownReview);
    const long = await api(stranger, 'POST', reportPath(id), { comment: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await api(stranger, 'POST', reportPath(id, 'nadie'), {})).status).toBe(404);
    expect((await api(seller, 'POST', reportPath(id), { comment: 'Miente: llegó puntual.' })).status).toBe(
      201,
    );
    expect((await api(stranger, 'POST', reportPath(id), {})).status).toBe(201);
    const again = await api(stranger, 'POST', reportPath(id), {});
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toBe(REVIEW_REPORT_MESSAGES.alreadyReported);
    // The queue is the admin's only.
    expect((await api(other, 'GET', '/api/admin/review-reports')).status).toBe(403);
    expect((await api(other, 'PUT', `/api/admin/reviews/${id}/buyer`, { action: 'hide' })).status).toBe(403);
    const queue = await api(ADMIN, 'GET', '/api/admin/review-reports?status=pending&limit=60');
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const mine = (queue.body as { items: AdminReviewReport[] }).items.filter((r) => r.product_id === id);
    expect(mine).toHaveLength(2);
    expect(mine[0]?.review).toMatchObject({ stars: 1, text: 'Pésimo trato.', hidden: false });
  });

  it('hides a reported review: it leaves the seller page and the average, audited; a second decision is refused', async () => {
    const [seller, buyer, reporter] = fresh(3) as [number, number, number];
    const id = await confirmedDeal(seller, buyer);
    await review(buyer, id, { stars: 1, text: 'Pésimo trato.' });
    await review(seller, id, { stars: 5 });
    expect((await sellerPage(seller)).reputation).toMatchObject({ seller_average: 1, seller_reviews: 1 });
    await api(reporter, 'POST', reportPath(id), { comment: 'Insulta sin razón' });
    expect((await api(ADMIN, 'PUT', `/api/admin/reviews/${id}/buyer`, { action: 'borrar' })).status).toBe(
      400,
    );
    const hidden = await api(ADMIN, 'PUT', `/api/admin/reviews/${id}/buyer`, {
      action: 'hide',
      notes: 'Sin fundamento',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ hidden: true });
    const page = await sellerPage(seller);
    expect(page.reviews.items).toEqual([]);
    expect(page.reputation).toMatchObject({ seller_average: null, seller_reviews: 0, deals_completed: 1 });
    const again = await api(ADMIN, 'PUT', `/api/admin/reviews/${id}/buyer`, { action: 'hide' });
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toBe(REVIEW_REPORT_MESSAGES.nothingPending);
    // Nobody can report it any more; the audit log has the decision.
    expect((await api(reporter, 'POST', reportPath(id), {})).status).toBe(404);
    const audit = await api(ADMIN, 'GET', '/api/admin/audit?limit=50');
    expect(JSON.stringify(audit.body)).toContain(`${id}:buyer`);
    expect(JSON.stringify(audit.body)).toContain('review.hide');
  });

  it('keeps a reported review: its reports are decided and it stays, counted', async () => {
    const [seller, buyer, reporter] = fresh(3) as [number, number, number];
    const id = await confirmedDeal(seller, buyer);
    await review(buyer, id, { stars: 3, text: 'Correcto.' });
    await review(seller, id, { stars: 4 });
    await api(reporter, 'POST', reportPath(id), {});
    expect((await api(ADMIN, 'PUT', `/api/admin/reviews/${id}/buyer`, { action: 'keep' })).body).toEqual({
      hidden: false,
    });
    expect((await sellerPage(seller)).reputation).toMatchObject({ seller_average: 3, seller_reviews: 1 });
    const pending = await api(ADMIN, 'GET', '/api/admin/review-reports?status=pending&limit=60');
    expect((pending.body as { items: AdminReviewReport[] }).items.some((r) => r.product_id === id)).toBe(
      false,
    );
    const kept = await api(ADMIN, 'GET', '/api/admin/review-reports?status=kept&limit=60');
    expect((kept.body as { items: AdminReviewReport[] }).items.some((r) => r.product_id === id)).toBe(true);
  });
});
