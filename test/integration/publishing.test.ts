import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { lazyContext, resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { LIMITS } from '#shared/limits';
import { tableParts } from '../../functions/app/parts/table';
import { settleProductCounts } from '../../functions/services/catalog/listing-counts';
import { keys } from '#shared/table';
const checkListing = handlerOf('checkListing');
const createProduct = handlerOf('createProduct');
const deleteOwnProduct = handlerOf('deleteOwnProduct');
const getProduct = handlerOf('getProduct');
const getSellerContact = handlerOf('getSellerContact');
const listOwnProducts = handlerOf('listOwnProducts');
const listProducts = handlerOf('listProducts');
const setOwnProductStatus = handlerOf('setOwnProductStatus');
import type { Moderator } from '../../functions/ports/moderation';
import type { ModerationInput, ModerationResult } from '#shared/moderation';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';

/**
 * Publishing and own listings through the real handlers against DynamoDB Local. The moderator is
 * the one collaborator replaced (its own tests judge content): here it records what the server
 * asked and rejects any title containing 'PROHIBIDO', so the tests see that moderation runs on
 * every publication and that its verdict is obeyed.
 */
let table: TableAccess;
let clock = Date.parse('2026-05-01T10:00:00.000Z');
const uni = uniqueUniversity('pub');
const other = uniqueUniversity('pub2');
const judged: ModerationInput[] = [];

const moderator: Moderator = {
  async moderate(input): Promise<ModerationResult> {
    judged.push(input);
    return input.title.includes('PROHIBIDO')
      ? { approved: false, severity: 'high', warnings: ['Contenido prohibido'], suggestions: [] }
      : { approved: true, severity: 'low', warnings: [], suggestions: [] };
  },
};

const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });
const listing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Libro de Cálculo Stewart',
  description: 'Poco uso',
  price: 20.5,
  category: 'libros',
  whatsapp_number: '0414-123 45 67',
  tags: ['Cálculo', 'cálculo', 'Stewart'],
  university_id: uni,
  ...overrides,
});
const publish = (sub: string, body: unknown) =>
  invoke(createProduct, apiEvent('createProduct', { claims: claims(sub), body }));
const own = async (sub: string) => {
  const res = await invoke(listOwnProducts, apiEvent('listOwnProducts', { claims: claims(sub) }));
  expect(res.status).toBe(200);
  return (res.body as { items: { id: number; status: string }[] }).items;
};
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

/** A student whose institutional e-mail of `university` is verified. */
async function verifiedStudent(sub: string, university = uni) {
  const profiles = createProfileRepository(table);
  await profiles.createIfAbsent({
    user_id: sub,
    email: `${sub}@correo.com`,
    full_name: sub.startsWith('anon') ? null : 'Ana Pérez',
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: new Date(clock).toISOString(),
  });
  await profiles.setInstitutional(sub, `${sub}@est.${university}.edu.ve`, university, null);
}

beforeAll(async () => {
  table = useTestTable();
  const universities = createUniversityRepository(table);
  for (const id of [uni, other])
    await universities.putIfAbsent({
      id,
      name: id.toUpperCase(),
      full_name: `Universidad ${id}`,
      email_domain: `est.${id}.edu.ve`,
      city: 'Caracas',
      logo: null,
      created_at: '2025-01-01T00:00:00.000Z',
    });
});
beforeEach(() => {
  judged.length = 0;
  clock += 2 * 24 * 3_600_000;
  setHandlerContext({ search: new MemorySearchIndex(), moderator, now: () => new Date(clock) });
});
afterAll(() => resetContext());

