import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { dealEntity, reviewEntity } from '../../functions/adapters/dynamodb/entities';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import { createPushDeviceStore } from '../../functions/adapters/dynamodb/push';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import { generateVapidKeys } from '../../functions/adapters/push/web-push-request';
import { resetContext } from '../../functions/app/context';
import { ENV } from '../../functions/commons/env';
import type { StoredQuestion } from '../../functions/ports/questions';
import { type PushDeviceInfo, type PushReceiver, startPushReceiver } from '../../scripts/local/push-receiver';
import { MAX_PUSH_DEVICES, PUSH_MESSAGES } from '#shared/push';
import { type AccountParts, type ProfilePerson, profilePerson, startAccountParts } from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { setHandlerContext } from '../support/callers';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { mailTo } from '../support/mailbox';
import { answerQuestion, questionId, useNotifySecret, writeQuestion } from '../support/notifications';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Web Push (issue 41) against the local parts: the accounts area's routes through the real handler
 * on DynamoDB Local; pushes from the real stream dispatcher (question items written as the questions
 * area writes them) to the local push service, which checks each push's VAPID signature and
 * audience and decrypts it with the device's private key, as a browser's push service and browser do.
 */
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
let receiver: PushReceiver;
const vapid = generateVapidKeys();

const subscribe = handlerOf('subscribePush');

const call = (route: Parameters<typeof handlerOf>[0], p: Person, body?: unknown) =>
  invoke(handlerOf(route), apiEvent(route, { claims: p.claims, ...(body === undefined ? {} : { body }) }));
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;
const devicesOf = (p: Person) => createPushDeviceStore(table).devicesOf(p.id);
const payloads = (d: PushDeviceInfo) =>
  receiver
    .received(d.id)
    .map((r) => ({ ...r, json: r.payload ? (JSON.parse(r.payload) as Record<string, string>) : null }));

let productId = 950_000;
async function ask(seller: Person, asker: Person, text: string): Promise<StoredQuestion> {
  productId += 1 + Math.floor(Math.random() * 50);
  const q: StoredQuestion = {
    id: questionId(),
    product_id: productId,
    product_title: 'Calculadora Casio fx-991',
    seller_id: seller.id,
    asker_id: asker.id,
    asker_name: 'Ana',
    question_text: text,
    created_at: new Date().toISOString(),
  };
  await writeQuestion(table, q);
  return q;
}

type Person = ProfilePerson;
const person = (name: string) => profilePerson(table, name);

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  useNotifySecret();
  process.env[ENV.vapidPublicKey] = vapid.publicKey;
  process.env[ENV.vapidPrivateKey] = vapid.privateKey;
  receiver = await startPushReceiver();
  setHandlerContext({ search: new MemorySearchIndex(), savedSearchIndex: createEmbeddedSavedSearchIndex() });
  stream = await startTestStream(table);
});
afterAll(async () => {
  await stream?.stop();
  await receiver?.close();
  resetContext();
  await parts?.stop();
});

