import { randomBytes } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSendCounter } from '../../functions/adapters/dynamodb/send-windows';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createExpiryStore } from '../../functions/adapters/dynamodb/listing-expiry';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createSesMailer } from '../../functions/adapters/mail/ses';
import { createSigningKeySource } from '../../functions/adapters/secrets/signing-key';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { ENV } from '../../functions/commons/env';
import {
  type ExpiryJobDeps,
  type ExpiryRunResult,
  runExpiry,
} from '../../functions/services/publishing/listing-expiry';
import { signListingLink } from '../../functions/services/publishing/listing-links';
import { startSesLocal, type SesLocal } from '../../scripts/local/parts/ses';
import { ensureTable, localDynamoClient } from '../../scripts/local/parts/dynamodb';
import { writeProducts } from '../../scripts/local/table-fill';
import { freePort } from '../../scripts/local/ports';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { EXPIRY_MESSAGES, expiryFrom } from '#shared/listing-expiry';
import { REPORT_MESSAGES } from '#shared/reports';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { useNotifySecret } from '../support/notifications';
import { startTestStream } from '../support/stream';

/**
 * Listing expiry against the local parts (docs/decisions/030): the job's service on DynamoDB
 * Local (5,000 listings of mixed dates in a table of its own, read only through gsi7) and the SES
 * emulator's mailbox; then the renewal routes (in-app and by the reminder's link) through the
 * publishing area's handler.
 */
const DAY = 86_400_000;
const LISTINGS = 5_000;
const APP_URL = 'http://localhost:5173';
let ses: SesLocal;
let secret: string;

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
}
async function mailbox(): Promise<StoredMail[]> {
  const res = await fetch(`${ses.endpoint}/store`);
  return ((await res.json()) as { emails: StoredMail[] }).emails;
}
const reminders = async (to: string) =>
  (await mailbox()).filter((m) => m.destination.to.includes(to) && m.subject.includes('está por vencer'));

function jobDeps(table: TableAccess, now: Date): ExpiryJobDeps {
  return {
    products: createProductRepository(table),
    expiryStore: createExpiryStore(table),
    sendCounter: createSendCounter(table),
    mailer: createSesMailer(),
    appUrl: () => APP_URL,
    unsubscribeKey: createSigningKeySource(),
    now: () => now,
    listingExpiryDays: 60,
  };
}

