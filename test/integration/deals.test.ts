import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewRepository } from '../../functions/adapters/dynamodb/reviews';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import type { LocalServer } from '../../scripts/local/server';
import {
  type BuyerDeal,
  DEAL_MESSAGES,
  HANDOFF_CODE_TRIES,
  type PurchaseEntry,
  type SellerDeal,
} from '#shared/deals';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { keys } from '#shared/table';
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
 * Deals (issue 40) through the local server and the real handlers, on DynamoDB Local: a sale or a
 * reservation closed with one of the people who came for the listing, the buyer's answer, the
 * handoff code at the meeting; the attacker's sequences (a buyer who never came, the seller as
 * buyer, a second buyer, someone else's deal, a guessed code, a retried or raced answer) refused
 * with a Spanish 4xx that changes nothing; the buyer's mail from the stream.
 */
const password = 'Clave12345';
const user = (email: string, name: string, nationalId: string) => ({
  email,
  password,
  name,
  nationalId,
  universityId: 'ucab',
  groups: [],
});
const PEOPLE = {
  seller: user('vendedor.deal@correo.com', 'Sara Vendedora', 'V72000001'),
  buyer: user('compradora.deal@correo.com', 'Carla Compradora', 'V72000002'),
  rival: user('rival.deal@correo.com', 'Rita Rival', 'V72000003'),
  stranger: user('extrana.deal@correo.com', 'Elsa Extraña', 'V72000004'),
  admin: { ...user('admin.deal@correo.com', 'Ada Admin', 'V72000005'), groups: ['admin'] },
};
type Who = keyof typeof PEOPLE | 'anonymous';

let table: TableAccess;
let parts: AccountParts;
let server: LocalServer;
let stream: TestStream;
const token: Record<string, string> = {};
const sub: Record<string, string> = {};

async function api(who: Who, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(who !== 'anonymous' ? { authorization: `Bearer ${token[who]}` } : {}),
      ...(method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const contact = (who: Who, id: number) => api(who, 'GET', `/api/products/${id}/contact`);
const setStatus = (who: Who, id: number, status: string, buyer?: Who | null | string) =>
  api(who, 'PATCH', `/api/me/products/${id}`, {
    status,
    ...(buyer === undefined ? {} : { buyer_id: buyer === null ? null : (sub[buyer] ?? buyer) }),
  });
const handoff = (who: Who, id: number, code: string) =>
  api(who, 'POST', `/api/me/products/${id}/handoff`, { code });
const answer = (who: Who, id: number, received: boolean) =>
  api(who, 'POST', `/api/me/purchases/${id}/answer`, { received });
const purchases = async (who: Who) =>
  (await api(who, 'GET', '/api/me/purchases')).body as { items: PurchaseEntry[]; deals: BuyerDeal[] };
const dealOf = async (who: Who, id: number) => (await purchases(who)).deals.find((d) => d.product_id === id);
const stateOf = async (who: Who, id: number) =>
  (await purchases(who)).items.find((e) => e.product.id === id)?.state;
const sellerDeal = async (id: number) => {
  const own = (await api('seller', 'GET', '/api/me/products')).body as {
    items: { id: number; status: string; deal?: SellerDeal | null }[];
  };
  return own.items.find((p) => p.id === id);
};
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;
const completed = async (who: Who) => {
  const r = await createReviewRepository(table).reputation(sub[who] ?? '');
  return { sold: r.deals_sold, bought: r.deals_bought };
};

/** A listing of the seller's that the buyer (and the rival) contacted. */
async function listingWithBuyers(...who: Who[]) {
  const p = await makeProduct(table, {
    university_id: uniqueUniversity('deal'),
    owner_id: sub.seller,
    title: `Calculadora ${randomUUID().slice(0, 6)}`,
  });
  for (const w of who) expect((await contact(w, p.id)).status).toBe(200);
  return p;
}

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts(Object.values(PEOPLE));
  useNotifySecret();
  setHandlerContext({ search: new MemorySearchIndex() });
  server = await startApiServer(parts, 'deals');
  stream = await startTestStream(table);
  const signedIn = await signInWithProfiles(parts, table, Object.values(PEOPLE));
  for (const [i, who] of Object.keys(PEOPLE).entries()) ({ token: token[who], sub: sub[who] } = signedIn[i]!);
});
afterAll(async () => {
  await stream?.stop();
  await server?.close();
  await parts?.stop();
  resetContext();
});