describe('publishing', () => {
  it('creates an active product with the seller, the normalised phone and clean tags, moderated on the server', async () => {
    const sub = `seller-${Date.now()}`;
    await verifiedStudent(sub);
    const res = await publish(sub, listing());
    expect(res.status).toBe(201);
    const created = res.body as { id: number };
    expect(res.body).toMatchObject({
      title: 'Libro de Cálculo Stewart',
      price: 20.5,
      condition: 'usado',
      career: null,
      tags: ['cálculo', 'stewart'],
      seller_name: 'Ana Pérez',
      university_id: uni,
      status: 'active',
    });
    expect(judged.map((j) => j.title)).toEqual(['Libro de Cálculo Stewart']);
    const stored = await createProductRepository(table).get(created.id);
    expect(stored).toMatchObject({
      whatsapp_number: '584141234567',
      seller_email: `${sub}@correo.com`,
      owner_id: sub,
    });
    // It is listed for its university at once (a DynamoDB Query on the listing index).
    const page = await invoke(listProducts, apiEvent('listProducts', { query: { university: uni } }));
    expect((page.body as { items: { id: number }[] }).items.map((p) => p.id)).toContain(created.id);
    expect((await own(sub)).map((p) => p.id)).toEqual([created.id]);
  });

  it('stores text without control, bidi-override or zero-width characters, in NFC', async () => {
    const sub = `unicode-${Date.now()}`;
    await verifiedStudent(sub);
    const res = await publish(
      sub,
      listing({
        title: 'Cafetera\u0000 \u202Egnp.exe\u202C\u200B',
        description: 'Cafe\u0301 de\u2066 especialidad\r\nsin uso\uFEFF',
      }),
    );
    expect(res.status).toBe(201);
    const stored = await createProductRepository(table).get((res.body as { id: number }).id);
    expect(stored?.title).toBe('Cafetera gnp.exe');
    expect(stored?.description).toBe('Café de especialidad\nsin uso');
  });

  it("names the seller by the e-mail's local part when the profile has no name", async () => {
    const sub = `anon-${Date.now()}`;
    await verifiedStudent(sub);
    const res = await publish(sub, listing());
    expect(res.body).toMatchObject({ seller_name: sub });
  });

  it('refuses an unverified student, and any university but their own', async () => {
    const unverified = `unverified-${Date.now()}`;
    const res = await publish(unverified, listing());
    expect(res.status).toBe(403);
    expect(errorOf(res.body)).toBe('Verifica tu correo institucional para publicar productos');

    const sub = `elsewhere-${Date.now()}`;
    await verifiedStudent(sub);
    const foreign = await publish(sub, listing({ university_id: other }));
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign.body)).toBe(`Solo puedes publicar productos en ${uni.toUpperCase()}`);
    expect(await own(sub)).toEqual([]);
    expect(await own(unverified)).toEqual([]);
    expect(judged).toEqual([]);
  });

  it('refuses what moderation rejects, with its warnings, and stores nothing', async () => {
    const sub = `rejected-${Date.now()}`;
    await verifiedStudent(sub);
    const res = await publish(sub, listing({ title: 'Algo PROHIBIDO' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        message: 'El producto no cumple con las normas de la comunidad',
        details: [{ path: 'moderation', message: 'Contenido prohibido' }],
      },
    });
    expect(await own(sub)).toEqual([]);
  });

  it('answers malformed or hostile input with 400 (a body past the API limit 413) and changes nothing', async () => {
    const sub = `hostile-${Date.now()}`;
    await verifiedStudent(sub);
    for (const body of [
      listing({ price: -1 }),
      listing({ price: 'veinte' }),
      listing({ price: 0 }),
      listing({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }),
      listing({ title: 'x'.repeat(5 * 1024 * 1024) }),
      listing({ whatsapp_number: '0414abcdefg' }),
      listing({ category: 'armas' }),
      listing({ status: 'sold' }),
      listing({ owner_id: 'someone-else' }),
      {},
    ]) {
      const res = await publish(sub, body);
      const oversized = JSON.stringify(body).length > LIMITS.apiBodyMaxBytes;
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(oversized ? 413 : 400);
    }
    expect(await own(sub)).toEqual([]);
    expect(judged).toEqual([]);
  });

  it('allows 20 listings a day per user, then answers 429', async () => {
    const sub = `busy-${Date.now()}`;
    await verifiedStudent(sub);
    const results = await Promise.all(
      Array.from({ length: 22 }, (_, i) => publish(sub, listing({ title: `Cosa ${i}` }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.find((r) => r.status === 429);
    expect(errorOf(refused?.body)).toBe(
      'Has alcanzado el límite de 20 publicaciones por día. Inténtalo de nuevo mañana.',
    );
    expect(await own(sub)).toHaveLength(20);
    clock += 24 * 3_600_000 + 1;
    expect((await publish(sub, listing())).status).toBe(201);
  });
});

describe('own listings', () => {
  it('the owner marks an active product sold (it leaves the listings) and deletes another; nobody else can', async () => {
    const sub = `owner-${Date.now()}`;
    const intruder = `intruder-${Date.now()}`;
    await verifiedStudent(sub);
    const a = (await publish(sub, listing({ title: 'Vendible' }))).body as { id: number };
    const b = (await publish(sub, listing({ title: 'Borrable' }))).body as { id: number };

    const sold = (id: number, who: string, body: unknown = { status: 'sold' }) =>
      invoke(
        setOwnProductStatus,
        apiEvent('setOwnProductStatus', { claims: claims(who), params: { id }, body }),
      );
    const remove = (id: number, who: string) =>
      invoke(deleteOwnProduct, apiEvent('deleteOwnProduct', { claims: claims(who), params: { id } }));

    // Another user: "not found", and nothing changes.
    expect((await sold(a.id, intruder)).status).toBe(404);
    expect((await remove(b.id, intruder)).status).toBe(404);
    // A status the owner may not set.
    for (const body of [{ status: 'inactive' }, { status: 'vendido' }, { status: 'sold', price: 1 }, {}]) {
      expect((await sold(a.id, sub, body)).status).toBe(400);
    }
    // The status it has already: answered unchanged (a retried request is harmless).
    expect((await sold(a.id, sub, { status: 'active' })).status).toBe(200);
    expect((await own(sub)).map((p) => p.status)).toEqual(['active', 'active']);

    const res = await sold(a.id, sub);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, status: 'sold' });
    // Repeating it changes nothing.
    expect((await sold(a.id, sub)).status).toBe(200);
    const page = await invoke(
      listProducts,
      apiEvent('listProducts', { query: { university: uni, limit: '60' } }),
    );
    expect((page.body as { items: { id: number }[] }).items.map((p) => p.id)).not.toContain(a.id);
    // Off sale: its public page answers 'not found' like any product no longer offered.
    const detail = await invoke(getProduct, apiEvent('getProduct', { params: { id: a.id } }));
    expect(detail.status).toBe(404);

    expect((await remove(b.id, sub)).status).toBe(200);
    expect(await createProductRepository(table).get(b.id)).toBeNull();
    expect((await remove(b.id, sub)).status).toBe(404);
    expect((await own(sub)).map((p) => [p.id, p.status])).toEqual([[a.id, 'sold']]);
  });

  it("reserves a listing: it stays listed and contactable with its status, goes back to active or on to sold; sold is final; an admin's inactive is the admin's", async () => {
    const sub = `reserver-${Date.now()}`;
    const buyer = `reserver-b-${Date.now()}`;
    await verifiedStudent(sub);
    const a = (await publish(sub, listing({ title: 'Reservable' }))).body as { id: number };
    const b = (await publish(sub, listing({ title: 'Desactivable' }))).body as { id: number };
    const set = (id: number, status: string, who = sub) =>
      invoke(
        setOwnProductStatus,
        apiEvent('setOwnProductStatus', { claims: claims(who), params: { id }, body: { status } }),
      );
    const listed = async () =>
      (
        (await invoke(listProducts, apiEvent('listProducts', { query: { university: uni, limit: '60' } })))
          .body as {
          items: { id: number; status?: string }[];
        }
      ).items.find((p) => p.id === a.id);
    const countOf = async () => (await createCountStore(table).values([keys.byUniversity(uni)]))[0];
    const counting = lazyContext(tableParts);
    await settleProductCounts(counting, a.id);
    const before = await countOf();

    // Reserved: still in the listing (with its status for the badge), its page and its contact.
    expect((await set(a.id, 'reserved', buyer)).status).toBe(404);
    const reserved = await set(a.id, 'reserved');
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({ id: a.id, status: 'reserved' });
    expect(await listed()).toMatchObject({ id: a.id, status: 'reserved' });
    const detail = await invoke(getProduct, apiEvent('getProduct', { params: { id: a.id } }));
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'reserved' });
    const contact = await invoke(
      getSellerContact,
      apiEvent('getSellerContact', { claims: claims(buyer), params: { id: a.id } }),
    );
    expect(contact.status).toBe(200);
    // Still counted as listed (the stream settles counts; the item's listing attributes say so).
    await settleProductCounts(counting, a.id);
    expect(await countOf()).toBe(before);

    // The filter's value is checked: only true/1 (or nothing) is accepted.
    const bad = await invoke(
      listProducts,
      apiEvent('listProducts', { query: { university: uni, hideReserved: 'quizas' } }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Valor no válido para ocultar reservados.');

    // Back to active, reserved again, then sold: it leaves the listing; sold is final.
    expect((await set(a.id, 'active')).body).toMatchObject({ status: 'active' });
    expect((await set(a.id, 'reserved')).body).toMatchObject({ status: 'reserved' });
    expect((await set(a.id, 'sold')).body).toMatchObject({ status: 'sold' });
    expect(await listed()).toBeUndefined();
    for (const status of ['active', 'reserved']) {
      const refused = await set(a.id, status);
      expect(refused.status).toBe(409);
      expect(errorOf(refused.body)).toBe('Un producto vendido ya no cambia de estado');
    }

    // An admin took the other one down: the seller cannot bring it back, nor reserve it.
    const repo = createProductRepository(table);
    const current = await repo.get(b.id, { consistent: true });
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: productEntity.item({ ...current!, status: 'inactive' }),
      }),
    );
    for (const status of ['active', 'reserved', 'sold']) {
      const refused = await set(b.id, status);
      expect(refused.status).toBe(409);
      expect(errorOf(refused.body)).toBe(
        'Un administrador desactivó esta publicación: no puedes cambiar su estado',
      );
    }
    expect((await own(sub)).map((p) => [p.id, p.status])).toEqual([
      [b.id, 'inactive'],
      [a.id, 'sold'],
    ]);
  });
});

