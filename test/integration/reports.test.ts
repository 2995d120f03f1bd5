import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createReportRepository } from '../../functions/adapters/dynamodb/reports';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import type { SearchIndex } from '../../functions/ports/search-index';
import {
  evaluateHold,
  releaseHold,
  reportCounts,
  settleReportCounts,
} from '../../functions/services/reports/report-holds';
import { REPORTS_PER_DAY } from '../../functions/services/reports/reports';
import { PUBLISH_MESSAGES } from '#shared/product-form';
import { ALREADY_REPORTED_CODE, REPORT_MESSAGES } from '#shared/reports';
import type { RouteName } from '#shared/routes';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { type AccountParts, startAccountParts } from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, type EventOptions, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { eventually, mailTo } from '../support/mailbox';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Reports through the real handlers against DynamoDB Local, and the automatic hold through the
 * table's stream and the real dispatcher (the local poller, as `npm start` runs it), with the
 * embedded search engine as the index (docs/decisions/019-reports-and-holds.md).
 */
let table: TableAccess;
let stream: TestStream;
let search: SearchIndex;
// The user pool and the SES emulator: a hold mails its seller (the stream's mail part).
let parts: AccountParts;
let clock = Date.parse('2026-06-01T10:00:00.000Z');
const run = Date.now().toString(36);
/** The reporters' university (a verification needs one that exists, with their domain: decision 042). */
const reportersUniversity = uniqueUniversity('rep');

const ErrorShape = (body: unknown) => (body as { error: { code: string; message: string } }).error;
const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });

async function call(name: RouteName, opts: EventOptions & { as?: string }) {
  const { as, ...rest } = opts;
  return invoke(handlerOf(name), apiEvent(name, { ...rest, ...(as ? { claims: claims(as) } : {}) }));
}
const report = (id: number | string, as: string | undefined, body: unknown = { report_category: 'spam' }) =>
  call('reportProduct', { params: { id }, as, body });
const reportState = (id: number | string, as?: string) => call('getOwnReport', { params: { id }, as });

/** A student whose institutional address is verified (what makes their report count towards a hold). */
async function verifiedStudent(sub: string) {
  const profiles = createProfileRepository(table);
  await profiles.createIfAbsent({
    user_id: sub,
    email: `${sub}@correo.com`,
    full_name: `Estudiante ${sub}`,
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: new Date(clock).toISOString(),
  });
  await profiles.setInstitutional(sub, `${sub}@est.ucab.edu.ve`, reportersUniversity, null);
  return sub;
}

/** The stream's own work may write again (a hold is a product change): let both rounds pass. */
async function settle() {
  await stream.settle();
  await stream.settle();
}

const storedReports = (productId: number) => createReportRepository(table).listByProduct(productId);