const product = (over: Partial<Product> & { id: number }): Product => ({
  title: `Calculadora ${over.id}`,
  description: null,
  price: 10,
  category: 'electronica',
  condition: 'usado',
  career: null,
  image: null,
  images: [],
  tags: [],
  seller_name: 'Vendedor',
  seller_email: 'vendedor@est.ucab.edu.ve',
  whatsapp_number: null,
  university_id: 'exp-u',
  status: 'active',
  owner_id: 'owner-x',
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

beforeAll(async () => {
  useTestTable();
  secret = useNotifySecret();
  ses = await startSesLocal({ port: await freePort() });
  process.env[ENV.sesEndpoint] = ses.endpoint;
  process.env[ENV.mailFrom] = 'no-reply@mercado.test';
  process.env[ENV.appUrl] = APP_URL;
});
afterAll(async () => {
  await ses?.stop();
  resetContext();
});

describe('the expiry job: 5,000 listings of mixed dates, two overlapping runs and a retry', () => {
  let table: TableAccess;
  let ownTable = '';
  let sharedTable = '';
  const now = new Date();
  const kinds = {
    expire: [] as Product[],
    remind: [] as Product[],
    later: [] as Product[],
    off: [] as Product[],
  };
  const runs: ExpiryRunResult[] = [];

  beforeAll(async () => {
    // A table of its own: the job reads the whole gsi7 partition, so its figures are exact only here.
    sharedTable = process.env[ENV.tableName] ?? '';
    ownTable = `mercado-expiry-${Date.now().toString(36)}`;
    const client = localDynamoClient(process.env[ENV.dynamoEndpoint] ?? '');
    try {
      await ensureTable(client, ownTable);
    } finally {
      client.destroy();
    }
    process.env[ENV.tableName] = ownTable;
    table = createTableAccess();
    const run = randomBytes(3).toString('hex');
    const items: Product[] = [];
    for (let i = 1; i <= LISTINGS; i++) {
      const k = i % 10;
      const email = `vendedor-${run}-${i}@est.ucab.edu.ve`;
      if (k <= 2) {
        // Past their expiry by minutes to weeks; active or reserved; some reminded, some never.
        const p = product({
          id: i,
          status: k === 2 ? 'reserved' : 'active',
          seller_email: email,
          expires_at: new Date(now.getTime() - ((i * 7919) % (20 * DAY)) - 60_000).toISOString(),
        });
        if (k === 1) p.reminded_for = p.expires_at;
        kinds.expire.push(p);
      } else if (k <= 4) {
        // Within the three days before their expiry, never reminded (one of them held for review).
        kinds.remind.push(
          product({
            id: i,
            status: k === 4 ? 'reserved' : 'active',
            seller_email: email,
            held_at: i === 13 ? '2026-01-02T00:00:00.000Z' : null,
            expires_at: new Date(now.getTime() + 60_000 + ((i * 104729) % (3 * DAY - 120_000))).toISOString(),
          }),
        );
      } else if (k <= 8) {
        // Expiring later than three days from now, or already reminded for an expiry still ahead.
        const expiresAt = new Date(
          now.getTime() + (k === 8 ? DAY : 3 * DAY + 60_000 + (i % 50) * DAY),
        ).toISOString();
        kinds.later.push(
          product({
            id: i,
            seller_email: email,
            expires_at: expiresAt,
            reminded_for: k === 8 ? expiresAt : null,
          }),
        );
      } else {
        // Sold, inactive or expired already, with a past expiry: not on offer, never touched.
        kinds.off.push(
          product({
            id: i,
            status: i % 3 === 0 ? 'sold' : i % 3 === 1 ? 'inactive' : 'expired',
            seller_email: email,
            expires_at: new Date(now.getTime() - 5 * DAY).toISOString(),
          }),
        );
      }
    }
    items.push(...kinds.expire, ...kinds.remind, ...kinds.later, ...kinds.off);
    await writeProducts(items, table);
    // Two runs at once (a schedule's retry overlapping the run it retries), then a third.
    runs.push(...(await Promise.all([runExpiry(jobDeps(table, now)), runExpiry(jobDeps(table, now))])));
    runs.push(await runExpiry(jobDeps(table, now)));
  }, 600_000);

  afterAll(async () => {
    process.env[ENV.tableName] = sharedTable;
    const client = localDynamoClient(process.env[ENV.dynamoEndpoint] ?? '');
    try {
      await client.send(new DeleteTableCommand({ TableName: ownTable }));
    } finally {
      client.destroy();
    }
  });

  const read = async (id: number) =>
    (
      await table.doc.send(
        new GetCommand({ TableName: ownTable, Key: keys.product(id), ConsistentRead: true }),
      )
    ).Item as Record<string, unknown>;

  it('expires every listing past its expiry exactly once, and mails every due reminder once', () => {
    const [a, b, retry] = runs;
    expect(a.done && b.done && retry.done).toBe(true);
    expect(a.expired + b.expired).toBe(kinds.expire.length);
    // The one held for review gets no mail (it cannot be renewed until an admin decides).
    expect(a.reminded + b.reminded).toBe(kinds.remind.length - 1);
    expect(a.failed + b.failed).toBe(0);
    expect(retry).toMatchObject({ due: 0, expired: 0, reminded: 0, failed: 0 });
  });

  it('reads only what is due: not the listings expiring later, nor those off offer', () => {
    const [a, b] = runs;
    // Each run reads at most the due listings (the other run may have moved some away first).
    expect(a.due).toBeLessThanOrEqual(kinds.expire.length + kinds.remind.length);
    expect(b.due).toBeLessThanOrEqual(kinds.expire.length + kinds.remind.length);
    expect(a.due + b.due).toBeGreaterThanOrEqual(kinds.expire.length + kinds.remind.length);
  });

  it('leaves expired listings as expired, out of the listing indexes and of gsi7', async () => {
    for (const p of kinds.expire.filter((_, i) => i % 25 === 0)) {
      const item = await read(p.id);
      expect(item.status).toBe('expired');
      expect(item.expired_at).toBe(now.toISOString());
      expect(item.gsi1pk).toBeUndefined();
      expect(item.gsi3pk).toBeUndefined();
      expect(item.gsi7pk).toBeUndefined();
      // The owner and the admin still see it.
      expect(item.gsi5pk).toBe('OWNER#owner-x');
      expect(item.gsi6pk).toBe('PRODUCTS#EVERY');
    }
  });

  it('changes nothing else: later expiries, and listings off offer', async () => {
    for (const p of [...kinds.later, ...kinds.off].filter((_, i) => i % 40 === 0)) {
      const item = await read(p.id);
      expect(item.status).toBe(p.status);
      expect(item.reminded_for ?? null).toBe(p.reminded_for ?? null);
    }
  });

  it('mailed each seller due a reminder one mail, with working links, and nobody else', async () => {
    const mails = (await mailbox()).filter((m) => m.subject.includes('está por vencer'));
    const byAddress = new Map<string, number>();
    for (const m of mails) for (const to of m.destination.to) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
    for (const p of kinds.remind)
      expect(byAddress.get(p.seller_email), p.seller_email).toBe(p.held_at ? undefined : 1);
    for (const p of [...kinds.expire, ...kinds.later, ...kinds.off])
      expect(byAddress.has(p.seller_email)).toBe(false);
    const one = mails.find((m) => m.destination.to[0] === kinds.remind[0].seller_email);
    // The held listing's reminder step is spent all the same: it is not read again before its expiry.
    const held = kinds.remind.find((p) => p.held_at);
    expect(held && (await read(held.id)).reminded_for).toBe(held?.expires_at);
    expect(one?.body.text).toMatch(/\/publicacion\/renovar#token=[\w-]+\.[\w-]{43}/);
    expect(one?.body.text).toMatch(/\/publicacion\/vendida#token=[\w-]+\.[\w-]{43}/);
    for (const p of kinds.remind.filter((_, i) => i % 50 === 0))
      expect((await read(p.id)).reminded_for).toBe(p.expires_at);
  });
});

describe('renewal: in the app and by the reminder link', () => {
  let table: TableAccess;
  const owner = {
    sub: `seller-${randomBytes(3).toString('hex')}`,
    email: 'seller.exp@correo.com',
    token_use: 'id',
  };
  const other = {
    sub: `other-${randomBytes(3).toString('hex')}`,
    email: 'other.exp@correo.com',
    token_use: 'id',
  };
  let nextId = 0;

  beforeAll(async () => {
    table = useTestTable();
    setHandlerContext();
  });

  async function listing(over: Partial<Product> = {}): Promise<Product> {
    const repo = createProductRepository(table);
    nextId = await repo.nextId();
    const p = product({
      id: nextId,
      owner_id: owner.sub,
      seller_email: `seller-${nextId}@est.ucab.edu.ve`,
      university_id: `exp-${randomBytes(3).toString('hex')}`,
      expires_at: new Date(Date.now() + 2 * DAY).toISOString(),
      ...over,
    });
    await repo.putIfAbsent(p);
    return p;
  }
  const stored = async (id: number) =>
    (await createProductRepository(table).get(id, { consistent: true })) as Product;
  const linkFor = (
    p: Product,
    purpose: 'renew' | 'sold',
    over: { ownerId?: string; validUntil?: Date } = {},
  ) =>
    signListingLink(new Uint8Array(Buffer.from(secret, 'utf8')), {
      purpose,
      productId: p.id,
      ownerId: over.ownerId ?? p.owner_id ?? '',
      expiresFor: p.expires_at ?? '',
      validUntil: over.validUntil ?? new Date(Date.parse(p.expires_at ?? '') + 7 * DAY),
    });
  const byLink = (route: 'renewListingByLink' | 'sellListingByLink', token: string) =>
    invoke(handlerOf(route), apiEvent(route, { body: { token } }));
  const renewInApp = (id: number, claims?: Record<string, string>) =>
    invoke(handlerOf('renewOwnProduct'), apiEvent('renewOwnProduct', { params: { id: String(id) }, claims }));

  it('the link from the mail renews once, without a session; a second use is refused, nothing changed', async () => {
    const p = await listing();
    // The job mails the reminder of this listing (due within three days).
    const result = await runExpiry(jobDeps(table, new Date()));
    expect(result.reminded).toBeGreaterThanOrEqual(1);
    const [mail] = await reminders(p.seller_email);
    const token = mail.body.text?.match(/renovar#token=([\w-]+\.[\w-]+)/)?.[1] ?? '';
    const first = await byLink('renewListingByLink', token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ result: 'renewed', product: { id: p.id, status: 'active' } });
    const renewed = await stored(p.id);
    expect(Date.parse(renewed.expires_at ?? '')).toBeGreaterThan(Date.now() + 59 * DAY);
    expect(renewed.reminded_for ?? null).toBeNull();
    const second = await byLink('renewListingByLink', token);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { message: EXPIRY_MESSAGES.usedLink } });
    expect((await stored(p.id)).expires_at).toBe(renewed.expires_at);
    // The mail's sale link is for the expiry that was renewed away: refused too.
    const sold = mail.body.text?.match(/vendida#token=([\w-]+\.[\w-]+)/)?.[1] ?? '';
    expect((await byLink('sellListingByLink', sold)).status).toBe(409);
    expect((await stored(p.id)).status).toBe('active');
  });

  it('renews an expired listing back on offer at once', async () => {
    const at = new Date(Date.now() - 3 * DAY).toISOString();
    const p = await listing({ status: 'expired', expires_at: at, expired_at: at });
    const res = await byLink('renewListingByLink', linkFor(p, 'renew'));
    expect(res.status).toBe(200);
    const back = await stored(p.id);
    expect(back.status).toBe('active');
    expect(back.expired_at ?? null).toBeNull();
    const item = (
      await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.product(p.id) }))
    ).Item;
    expect(item?.gsi1pk).toBe(`PRODUCTS#U#${p.university_id}`);
  });

  it("refuses a link for someone else's listing (403), a forged, foreign or expired one (400)", async () => {
    const p = await listing();
    const foreign = await byLink('renewListingByLink', linkFor(p, 'renew', { ownerId: other.sub }));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: { message: EXPIRY_MESSAGES.notYourListing } });
    const token = linkFor(p, 'renew');
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await byLink('renewListingByLink', forged)).status).toBe(400);
    // A renewal link is not a sale link.
    expect((await byLink('sellListingByLink', token)).status).toBe(400);
    const late = await byLink(
      'renewListingByLink',
      linkFor(p, 'renew', { validUntil: new Date(Date.now() - 1000) }),
    );
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: { message: EXPIRY_MESSAGES.expiredLink } });
    expect((await byLink('renewListingByLink', 'not-a-token')).status).toBe(400);
    expect(await stored(p.id)).toEqual(p);
  });

  it('the sale link marks it sold once; a sold or admin-inactive listing is never renewed (409)', async () => {
    const p = await listing();
    expect((await byLink('sellListingByLink', linkFor(p, 'sold'))).status).toBe(200);
    expect((await stored(p.id)).status).toBe('sold');
    const again = await byLink('sellListingByLink', linkFor(p, 'sold'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: EXPIRY_MESSAGES.alreadySold } });
    const renewSold = await byLink('renewListingByLink', linkFor(p, 'renew'));
    expect(renewSold.status).toBe(409);
    expect(renewSold.body).toMatchObject({ error: { message: EXPIRY_MESSAGES.soldCannotRenew } });
    expect((await renewInApp(p.id, owner)).status).toBe(409);
    const inactive = await listing({ status: 'inactive' });
    const res = await renewInApp(inactive.id, owner);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: EXPIRY_MESSAGES.inactiveCannotRenew } });
    expect(await stored(inactive.id)).toEqual(inactive);
    const held = await listing({ held_at: '2026-01-01T00:00:00.000Z' });
    expect((await renewInApp(held.id, owner)).body).toMatchObject({
      error: { message: REPORT_MESSAGES.underReview },
    });
  });

  it("'Renovar' in the app: the owner only; anonymous 401, another user 404, nothing changed", async () => {
    const at = new Date(Date.now() - DAY).toISOString();
    const p = await listing({ status: 'expired', expires_at: at, expired_at: at });
    expect((await renewInApp(p.id)).status).toBe(401);
    expect((await renewInApp(p.id, other)).status).toBe(404);
    // Making it available again is not a way around renewal.
    const patch = await invoke(
      handlerOf('setOwnProductStatus'),
      apiEvent('setOwnProductStatus', {
        params: { id: String(p.id) },
        body: { status: 'active' },
        claims: owner,
      }),
    );
    expect(patch.status).toBe(409);
    expect(patch.body).toMatchObject({ error: { message: EXPIRY_MESSAGES.renewToShow } });
    expect(await stored(p.id)).toEqual(p);
    const res = await renewInApp(p.id, owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, status: 'active' });
    expect((await stored(p.id)).status).toBe('active');
    // An active listing renewed in the app gets a new full period.
    const active = await listing();
    await renewInApp(active.id, owner);
    expect((await stored(active.id)).expires_at?.slice(0, 10)).toBe(expiryFrom(new Date(), 60).slice(0, 10));
  });

  it('a renewal more than 30 days after the expiry costs a daily publishing slot', async () => {
    const at = new Date(Date.now() - 31 * DAY).toISOString();
    const subject = `publish:${owner.sub}`;
    const counter = createSendCounter(table);
    // Fill the owner's 20 daily slots.
    for (let i = 0; i < 20; i++) expect(await counter.tryCount(subject, Date.now(), 20, DAY)).toBe(true);
    const late = await listing({ status: 'expired', expires_at: at, expired_at: at });
    expect((await renewInApp(late.id, owner)).status).toBe(429);
    expect((await stored(late.id)).status).toBe('expired');
    // Expired less than 30 days ago: free.
    const recent = new Date(Date.now() - 29 * DAY).toISOString();
    const fresh = await listing({ status: 'expired', expires_at: recent, expired_at: recent });
    expect((await renewInApp(fresh.id, owner)).status).toBe(200);
  });

  it('an admin cannot put an expired listing back on offer: only its seller renews it (409)', async () => {
    const at = new Date(Date.now() - DAY).toISOString();
    const p = await listing({ status: 'expired', expires_at: at, expired_at: at });
    const admin = {
      sub: 'expiry-admin',
      email: 'admin.exp@correo.com',
      token_use: 'id',
      'cognito:groups': ['admin'],
    };
    const res = await invoke(
      handlerOf('adminSetProductStatus'),
      apiEvent('adminSetProductStatus', {
        params: { id: String(p.id) },
        body: { status: 'active' },
        claims: admin,
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: ADMIN_MESSAGES.expiredStatus } });
    expect(await stored(p.id)).toEqual(p);
  });

  it('a listing changed under the job (renewed since it was read) is not expired', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const p = await listing({ expires_at: past });
    // The owner renews between the job's read and its write: the conditional write refuses.
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.product(p.id),
        UpdateExpression: 'SET expires_at = :e',
        ExpressionAttributeValues: { ':e': expiryFrom(new Date(), 60) },
      }),
    );
    expect(await createExpiryStore(table).expire(p, new Date().toISOString())).toBe(false);
    expect((await stored(p.id)).status).toBe('active');
  });
});