describe('a device turns push on and off', () => {
  it('is held once (201, then 200 with its keys refreshed) and leaves on DELETE', async () => {
    const ana = await person('Ana');
    const device = receiver.newDevice();
    const first = await invoke(
      subscribe,
      apiEvent('subscribePush', { claims: ana.claims, body: device.subscription }),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ endpoint: device.subscription.endpoint });
    const again = await invoke(
      subscribe,
      apiEvent('subscribePush', { claims: ana.claims, body: device.subscription }),
    );
    expect(again.status).toBe(200);
    expect(await devicesOf(ana)).toHaveLength(1);

    expect((await call('unsubscribePush', ana, { endpoint: device.subscription.endpoint })).status).toBe(200);
    expect(await devicesOf(ana)).toEqual([]);
  });

  it('refuses what no browser would send, in Spanish, storing nothing', async () => {
    const ana = await person('Ana');
    const good = receiver.newDevice().subscription;
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'https://evil.example.com/push/1' }, PUSH_MESSAGES.invalidEndpoint],
      [{ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, PUSH_MESSAGES.invalidEndpoint],
      [{ ...good, endpoint: 'https://fcm.googleapis.com.evil.example/x' }, PUSH_MESSAGES.invalidEndpoint],
      [{ ...good, endpoint: 'http://10.0.0.5/push/1' }, PUSH_MESSAGES.invalidEndpoint],
      [
        { ...good, endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1100)}` },
        PUSH_MESSAGES.invalidEndpoint,
      ],
      [
        { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } },
        PUSH_MESSAGES.invalidKeys,
      ],
      [
        { ...good, keys: { ...good.keys, auth: randomBytes(8).toString('base64url') } },
        PUSH_MESSAGES.invalidKeys,
      ],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, PUSH_MESSAGES.invalidKeys],
    ];
    for (const [body, message] of cases) {
      const res = await call('subscribePush', ana, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    // A field no subscription has, and a body far larger than a real one.
    expect((await call('subscribePush', ana, { ...good, extra: 'x' })).status).toBe(400);
    expect((await call('subscribePush', ana, { ...good, expirationTime: 'x'.repeat(5000) })).status).toBe(
      400,
    );
    expect(await devicesOf(ana)).toEqual([]);
  });

  it(`holds ${MAX_PUSH_DEVICES} devices a person at most: the oldest goes first`, async () => {
    const ana = await person('Ana');
    const devices = Array.from({ length: MAX_PUSH_DEVICES + 1 }, () => receiver.newDevice());
    for (const d of devices) expect((await call('subscribePush', ana, d.subscription)).status).toBe(201);
    const held = (await devicesOf(ana)).map((d) => d.endpoint);
    expect(held).toHaveLength(MAX_PUSH_DEVICES);
    expect(held).not.toContain(devices[0].subscription.endpoint);
    expect(held).toContain(devices[MAX_PUSH_DEVICES].subscription.endpoint);
  });

  it("another person cannot delete someone's device (said as for a device they never had); a browser that changes hands stops pushing to the first", async () => {
    const [ana, beto] = [await person('Ana'), await person('Beto')];
    const device = receiver.newDevice();
    await call('subscribePush', ana, device.subscription);
    expect((await call('unsubscribePush', beto, { endpoint: device.subscription.endpoint })).status).toBe(
      200,
    );
    expect(await devicesOf(ana)).toHaveLength(1);

    // Ana signs out on a shared computer without turning push off; Beto signs in there and turns it on.
    expect((await call('subscribePush', beto, device.subscription)).status).toBe(201);
    expect(await devicesOf(ana)).toEqual([]);
    expect(await devicesOf(beto)).toHaveLength(1);
  });
});

describe('pushes from the stream, decrypted by the local push service', () => {
  it('a new question pushes to the seller at once, and its answer to the asker: signed, encrypted, with title, body and path only', async () => {
    const [seller, asker] = [await person('Carlos'), await person('Ana')];
    const sellerPhone = receiver.newDevice('Teléfono de Carlos');
    const askerPhone = receiver.newDevice('Teléfono de Ana');
    await call('subscribePush', seller, sellerPhone.subscription);
    await call('subscribePush', asker, askerPhone.subscription);

    const q = await ask(seller, asker, '¿Todavía la tienes?');
    await vi.waitFor(() => expect(payloads(sellerPhone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [pushed] = payloads(sellerPhone);
    expect(pushed.refused).toBeNull();
    expect(pushed.vapidKey).toBe(vapid.publicKey);
    expect(pushed.json).toEqual({
      title: 'Nueva pregunta en tu publicación',
      body: '«Calculadora Casio fx-991»: ¿Todavía la tienes?',
      path: `/product/${q.product_id}`,
      tag: `producto-${q.product_id}`,
    });
    expect(pushed.ttl).toBeGreaterThan(0);
    expect(pushed.topic).toBe(`producto-${q.product_id}`);
    // The mail went out too, as before.
    expect((await mailTo(parts.ses.endpoint, seller.email)).length).toBeGreaterThanOrEqual(1);

    await answerQuestion(table, q, 'Sí, con su estuche.');
    await vi.waitFor(() => expect(payloads(askerPhone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(payloads(askerPhone)[0].json).toMatchObject({
      title: 'Respondieron tu pregunta',
      body: '«Calculadora Casio fx-991»: Sí, con su estuche.',
    });
    expect(payloads(sellerPhone)).toHaveLength(1);
  });

  it("respects each person's switch per kind: off, nothing is pushed (the mail still goes); on again, pushes come back", async () => {
    const [seller, asker] = [await person('Carlos'), await person('Ana')];
    const phone = receiver.newDevice();
    await call('subscribePush', seller, phone.subscription);
    const put = await call('updatePushSettings', seller, { questions: false });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ answers: true, questions: false, alerts: true, deals: true, reports: true });
    expect((await call('getPushSettings', seller)).body).toMatchObject({ questions: false });

    await ask(seller, asker, 'Primera pregunta');
    await vi.waitFor(async () => expect(await mailTo(parts.ses.endpoint, seller.email)).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    await stream.settle();
    expect(payloads(phone)).toEqual([]);

    await call('updatePushSettings', seller, { questions: true });
    await ask(seller, asker, 'Segunda pregunta');
    await vi.waitFor(() => expect(payloads(phone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect((await call('updatePushSettings', seller, { questions: 'no' })).status).toBe(400);
  });

  it('a device the push service says is gone (410) is dropped at once; a busy one (429, Retry-After) gets it on a retry', async () => {
    const [seller, asker] = [await person('Carlos'), await person('Ana')];
    const gone = receiver.newDevice();
    const busy = receiver.newDevice();
    await call('subscribePush', seller, gone.subscription);
    await call('subscribePush', seller, busy.subscription);
    receiver.answerNext(gone.id, [{ status: 410 }]);
    receiver.answerNext(busy.id, [{ status: 429, retryAfter: '0' }]);

    await ask(seller, asker, '¿Aceptas pago móvil?');
    await vi.waitFor(() => expect(payloads(busy)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(
      async () =>
        expect((await devicesOf(seller)).map((d) => d.endpoint)).toEqual([busy.subscription.endpoint]),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    expect(payloads(gone)).toEqual([]);
  });

  it('a push service that hangs is given up at its timeout: the other devices, the mail and the stream go on', async () => {
    const [seller, asker] = [await person('Carlos'), await person('Ana')];
    const hanging = receiver.newDevice();
    const fine = receiver.newDevice();
    await call('subscribePush', seller, hanging.subscription);
    await call('subscribePush', seller, fine.subscription);
    receiver.answerNext(hanging.id, [{ hangMs: 60_000 }]);
    const started = Date.now();
    await ask(seller, asker, '¿Hasta cuándo la tienes?');
    await vi.waitFor(() => expect(payloads(fine)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect(await mailTo(parts.ses.endpoint, seller.email)).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    // The next change is handled once the sender gives up (5 s), not after the hanging answer (60 s).
    await ask(seller, asker, '¿Y el estuche?');
    await vi.waitFor(() => expect(payloads(fine)).toHaveLength(2), { timeout: 20_000, interval: 50 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(payloads(fine)[1].json?.body).toContain('¿Y el estuche?');
    // Not dropped: a device that did not answer may answer next time.
    expect((await devicesOf(seller)).map((d) => d.endpoint)).toContain(hanging.subscription.endpoint);
  });
});

describe('each kind of push, from its change', () => {
  const pendingDeal = (seller: Person, buyer: Person, id: number, title: string, code: string) => {
    const at = new Date();
    return dealEntity.put({
      product_id: id,
      seller_id: seller.id,
      buyer_id: buyer.id,
      title,
      state: 'pending',
      named_at: at.toISOString(),
      sold_at: at.toISOString(),
      answer_by: new Date(at.getTime() + 7 * 86_400_000).toISOString(),
      code,
      code_tries: 0,
    });
  };

  it("a sale names the buyer: '¿Recibiste …?' reaches them, opening 'Mis Compras'; with the switch off, nothing", async () => {
    const [seller, buyer] = [await person('Carlos'), await person('Ana')];
    const phone = receiver.newDevice();
    await call('subscribePush', buyer, phone.subscription);
    productId += 7;
    await tableOf(table).write(pendingDeal(seller, buyer, productId, 'Bicicleta montañera rin 26', '123456'));
    await vi.waitFor(() => expect(payloads(phone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(payloads(phone)[0].json).toEqual({
      title: '¿Recibiste «Bicicleta montañera rin 26»?',
      body: 'Confírmalo en Mis Compras.',
      path: '/my-purchases',
      tag: `producto-${productId}`,
    });
    // Nothing of the handoff code travels.
    expect(payloads(phone)[0].payload).not.toContain('123456');

    await call('updatePushSettings', buyer, { deals: false });
    await tableOf(table).write(pendingDeal(seller, buyer, productId + 1, 'Parlante JBL', '654321'));
    await vi.waitFor(async () => expect(await mailTo(parts.ses.endpoint, buyer.email)).toHaveLength(2), {
      timeout: 10_000,
      interval: 50,
    });
    await stream.settle();
    expect(payloads(phone)).toHaveLength(1);
  });

  it('a new listing that matches a saved search is pushed at once, each match (the mails gather all but the first)', async () => {
    const [seller, buyer] = [await person('Carlos'), await person('Ana')];
    const university = uniqueUniversity('pa');
    await createUniversityRepository(table).putIfAbsent({
      id: university,
      name: 'UPA',
      full_name: 'Universidad de las Alertas Push',
      email_domain: `${university}.edu.ve`,
      created_at: new Date().toISOString(),
    });
    const phone = receiver.newDevice();
    await call('subscribePush', buyer, phone.subscription);
    expect((await call('createAlert', buyer, { university, q: 'calculadora' })).status).toBe(201);
    const listing = (title: string, price: number) =>
      makeProduct(table, {
        university_id: university,
        owner_id: seller.id,
        title,
        price,
        created_at: new Date().toISOString(),
      });
    const first = await listing('Calculadora científica Casio fx-570', 20);
    await vi.waitFor(() => expect(payloads(phone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(payloads(phone)[0].json).toEqual({
      title: 'Nuevo producto para tu alerta',
      body: 'Calculadora científica Casio fx-570 · US$ 20,00',
      path: `/product/${first.id}`,
      tag: `producto-${first.id}`,
    });
    const second = await listing('Calculadora gráfica TI-84', 35);
    await vi.waitFor(() => expect(payloads(phone)).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(payloads(phone)[1].json?.path).toBe(`/product/${second.id}`);
    // One mail (the day's first); the second listing waits for the morning's digest.
    expect(await mailTo(parts.ses.endpoint, buyer.email)).toHaveLength(1);
  });

  it("a review made visible reaches its subject (a seller's opens their page); a window about to close reminds whoever has not written", async () => {
    const [seller, buyer] = [await person('Carlos'), await person('Ana')];
    const sellerPhone = receiver.newDevice();
    const buyerPhone = receiver.newDevice();
    await call('subscribePush', seller, sellerPhone.subscription);
    await call('subscribePush', buyer, buyerPhone.subscription);
    productId += 11;
    const now = new Date().toISOString();
    await tableOf(table).write(
      reviewEntity.put({
        product_id: productId,
        side: 'buyer',
        author_id: buyer.id,
        subject_id: seller.id,
        title: 'Bicicleta montañera rin 26',
        stars: 4,
        text: 'Todo bien.',
        created_at: now,
        counted: true,
        visible_at: now,
      }),
    );
    await vi.waitFor(() => expect(payloads(sellerPhone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(payloads(sellerPhone)[0].json).toEqual({
      title: 'Recibiste una reseña',
      body: '★★★★ sobre «Bicicleta montañera rin 26».',
      path: `/vendedor/${seller.id}`,
      tag: `producto-${productId}`,
    });

    // The window's reminder, marked by the sweep: the buyer wrote, the seller has not.
    const deal = {
      product_id: productId,
      seller_id: seller.id,
      buyer_id: buyer.id,
      title: 'Bicicleta montañera rin 26',
      state: 'confirmed' as const,
      named_at: now,
      sold_at: now,
      confirmed_at: now,
      confirmed_by: 'code' as const,
      code: '111111',
      code_tries: 0,
      review_until: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      buyer_reviewed: true,
    };
    await tableOf(table).write(dealEntity.put(deal));
    await tableOf(table).write(dealEntity.put({ ...deal, reminded_at: new Date().toISOString() }));
    await vi.waitFor(() => expect(payloads(sellerPhone)).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(payloads(sellerPhone)[1].json).toMatchObject({
      title: 'Te quedan 2 días para dejar tu reseña',
      path: '/my-products',
    });
    await stream.settle();
    expect(payloads(buyerPhone)).toEqual([]);
  });

  it('a device that left gets nothing more', async () => {
    const [seller, asker] = [await person('Carlos'), await person('Ana')];
    const phone = receiver.newDevice();
    await call('subscribePush', seller, phone.subscription);
    await ask(seller, asker, 'Antes de irse');
    await vi.waitFor(() => expect(payloads(phone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await call('unsubscribePush', seller, { endpoint: phone.subscription.endpoint });
    await ask(seller, asker, 'Después de irse');
    await vi.waitFor(async () => expect(await mailTo(parts.ses.endpoint, seller.email)).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    await stream.settle();
    expect(payloads(phone)).toHaveLength(1);
  });

  it('reports hold a listing and an admin releases it: its seller is pushed both', async () => {
    const seller = await person('Carlos');
    const phone = receiver.newDevice();
    await call('subscribePush', seller, phone.subscription);
    const products = createProductRepository(table);
    const p = await makeProduct(table, {
      university_id: uniqueUniversity('p'),
      owner_id: seller.id,
      title: 'Tablet Samsung',
    });
    expect(await products.hold(p.id, new Date().toISOString(), null)).toBe(true);
    await vi.waitFor(() => expect(payloads(phone)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(payloads(phone)[0].json).toMatchObject({
      title: 'Tu publicación está en revisión',
      path: '/my-products',
    });
    expect(await products.releaseHold(p.id, new Date().toISOString())).not.toBeNull();
    await vi.waitFor(() => expect(payloads(phone)).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(payloads(phone)[1].json).toMatchObject({
      title: 'Tu publicación volvió a mostrarse',
      path: `/product/${p.id}`,
      tag: `producto-${p.id}`,
    });
  });
});
