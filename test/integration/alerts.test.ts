import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createSesMailer } from '../../functions/adapters/mail/ses';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { handler as dispatcher } from '../../functions/app/stream';
import type { SavedSearchIndex } from '../../functions/ports/alerts';
import { NOTIFICATION_SWEEP_EVENT } from '../../functions/stream/sweep-event';
import { ALERT_MESSAGES, MAX_SAVED_SEARCHES, type SavedSearch } from '#shared/alerts';
import { API_MESSAGES } from '#shared/messages';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import {
  type AccountParts,
  APP_URL,
  type ProfilePerson,
  profilePerson,
  startAccountParts,
} from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke, lambdaContext } from '../support/events';
import { handlerOf } from '../support/handlers';
import { mailTo } from '../support/mailbox';
import { MemorySearchIndex } from '../support/memory-search-index';
import { useNotifySecret } from '../support/notifications';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Saved searches with alerts against the local parts (docs/decisions/031): the routes through the
 * favorites area's handler, listings written into DynamoDB Local, the local stream poller feeding
 * the real dispatcher with the embedded reverse index, the SES emulator's mailbox, and the sweep
 * (the dispatcher's sweep event) run at chosen times: the clock is the context's, so a day and the
 * next morning (America/Caracas) are instants the test picks.
 */
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
let matcher: SavedSearchIndex;
/** The context's clock: 09:00 in Caracas on 10 March 2026 unless a test moves it. */
let clock = Date.parse('2026-03-10T13:00:00.000Z');
/** While true, SES is down (the real mailer of the local emulator behind a switch). */
let sesDown = false;

type Person = ProfilePerson;
const person = (name: string) => profilePerson(table, name, new Date(clock));

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  useNotifySecret();
  matcher = createEmbeddedSavedSearchIndex();
  const ses = createSesMailer();
  setHandlerContext({
    search: new MemorySearchIndex(),
    savedSearchIndex: matcher,
    now: () => new Date(clock),
    mailer: { send: (m) => (sesDown ? Promise.reject(new Error('SES is down (test)')) : ses.send(m)) },
  });
  stream = await startTestStream(table);
});
afterAll(async () => {
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

let university: string;
let buyer: Person;
let seller: Person;
beforeEach(async () => {
  clock = Date.parse('2026-03-10T13:00:00.000Z');
  sesDown = false;
  university = uniqueUniversity('alr');
  await createUniversityRepository(table).putIfAbsent({
    id: university,
    name: 'UAL',
    full_name: 'Universidad de las Alertas',
    email_domain: `${university}.edu.ve`,
    created_at: new Date(clock).toISOString(),
  });
  buyer = await person('Berta');
  seller = await person('Samuel');
});

const call = (
  name: Parameters<typeof handlerOf>[0],
  who: Person | null,
  opts: Parameters<typeof apiEvent>[1] = {},
) => invoke(handlerOf(name), apiEvent(name, { ...opts, ...(who ? { claims: who.claims } : {}) }));
const listOf = async (who: Person) =>
  ((await call('listAlerts', who)).body as { items: SavedSearch[] }).items;
const create = (who: Person, body: Record<string, unknown>) =>
  call('createAlert', who, { body: { university, ...body } });
const messageOf = (body: unknown) => (body as { error: { message: string } }).error.message;
const mails = (p: Person) => mailTo(parts.ses.endpoint, p.email);

/** A listing published now by `by` (the stream takes it from there). */
function publish(overrides: Partial<Product> = {}, by: Person = seller) {
  return makeProduct(table, {
    university_id: university,
    title: 'Calculadora científica Casio fx-570',
    category: 'electronica',
    price: 20,
    owner_id: by.id,
    image: '/images/products/77/foto.webp',
    created_at: new Date(clock).toISOString(),
    ...overrides,
  });
}
async function setStatus(p: Product, status: string) {
  await table.doc.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.product(p.id),
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );
}
const sweep = () => dispatcher(NOTIFICATION_SWEEP_EVENT, lambdaContext('stream'));

describe('saved searches: the routes', () => {
  it('saves a search with its filters inside the university, lists it with its switch and no news', async () => {
    const res = await create(buyer, { q: '  Calculadora ', maxPrice: 30, category: 'electronica' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [saved, ...rest] = await listOf(buyer);
    expect(rest).toEqual([]);
    expect(saved).toMatchObject({
      university,
      q: 'Calculadora',
      maxPrice: 30,
      category: 'electronica',
      enabled: true,
      new_count: 0,
    });
    expect(saved.id).toMatch(/^[a-f0-9]{24}$/);
  });

  it('refuses bad input with a Spanish message and changes nothing', async () => {
    await create(buyer, { q: 'silla' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, ALERT_MESSAGES.empty],
      [{ q: '   ' }, 400, ALERT_MESSAGES.empty],
      [{ q: 'mesa', category: 'naves-espaciales' }, 400, API_MESSAGES.unknownCategory],
      [{ q: 'mesa', condition: 'roto' }, 400, API_MESSAGES.unknownCondition],
      [{ q: 'mesa', minPrice: 50, maxPrice: 10 }, 400, ALERT_MESSAGES.invalidPriceRange],
      [{ q: 'mesa', university: 'no-existe' }, 400, ALERT_MESSAGES.unknownUniversity],
      [{ q: 'SILLA' }, 409, ALERT_MESSAGES.duplicate],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(buyer, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await listOf(buyer)).map((s) => s.q)).toEqual(['silla']);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user, even when the requests race`, async () => {
    const results = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 4 }, (_, i) => create(buyer, { q: `producto${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409]);
    expect(messageOf(refused[0].body)).toBe(ALERT_MESSAGES.tooMany);
    expect(await listOf(buyer)).toHaveLength(MAX_SAVED_SEARCHES);
    // Deleting one makes room for one.
    const [first] = await listOf(buyer);
    expect((await call('deleteAlert', buyer, { params: { alertId: first.id } })).status).toBe(200);
    expect((await create(buyer, { q: 'otra' })).status).toBe(201);
    expect((await create(buyer, { q: 'una-mas' })).status).toBe(409);
  });

  it('only the owner reads, switches, marks or deletes their saved search', async () => {
    await create(buyer, { q: 'bicicleta' });
    const [mine] = await listOf(buyer);
    const intruder = await person('Ivan');
    expect(await listOf(intruder)).toEqual([]);
    const params = { alertId: mine.id };
    expect((await call('updateAlert', intruder, { params, body: { enabled: false } })).status).toBe(404);
    expect((await call('markAlertSeen', intruder, { params })).status).toBe(404);
    expect((await call('deleteAlert', intruder, { params })).status).toBe(404);
    expect((await call('listAlerts', null)).status).toBe(401);
    expect(await listOf(buyer)).toEqual([mine]);
    // The owner can.
    const off = await call('updateAlert', buyer, { params, body: { enabled: false } });
    expect(off.body).toMatchObject({ id: mine.id, enabled: false });
    expect((await call('deleteAlert', buyer, { params })).status).toBe(200);
    expect(await listOf(buyer)).toEqual([]);
  });
});

describe('alerts: a new listing mails who saved a matching search', () => {
  it('the first match of the day at once, with photo, title, price and unsubscribe link; nothing for a listing over the price cap', async () => {
    await create(buyer, { q: 'calculadora', maxPrice: 30 });
    await stream.settle();
    await publish({ title: 'Calculadora gráfica TI-84', price: 45 }); // over the cap
    const match = await publish({ title: 'Calculadora científica Casio fx-570', price: 20 });
    await stream.settle();
    const [mail, ...more] = await mails(buyer);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Nuevo producto para "calculadora"');
    expect(mail.html).toContain(`${APP_URL}/images/products/77/foto.webp`);
    expect(mail.html).toContain('Calculadora científica Casio fx-570');
    expect(mail.html).toContain('US$ 20,00');
    expect(mail.html).not.toContain('TI-84');
    expect(mail.text).toContain(`${APP_URL}/product/${match.id}`);
    expect(mail.text).toMatch(/\/alertas\/baja#token=[\w.-]+/);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:5173\/api\/alerts\/unsubscribe\?token=/,
    );
    // 'Nuevos para ti' until seen ('Ver resultados').
    const [saved] = await listOf(buyer);
    expect(saved.new_count).toBe(1);
    expect((await call('markAlertSeen', buyer, { params: { alertId: saved.id } })).body).toMatchObject({
      new_count: 0,
    });
    expect(await mails(seller)).toEqual([]);
  });

  it('later matches of the day go in ONE digest the next morning (07:00 Caracas); at most two mails a day', async () => {
    await create(buyer, { q: 'calculadora' });
    await stream.settle();
    await publish({ title: 'Calculadora Casio 1' });
    await stream.settle();
    clock += 3 * 3600_000; // 12:00 in Caracas
    await publish({ title: 'Calculadora Casio 2', price: 12.5 });
    clock += 9 * 3600_000; // 21:00 in Caracas
    await publish({ title: 'Calculadora Casio 3' });
    await stream.settle();
    await sweep();
    expect((await mails(buyer)).map((m) => m.subject)).toEqual(['Nuevo producto para "calculadora"']);
    // 06:59 the next morning: not yet.
    clock = Date.parse('2026-03-11T10:59:00.000Z');
    await sweep();
    expect(await mails(buyer)).toHaveLength(1);
    // 07:00: the digest, once.
    clock = Date.parse('2026-03-11T11:00:00.000Z');
    await sweep();
    await sweep();
    const afterDigest = await mails(buyer);
    expect(afterDigest.map((m) => m.subject)).toEqual([
      'Nuevo producto para "calculadora"',
      '2 nuevos productos para "calculadora"',
    ]);
    const digest = afterDigest[1];
    expect(digest.html).toContain('Calculadora Casio 2');
    expect(digest.html).toContain('US$ 12,50');
    expect(digest.html).toContain('Calculadora Casio 3');
    expect(digest.html).not.toContain('Calculadora Casio 1');
    // The 11th's first match goes out at once (the day's second mail), the next waits for the 12th.
    clock = Date.parse('2026-03-11T15:00:00.000Z');
    await publish({ title: 'Calculadora Casio 4' });
    await stream.settle();
    await publish({ title: 'Calculadora Casio 5' });
    await stream.settle();
    await sweep();
    const eleventh = (await mails(buyer)).slice(2);
    expect(eleventh.map((m) => m.subject)).toEqual(['Nuevo producto para "calculadora"']);
    expect(eleventh[0].html).toContain('Calculadora Casio 4');
    clock = Date.parse('2026-03-12T11:00:00.000Z');
    await sweep();
    expect((await mails(buyer)).at(-1)?.html).toContain('Calculadora Casio 5');
    expect((await listOf(buyer))[0].new_count).toBe(5);
  });

  it('an immediate mail that SES refused is owed: the sweep sends it once SES is back, nothing lost or doubled', async () => {
    await create(buyer, { q: 'calculadora' });
    await stream.settle();
    sesDown = true;
    await publish({ title: 'Calculadora durante la caída' });
    await stream.settle();
    await expect(sweep()).rejects.toThrow(/alert digests failed/);
    expect(await mails(buyer)).toEqual([]);
    sesDown = false;
    await sweep();
    await sweep();
    const [mail, ...more] = await mails(buyer);
    expect(more).toEqual([]);
    expect(mail.html).toContain('Calculadora durante la caída');
    // That was the day's immediate mail: the next match waits for the morning.
    await publish({ title: 'Calculadora siguiente' });
    await stream.settle();
    await sweep();
    expect(await mails(buyer)).toHaveLength(1);
  });

  it('a listing sold before the digest is left out of it', async () => {
    await create(buyer, { q: 'calculadora' });
    await stream.settle();
    await publish({ title: 'Calculadora Casio A' });
    await stream.settle();
    const sold = await publish({ title: 'Calculadora Casio B' });
    await publish({ title: 'Calculadora Casio C' });
    await stream.settle();
    await setStatus(sold, 'sold');
    await stream.settle();
    clock = Date.parse('2026-03-11T11:00:00.000Z');
    await sweep();
    const digest = (await mails(buyer))[1];
    expect(digest.subject).toBe('Nuevo producto para "calculadora"');
    expect(digest.html).toContain('Calculadora Casio C');
    expect(digest.html).not.toContain('Calculadora Casio B');
  });

  it('never for its own seller, a sold or inactive listing, a turned-off alert or another university', async () => {
    await create(seller, { q: 'calculadora' });
    await create(buyer, { q: 'calculadora' });
    const other = await person('Otra');
    await call('createAlert', other, { body: { university: uniqueUniversity('x'), q: 'calculadora' } });
    await stream.settle();
    await publish({ title: 'Calculadora vendida', status: 'sold' });
    await publish({ title: 'Calculadora inactiva', status: 'inactive' });
    await publish({ title: 'Calculadora retenida', held_at: new Date(clock).toISOString() });
    await stream.settle();
    await sweep();
    expect(await mails(buyer)).toEqual([]);
    const [saved] = await listOf(buyer);
    await call('updateAlert', buyer, { params: { alertId: saved.id }, body: { enabled: false } });
    await stream.settle();
    await publish({ title: 'Calculadora activa' });
    await stream.settle();
    await sweep();
    expect(await mails(buyer)).toEqual([]);
    expect(await mails(seller)).toEqual([]);
    expect(await mails(other)).toEqual([]);
  });

  it('a listing that goes on offer again (reactivated, renewed) alerts like a new one; reserved and back does not', async () => {
    // Listed before the alert was saved: nothing to mail yet.
    const old = await publish({ title: 'Calculadora reactivada', status: 'inactive' });
    const reserved = await publish({ title: 'Calculadora reservada' });
    await stream.settle();
    await create(buyer, { q: 'calculadora' });
    await stream.settle();
    await setStatus(reserved, 'reserved');
    await stream.settle();
    await setStatus(reserved, 'active');
    await stream.settle();
    expect(await mails(buyer)).toHaveLength(0);
    await setStatus(old, 'active');
    await stream.settle();
    const [mail] = await mails(buyer);
    expect(mail.html).toContain('Calculadora reactivada');
  });

  it("an alert mail's link turns every alert of its person off; a forged one changes nothing", async () => {
    await create(buyer, { q: 'calculadora' });
    await create(buyer, { q: 'silla' });
    await stream.settle();
    await publish();
    await stream.settle();
    const [mail] = await mails(buyer);
    const token = mail.text.match(/\/alertas\/baja#token=([\w.-]+)/)![1];
    const forged = await call('unsubscribeAlerts', null, { query: { token: `${token.slice(0, -2)}xx` } });
    expect(forged.status).toBe(400);
    expect(messageOf(forged.body)).toBe(ALERT_MESSAGES.invalidUnsubscribeLink);
    expect((await listOf(buyer)).every((s) => s.enabled)).toBe(true);
    const res = await call('unsubscribeAlerts', null, { query: { token } });
    expect(res.body).toEqual({ ok: true, turned_off: 2 });
    expect((await listOf(buyer)).some((s) => s.enabled)).toBe(false);
  });

  it("a deleted account's saved searches are gone, and it is never alerted again", async () => {
    await create(buyer, { q: 'calculadora' });
    await stream.settle();
    const [saved] = await listOf(buyer);
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.profile(buyer.id) }));
    await stream.settle();
    expect(await listOf(buyer)).toEqual([]);
    const doc = { ...(await publish()), description: null, tags: [], seller_name: 'x' };
    await stream.settle();
    expect(await matcher.match(doc as never, null)).not.toContainEqual({ id: saved.id, user_id: buyer.id });
    expect(await mails(buyer)).toEqual([]);
  });
});