beforeAll(async () => {
  table = useTestTable();
  await createUniversityRepository(table).putIfAbsent({
    id: reportersUniversity,
    name: 'REP',
    full_name: 'Universidad de los Reportes',
    email_domain: 'est.ucab.edu.ve',
    created_at: new Date(clock).toISOString(),
  });
  parts = await startAccountParts();
  search = createEmbeddedSearchIndex();
  stream = await startTestStream(table);
});
beforeEach(() => {
  clock += 60_000;
  setHandlerContext({ search, now: () => new Date(clock) });
});
afterAll(async () => {
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

describe('who may report, and who may not', () => {
  it('anonymous callers get 401, the seller 403 (report, report state and contact), another user is served', async () => {
    const seller = `seller-${run}-perm`;
    const buyer = `buyer-${run}-perm`;
    const p = await makeProduct(table, { university_id: uniqueUniversity('rp'), owner_id: seller });

    expect((await report(p.id, undefined)).status).toBe(401);
    expect((await reportState(p.id)).status).toBe(401);
    expect((await call('getSellerContact', { params: { id: p.id } })).status).toBe(401);

    const own = await report(p.id, seller);
    expect(own.status).toBe(403);
    expect(ErrorShape(own.body).message).toBe(REPORT_MESSAGES.ownProduct);
    expect((await reportState(p.id, seller)).status).toBe(403);
    const contact = await call('getSellerContact', { params: { id: p.id }, as: seller });
    expect(contact.status).toBe(403);
    expect(ErrorShape(contact.body).message).toBe(PUBLISH_MESSAGES.contactOwn);
    expect(await storedReports(p.id)).toEqual([]);

    expect((await reportState(p.id, buyer)).body).toEqual({ reported: false });
    const sent = await report(p.id, buyer, {
      report_category: 'fraude_estafa',
      additional_comments: 'Pide pago adelantado',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ reported: true });
    expect((await reportState(p.id, buyer)).body).toEqual({ reported: true });
    expect((await call('getSellerContact', { params: { id: p.id }, as: buyer })).status).toBe(200);
    // Someone else's state is their own: the seller's view of another buyer's report is not asked.
    expect((await reportState(p.id, `other-${run}`)).body).toEqual({ reported: false });
  });

  it('keeps one report per user and product under 20 concurrent attempts (19 answered as information)', async () => {
    const buyer = `buyer-${run}-race`;
    const p = await makeProduct(table, { university_id: uniqueUniversity('rr') });
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(p.id, buyer)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(ErrorShape(a.body)).toEqual({
        code: ALREADY_REPORTED_CODE,
        message: REPORT_MESSAGES.alreadyReported,
      });
    }
    expect(await storedReports(p.id)).toHaveLength(1);
    // A later repeat too, and it costs no daily slot.
    const again = await report(p.id, buyer, { report_category: 'acoso' });
    expect(again.status).toBe(409);
    expect((await storedReports(p.id))[0].report_category).toBe('spam');
  });

  it('refuses bad input with a 4xx and a Spanish message, storing nothing', async () => {
    const buyer = `buyer-${run}-bad`;
    const seller = `seller-${run}-bad`;
    const p = await makeProduct(table, { university_id: uniqueUniversity('rb'), owner_id: seller });
    const cases: [string | number, unknown, number, string | null][] = [
      [p.id, {}, 400, REPORT_MESSAGES.categoryRequired],
      [p.id, { report_category: '' }, 400, REPORT_MESSAGES.categoryRequired],
      [p.id, { report_category: 'no_me_gusta' }, 400, REPORT_MESSAGES.categoryRequired],
      [
        p.id,
        { report_category: 'spam', additional_comments: 'x'.repeat(501) },
        400,
        REPORT_MESSAGES.commentTooLong,
      ],
      [p.id, { report_category: 'spam', status: 'resolved' }, 400, null],
      [p.id, { report_category: 'spam', reporter_id: seller }, 400, null],
      [p.id, { report_category: 'spam', additional_comments: { $ne: null } }, 400, null],
      [p.id, ['spam'], 400, null],
      [p.id, '{"report_category": "spam"', 400, null],
      [p.id, 'null', 400, null],
      ['0012', { report_category: 'spam' }, 404, null],
      ['1e3', { report_category: 'spam' }, 404, null],
      ['-1', { report_category: 'spam' }, 404, null],
      ['999999999999', { report_category: 'spam' }, 404, 'Producto no encontrado'],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await report(id, buyer, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const error = ErrorShape(res.body);
      expect(error.message.length).toBeGreaterThan(0);
      if (message) expect(error.message).toBe(message);
    }
    // Not reportable while off sale.
    const sold = await makeProduct(table, { university_id: uniqueUniversity('rs'), status: 'sold' });
    expect((await report(sold.id, buyer)).status).toBe(404);
    expect((await reportState(sold.id, buyer)).status).toBe(404);
    // Nothing stored, no daily slot spent.
    expect(await storedReports(p.id)).toEqual([]);
    expect(await storedReports(sold.id)).toEqual([]);
    const window = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.sendWindow(`report:${buyer}`) }),
    );
    expect(window.Item).toBeUndefined();
  });

  it(`allows ${REPORTS_PER_DAY} reports a day per user, then answers 429 and stores nothing`, async () => {
    const buyer = `buyer-${run}-limit`;
    const uni = uniqueUniversity('rl');
    const made = await Promise.all(
      Array.from({ length: REPORTS_PER_DAY + 1 }, () => makeProduct(table, { university_id: uni })),
    );
    for (const p of made.slice(0, REPORTS_PER_DAY)) expect((await report(p.id, buyer)).status).toBe(201);
    const over = await report(made[REPORTS_PER_DAY].id, buyer);
    expect(over.status).toBe(429);
    expect(ErrorShape(over.body).message).toBe(REPORT_MESSAGES.dailyLimit);
    expect(await storedReports(made[REPORTS_PER_DAY].id)).toEqual([]);
  });
});