describe('closing a sale with a named buyer', () => {
  it('sells to one who came: they see it sold to them with a code, the seller sees whom, others see it sold', async () => {
    const p = await listingWithBuyers('buyer', 'rival');
    const res = await setStatus('seller', p.id, 'sold', 'buyer');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'sold',
      deal: { buyer_id: sub.buyer, buyer_name: 'Carla Compradora' },
    });
    expect(res.body.deal.stage).toBe('to_confirm');
    // The seller never reads the code: it is what proves the buyer at the meeting.
    expect(JSON.stringify(res.body)).not.toMatch(/"code"/);
    expect((await sellerDeal(p.id))?.deal).toMatchObject({
      stage: 'to_confirm',
      code_tries_left: HANDOFF_CODE_TRIES,
    });

    const mine = await dealOf('buyer', p.id);
    expect(mine).toMatchObject({ title: p.title, seller_name: 'Sara Vendedora', stage: 'to_confirm' });
    expect(mine?.code).toMatch(/^\d{6}$/);
    expect(await stateOf('buyer', p.id)).toBe('sold_to_you');
    expect(await stateOf('rival', p.id)).toBe('sold');
    expect(await dealOf('rival', p.id)).toBeUndefined();
  });

  it('refuses a buyer who never came, the seller themself, or a malformed id, and changes nothing', async () => {
    const p = await listingWithBuyers('buyer');
    for (const [buyer, message] of [
      ['stranger', DEAL_MESSAGES.buyerNotInterested],
      ['seller', DEAL_MESSAGES.buyerSelf],
      [randomUUID(), DEAL_MESSAGES.buyerNotInterested],
    ] as const) {
      const res = await setStatus('seller', p.id, 'sold', buyer);
      expect(res.status, buyer).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    const malformed = await api('seller', 'PATCH', `/api/me/products/${p.id}`, {
      status: 'sold',
      buyer_id: '<b>x',
    });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body)).toBe(DEAL_MESSAGES.buyerInvalid);
    // Naming someone on 'active' makes no sense: refused too.
    expect((await setStatus('seller', p.id, 'active', 'buyer')).status).toBe(400);
    expect(await sellerDeal(p.id)).toMatchObject({ status: 'active', deal: null });
    expect(await dealOf('stranger', p.id)).toBeUndefined();
  });

  it('answers a retried sale unchanged and refuses the sale closed again with someone else', async () => {
    const p = await listingWithBuyers('buyer', 'rival');
    expect((await setStatus('seller', p.id, 'sold', 'buyer')).status).toBe(200);
    const code = (await dealOf('buyer', p.id))?.code;
    const retry = await setStatus('seller', p.id, 'sold', 'buyer');
    expect(retry.status).toBe(200);
    expect((await dealOf('buyer', p.id))?.code).toBe(code);
    for (const other of ['rival', null] as const) {
      const res = await setStatus('seller', p.id, 'sold', other);
      expect(res.status).toBe(409);
      expect(errorOf(res.body)).toBe(DEAL_MESSAGES.saleClosed);
    }
    expect((await sellerDeal(p.id))?.deal?.buyer_id).toBe(sub.buyer);
    expect(await dealOf('rival', p.id)).toBeUndefined();
  });

  it('lets only one of two sales raced with different buyers through', async () => {
    const p = await listingWithBuyers('buyer', 'rival');
    const results = await Promise.all([
      setStatus('seller', p.id, 'sold', 'buyer'),
      setStatus('seller', p.id, 'sold', 'rival'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]?.status === 200 ? 'buyer' : 'rival';
    expect((await sellerDeal(p.id))?.deal?.buyer_id).toBe(sub[winner]);
    expect(await dealOf(winner === 'buyer' ? 'rival' : 'buyer', p.id)).toBeUndefined();
  });

  it('is the seller’s only: anyone else "not found", anonymous 401', async () => {
    const p = await listingWithBuyers('buyer');
    for (const who of ['buyer', 'stranger', 'admin'] as const) {
      expect((await setStatus(who, p.id, 'sold', 'buyer')).status, who).toBe(404);
    }
    expect((await setStatus('anonymous', p.id, 'sold', 'buyer')).status).toBe(401);
    expect((await sellerDeal(p.id))?.status).toBe('active');
  });

  it('sells to someone outside the app as before: no deal, nobody asked to confirm', async () => {
    const p = await listingWithBuyers('buyer');
    const res = await setStatus('seller', p.id, 'sold', null);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sold', deal: null });
    expect(await stateOf('buyer', p.id)).toBe('sold');
    expect(await dealOf('buyer', p.id)).toBeUndefined();
  });
});