describe('the stream follows an expiry: counts and search stay exact', () => {
  it('drops an expired listing from its four listing counts and the search index; renewal puts it back', async () => {
    const table = useTestTable();
    const search = new MemorySearchIndex();
    setHandlerContext({ search });
    const stream = await startTestStream(table);
    try {
      const university = `exp-${randomBytes(3).toString('hex')}`;
      const repo = createProductRepository(table);
      const counts = createCountStore(table);
      const owner = {
        sub: `stream-${randomBytes(3).toString('hex')}`,
        email: 'x@correo.com',
        token_use: 'id',
      };
      // This university's listings (the global counts move with other files' writes too).
      const totals = () =>
        counts.values([keys.byUniversity(university), keys.byUniversityCategory(university, 'electronica')]);
      const ids: number[] = [];
      for (const minutes of [-5, 60 * 24 * 30]) {
        const p = product({
          id: await repo.nextId(),
          university_id: university,
          owner_id: owner.sub,
          expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
          reminded_for: null,
        });
        await repo.putIfAbsent(p);
        ids.push(p.id);
      }
      await stream.settle();
      expect(await totals()).toEqual([2, 2]);
      expect(search.docs.has(ids[0]) && search.docs.has(ids[1])).toBe(true);

      const run = await runExpiry(jobDeps(table, new Date()));
      expect(run.expired).toBeGreaterThanOrEqual(1);
      await stream.settle();
      expect(await totals()).toEqual([1, 1]);
      expect(search.docs.has(ids[0])).toBe(false);
      expect(search.docs.has(ids[1])).toBe(true);

      const res = await invoke(
        handlerOf('renewOwnProduct'),
        apiEvent('renewOwnProduct', { params: { id: String(ids[0]) }, claims: owner }),
      );
      expect(res.status).toBe(200);
      await stream.settle();
      expect(await totals()).toEqual([2, 2]);
      expect(search.docs.has(ids[0])).toBe(true);
    } finally {
      await stream.stop();
      resetContext();
    }
  });
});