describe('what a report keeps', () => {
  it("stores the reporter, the category, the comment and a snapshot that survives the product's edit and deletion", async () => {
    const seller = `seller-${run}-snap`;
    const buyer = await verifiedStudent(`buyer-${run}-snap`);
    const uni = uniqueUniversity('rn');
    const p = await makeProduct(table, {
      university_id: uni,
      owner_id: seller,
      title: 'Calculadora Casio',
      price: 40,
      category: 'electronica',
      seller_name: 'Pedro Vendedor',
    });
    await settle();
    const before = await reportCounts({ counts: createCountStore(table) });
    const comment = '  Es una copia,\n\u202Eno original\u200B  ';
    expect(
      (await report(p.id, buyer, { report_category: 'informacion_enganosa', additional_comments: comment }))
        .status,
    ).toBe(201);

    // Edited (no edit route yet: written as the admin's tools will), then deleted by its owner.
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: productEntity.item({ ...p, title: 'Otra cosa', price: 1 }),
      }),
    );
    expect((await call('deleteOwnProduct', { params: { id: p.id }, as: seller })).status).toBe(200);
    expect(await createProductRepository(table).get(p.id)).toBeNull();

    const [stored] = await storedReports(p.id);
    expect(stored).toMatchObject({
      product_id: p.id,
      reporter_id: buyer,
      reporter_name: `Estudiante ${buyer}`,
      reporter_university_email: `${buyer}@est.ucab.edu.ve`,
      reporter_verified: true,
      report_category: 'informacion_enganosa',
      additional_comments: 'Es una copia,\nno original',
      status: 'pending',
      admin_notes: null,
      reviewed_at: null,
      created_at: new Date(clock).toISOString(),
      product_title: 'Calculadora Casio',
      product_price: 40,
      product_category: 'electronica',
      product_status: 'active',
      product_university_id: uni,
      seller_id: seller,
      seller_name: 'Pedro Vendedor',
    });
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    // The admin's queues: by status, newest first, and by reporter.
    const reports = createReportRepository(table);
    // Other files' reports share the table (some dated later): the queue is read to its end.
    const queued: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await reports.listByStatus('pending', 50, cursor);
      queued.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(queued).toContain(stored.id);
    expect((await reports.listByReporter(buyer, 5)).map((r) => r.id)).toEqual([stored.id]);
    // The pending count follows (kept by the stream dispatcher).
    await settle();
    const after = await reportCounts({ counts: createCountStore(table) });
    expect(after.pending).toBe(before.pending + 1);
    // Replays (a retried batch, a recount) beside each other change nothing.
    const deps = { reports, counts: createCountStore(table) };
    await Promise.all(Array.from({ length: 5 }, () => settleReportCounts(deps, p.id, buyer)));
    expect(await reportCounts(deps)).toEqual(after);
  });
});