describe('reserving for a named buyer', () => {
  it('holds it for them (reserved for you), moves to another, and lets it go when available again', async () => {
    const p = await listingWithBuyers('buyer', 'rival');
    expect((await setStatus('seller', p.id, 'reserved', 'buyer')).status).toBe(200);
    expect(await stateOf('buyer', p.id)).toBe('reserved_for_you');
    expect(await stateOf('rival', p.id)).toBe('reserved');
    const first = await dealOf('buyer', p.id);
    expect(first).toMatchObject({ stage: 'reserved' });
    expect(first?.code).toMatch(/^\d{6}$/);
    // A reservation is no sale: nothing to answer yet.
    const early = await answer('buyer', p.id, true);
    expect(early.status).toBe(409);
    expect(errorOf(early.body)).toBe(DEAL_MESSAGES.notSoldYet);

    expect((await setStatus('seller', p.id, 'reserved', 'rival')).status).toBe(200);
    expect(await stateOf('buyer', p.id)).toBe('reserved');
    expect(await dealOf('buyer', p.id)).toBeUndefined();
    expect(await stateOf('rival', p.id)).toBe('reserved_for_you');

    expect((await setStatus('seller', p.id, 'active')).status).toBe(200);
    expect(await stateOf('rival', p.id)).toBe('available');
    expect(await dealOf('rival', p.id)).toBeUndefined();
    expect((await sellerDeal(p.id))?.deal).toBeNull();
  });

  it('turns the reservation into the sale with the same code when sold to the same buyer', async () => {
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'reserved', 'buyer');
    const code = (await dealOf('buyer', p.id))?.code;
    expect((await setStatus('seller', p.id, 'sold', 'buyer')).status).toBe(200);
    expect(await dealOf('buyer', p.id)).toMatchObject({ stage: 'to_confirm', code });
  });
});

describe("the buyer's answer", () => {
  it("'Sí, lo recibí' confirms once: a retry changes nothing, 'No' afterwards is refused, the counts move once", async () => {
    const before = { seller: await completed('seller'), buyer: await completed('buyer') };
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'sold', 'buyer');
    const yes = await answer('buyer', p.id, true);
    expect(yes.status).toBe(200);
    expect(yes.body).toMatchObject({ stage: 'confirmed', code: null });
    expect((await answer('buyer', p.id, true)).status).toBe(200);
    const no = await answer('buyer', p.id, false);
    expect(no.status).toBe(409);
    expect(errorOf(no.body)).toBe(DEAL_MESSAGES.alreadyAnswered);
    expect((await sellerDeal(p.id))?.deal?.stage).toBe('confirmed');
    expect(await completed('seller')).toEqual({ ...before.seller, sold: before.seller.sold + 1 });
    expect(await completed('buyer')).toEqual({ ...before.buyer, bought: before.buyer.bought + 1 });
  });

  it("'No lo recibí' leaves the listing sold and the deal disputed; the code is void", async () => {
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'sold', 'buyer');
    const code = (await dealOf('buyer', p.id))?.code ?? '';
    expect((await answer('buyer', p.id, false)).body).toMatchObject({ stage: 'disputed', code: null });
    expect((await sellerDeal(p.id))?.status).toBe('sold');
    const late = await handoff('seller', p.id, code);
    expect(late.status).toBe(409);
    expect((await sellerDeal(p.id))?.deal?.stage).toBe('disputed');
  });

  it('takes one of two raced answers, and moves the counts only if it was the confirmation', async () => {
    const before = await completed('seller');
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'sold', 'buyer');
    const results = await Promise.all([answer('buyer', p.id, true), answer('buyer', p.id, false)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const stage = (await sellerDeal(p.id))?.deal?.stage;
    expect(await completed('seller')).toEqual({
      ...before,
      sold: before.sold + (stage === 'confirmed' ? 1 : 0),
    });
  });

  it('is the buyer’s only: the seller, a rival who came, a stranger "not found"; anonymous 401', async () => {
    const p = await listingWithBuyers('buyer', 'rival');
    await setStatus('seller', p.id, 'sold', 'buyer');
    for (const who of ['seller', 'rival', 'stranger', 'admin'] as const) {
      const res = await answer(who, p.id, true);
      expect(res.status, who).toBe(404);
      expect(errorOf(res.body)).toBe(DEAL_MESSAGES.dealNotFound);
    }
    expect((await answer('anonymous', p.id, true)).status).toBe(401);
    expect((await answer('buyer', 999_999_999, true)).status).toBe(404);
    expect((await api('buyer', 'POST', `/api/me/purchases/${p.id}/answer`, { received: 'sí' })).status).toBe(
      400,
    );
    expect((await sellerDeal(p.id))?.deal?.stage).toBe('to_confirm');
  });

  it('is closed once the seven days pass: the answer is refused and the deal stays unconfirmed', async () => {
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'sold', 'buyer');
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.deal(p.id),
        UpdateExpression: 'SET answer_by = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const res = await answer('buyer', p.id, true);
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toBe(DEAL_MESSAGES.answerLate);
    expect(await dealOf('buyer', p.id)).toMatchObject({ stage: 'unanswered', code: null });
  });

  it("mails the buyer '¿Recibiste «…»?' once the sale is closed (from the stream)", async () => {
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'sold', 'buyer');
    const mails = await eventually(
      'the buyer’s mail',
      () => parts.mailTo(PEOPLE.buyer.email),
      (m) => m.some((x) => x.subject.includes(p.title)),
    );
    const mail = mails.find((x) => x.subject.includes(p.title));
    expect(mail?.subject).toBe(`¿Recibiste «${p.title}»?`);
    expect(mail?.text).toContain('Sara Vendedora indicó que te vendió');
    expect(mail?.text).toContain('/my-purchases');
    expect(mail?.headers['list-unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
    // Never the code: it proves the buyer at the meeting, and a mail may be read by others.
    const code = (await dealOf('buyer', p.id))?.code ?? 'none';
    expect(mail?.text).not.toContain(code);
    expect(mail?.html).not.toContain(code);
  });
});