describe('seller contact', () => {
  it("gives a signed-in buyer the seller's normalised number while the product is on sale", async () => {
    const seller = `contact-s-${Date.now()}`;
    const buyer = `contact-b-${Date.now()}`;
    await verifiedStudent(seller);
    const { id } = (await publish(seller, listing())).body as { id: number };
    const ask = (who: string) =>
      invoke(getSellerContact, apiEvent('getSellerContact', { claims: claims(who), params: { id } }));
    const res = await ask(buyer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ whatsapp_number: '584141234567', seller_name: 'Ana Pérez' });
    // Never in the public answers.
    const detail = await invoke(getProduct, apiEvent('getProduct', { params: { id } }));
    expect(JSON.stringify(detail.body)).not.toContain('584141234567');

    await invoke(
      setOwnProductStatus,
      apiEvent('setOwnProductStatus', { claims: claims(seller), params: { id }, body: { status: 'sold' } }),
    );
    expect((await ask(buyer)).status).toBe(404);
  });

  it('limits how many numbers one user can look up in an hour', async () => {
    const seller = `harvest-s-${Date.now()}`;
    const buyer = `harvest-b-${Date.now()}`;
    await verifiedStudent(seller);
    const { id } = (await publish(seller, listing())).body as { id: number };
    const results = await Promise.all(
      Array.from({ length: 62 }, () =>
        invoke(getSellerContact, apiEvent('getSellerContact', { claims: claims(buyer), params: { id } })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(2);
  });
});

describe('content check', () => {
  it('returns the verdict and is limited per user', async () => {
    const sub = `checker-${Date.now()}`;
    const check = (title: string) =>
      invoke(
        checkListing,
        apiEvent('checkListing', {
          claims: claims(sub),
          body: { title, price: 10, category: 'libros', description: null, image_key: null },
        }),
      );
    expect((await check('Libro')).body).toMatchObject({ approved: true });
    expect((await check('Libro PROHIBIDO')).body).toMatchObject({ approved: false, severity: 'high' });
    const rest = await Promise.all(Array.from({ length: 30 }, () => check('Libro')));
    expect(rest.filter((r) => r.status === 429)).toHaveLength(2);
  });
});