describe('the automatic hold, through the stream', () => {
  const list = (university: string, q?: string) =>
    call('listProducts', { query: { university, ...(q ? { q } : {}) } }).then(
      (r) => r.body as { items: { id: number }[]; total: number | null },
    );
  const listed = async (p: Product) => {
    const plain = await list(p.university_id);
    const found = await list(p.university_id, p.title);
    return {
      listing: plain.items.some((i) => i.id === p.id),
      total: plain.total,
      search: found.items.some((i) => i.id === p.id),
      page: (await call('getProduct', { params: { id: p.id } })).status,
    };
  };

  it('holds a product after three verified reporters, not before (unverified ones never count); the seller still sees it; the admin releases it', async () => {
    // Prepare: a listed product (counted and indexed by the stream) and a related one.
    const seller = `seller-${run}-hold`;
    await createProfileRepository(table).createIfAbsent({
      user_id: seller,
      email: `${seller}@correo.com`,
      full_name: 'Sofía Vendedora',
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date(clock).toISOString(),
    });
    const sellerMails = () => mailTo(parts.ses.endpoint, `${seller}@correo.com`);
    const uni = uniqueUniversity('rh');
    const p = await makeProduct(table, {
      university_id: uni,
      owner_id: seller,
      title: `Bicicleta montañera ${run}`,
    });
    const sibling = await makeProduct(table, { university_id: uni, category: p.category });
    await settle();
    expect(await listed(p)).toEqual({ listing: true, total: 2, search: true, page: 200 });
    const counts = createCountStore(table);
    const before = await reportCounts({ counts });

    // Act: two verified and five unverified reporters.
    const verified = await Promise.all([1, 2, 3].map((i) => verifiedStudent(`v${i}-${run}-hold`)));
    for (const who of verified.slice(0, 2)) expect((await report(p.id, who)).status).toBe(201);
    for (const i of [1, 2, 3, 4, 5]) expect((await report(p.id, `u${i}-${run}-hold`)).status).toBe(201);
    await settle();
    // Assess: still listed everywhere, and the seller was not told anything.
    expect(await listed(p)).toEqual({ listing: true, total: 2, search: true, page: 200 });
    expect(await sellerMails()).toEqual([]);

    // Act: the third verified reporter.
    expect((await report(p.id, verified[2], { report_category: 'fraude_estafa' })).status).toBe(201);
    await settle();
    // Assess: out of the listing, its count, search, its page, contact and related products.
    expect(await listed(p)).toEqual({ listing: false, total: 1, search: false, page: 404 });
    expect((await call('getSellerContact', { params: { id: p.id }, as: verified[0] })).status).toBe(404);
    const related = await call('relatedProducts', { params: { id: sibling.id } });
    expect((related.body as { items: { id: number }[] }).items.map((i) => i.id)).not.toContain(p.id);
    expect((await report(p.id, `late-${run}-hold`)).status).toBe(404);
    const held = await createProductRepository(table).get(p.id);
    expect(held).toMatchObject({ status: 'active', held_at: expect.any(String) });
    // The seller still sees it, marked held, and cannot change it while it is under review.
    const own = await call('listOwnProducts', { as: seller });
    expect((own.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ id: p.id, status: 'active', held_at: held?.held_at }),
    ]);
    const sold = await call('setOwnProductStatus', {
      params: { id: p.id },
      as: seller,
      body: { status: 'sold' },
    });
    expect(sold.status).toBe(409);
    expect(ErrorShape(sold.body).message).toBe(REPORT_MESSAGES.underReview);
    // The seller is told, once (a replay of the hold's record mails nothing more: checked below).
    const told = await eventually('the hold mail', sellerMails, (m) => m.length > 0);
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe(`Tu publicación «${p.title}» está en revisión`);
    expect(told[0].text).toContain('Hola, Sofía Vendedora:');
    expect(told[0].text).toContain('/my-products');
    // Eight pending reports more in the admin's count.
    expect((await reportCounts({ counts })).pending).toBe(before.pending + 8);

    // Act: the admin's review lifts the hold.
    const released = await releaseHold(
      { products: createProductRepository(table), now: () => new Date(clock) },
      p.id,
    );
    expect(released).toMatchObject({ id: p.id, status: 'active' });
    expect(released?.held_at).toBeUndefined();
    await settle();
    // Assess: listed again; the old reports do not hold it again (a replayed record changes nothing).
    expect(await listed(p)).toEqual({ listing: true, total: 2, search: true, page: 200 });
    const deps = {
      products: createProductRepository(table),
      reports: createReportRepository(table),
      now: () => new Date(clock),
    };
    expect(await evaluateHold(deps, p.id)).toBe(false);
    expect(await releaseHold(deps, p.id)).toBeNull();
    // The release and the edits after it mail nothing: still the one mail of the hold.
    expect(await sellerMails()).toHaveLength(1);
  });

  it('never holds a product for unverified reporters, however many', async () => {
    const p = await makeProduct(table, {
      university_id: uniqueUniversity('ru'),
      title: `Silla ergonómica ${run}`,
    });
    for (const i of [1, 2, 3, 4, 5, 6]) expect((await report(p.id, `anon${i}-${run}`)).status).toBe(201);
    await settle();
    expect(await listed(p)).toEqual({ listing: true, total: 1, search: true, page: 200 });
  });

  it('holds once when verified reports arrive together', async () => {
    const p = await makeProduct(table, {
      university_id: uniqueUniversity('rc'),
      title: `Guitarra eléctrica ${run}`,
    });
    const who = await Promise.all([1, 2, 3, 4].map((i) => verifiedStudent(`c${i}-${run}-hold`)));
    const answers = await Promise.all(who.map((w) => report(p.id, w, { report_category: 'precio_abusivo' })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    await settle();
    expect(await listed(p)).toEqual({ listing: false, total: 0, search: false, page: 404 });
    const item = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.product(p.id) }),
    );
    expect(item.Item?.gsi1pk).toBeUndefined();
    expect(item.Item?.gsi5pk).toBe(keys.byOwner('owner-1'));
  });
});