describe('the handoff code at the meeting', () => {
  it("the buyer's code confirms a reserved listing at once: sold and confirmed in one step", async () => {
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'reserved', 'buyer');
    const code = (await dealOf('buyer', p.id))?.code ?? '';
    const res = await handoff('seller', p.id, code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sold', deal: { stage: 'confirmed' } });
    expect(await stateOf('buyer', p.id)).toBe('sold_to_you');
    expect(await dealOf('buyer', p.id)).toMatchObject({ stage: 'confirmed', code: null });
    // A retry of the same code answers the same deal.
    expect((await handoff('seller', p.id, code)).status).toBe(200);
  });

  it('counts wrong codes: five, and the code is void; the buyer can still confirm', async () => {
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'sold', 'buyer');
    const code = (await dealOf('buyer', p.id))?.code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = HANDOFF_CODE_TRIES - 1; left >= 1; left--) {
      const res = await handoff('seller', p.id, wrong);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(DEAL_MESSAGES.codeWrong(left));
    }
    const last = await handoff('seller', p.id, wrong);
    expect(errorOf(last.body)).toBe(DEAL_MESSAGES.codeVoid);
    // The right code now is too late: the guesses voided it.
    const right = await handoff('seller', p.id, code);
    expect(right.status).toBe(409);
    expect(errorOf(right.body)).toBe(DEAL_MESSAGES.codeVoid);
    expect((await sellerDeal(p.id))?.deal).toMatchObject({ stage: 'to_confirm', code_tries_left: 0 });
    expect((await dealOf('buyer', p.id))?.code).toBeNull();
    expect((await answer('buyer', p.id, true)).body).toMatchObject({ stage: 'confirmed' });
  });

  it('never counts more than five tries under raced guesses', async () => {
    const p = await listingWithBuyers('buyer');
    await setStatus('seller', p.id, 'sold', 'buyer');
    const code = (await dealOf('buyer', p.id))?.code ?? '';
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(guesses.map((g) => handoff('seller', p.id, g)));
    expect(results.every((r) => r.status === 400 || r.status === 409)).toBe(true);
    expect((await sellerDeal(p.id))?.deal?.code_tries_left).toBe(0);
    expect((await handoff('seller', p.id, code)).status).toBe(409);
  });

  it('is the seller’s only; a malformed code is a 400 that counts nothing', async () => {
    const p = await listingWithBuyers('buyer', 'rival');
    await setStatus('seller', p.id, 'sold', 'buyer');
    const code = (await dealOf('buyer', p.id))?.code ?? '';
    for (const who of ['buyer', 'rival', 'stranger', 'admin'] as const) {
      expect((await handoff(who, p.id, code)).status, who).toBe(404);
    }
    expect((await handoff('anonymous', p.id, code)).status).toBe(401);
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const res = await handoff('seller', p.id, bad);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(DEAL_MESSAGES.codeFormat);
    }
    expect((await sellerDeal(p.id))?.deal).toMatchObject({
      stage: 'to_confirm',
      code_tries_left: HANDOFF_CODE_TRIES,
    });
    // Without a named buyer there is no code to type.
    const outside = await listingWithBuyers('buyer');
    await setStatus('seller', outside.id, 'sold', null);
    expect((await handoff('seller', outside.id, '123456')).status).toBe(409);
  });
});
