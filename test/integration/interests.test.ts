import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import type { LocalServer } from '../../scripts/local/server';
import { DELETED_ACCOUNT_NAME, type InterestedPerson, type PurchaseEntry } from '#shared/deals';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { keys } from '#shared/table';
import {
  type AccountParts,
  signInWithProfiles,
  startAccountParts,
  startApiServer,
} from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';

/**
 * Who came for a listing (issue 40), through the local server and the real handlers: asking for
 * the seller's number and asking a question record the person, once, keeping the first time of
 * each; only the seller reads the list, with names as they are now; anyone else is "not found".
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
const SELLER = user('vendedor.int@correo.com', 'Sara Vendedora', 'V71000001');
const BUYER = user('compradora.int@correo.com', 'Carla Compradora', 'V71000002');
const ASKER = user('preguntona.int@correo.com', 'Pía Preguntona', 'V71000003');
const OTHER = user('otro.int@correo.com', 'Omar Otro', 'V71000004');
const ADMIN = { ...user('admin.int@correo.com', 'Ada Admin', 'V71000005'), groups: ['admin'] };

let table: TableAccess;
let parts: AccountParts;
let server: LocalServer;
const people = [SELLER, BUYER, ASKER, OTHER, ADMIN];
const token: Record<string, string> = {};
const sub: Record<string, string> = {};
type Who = 'seller' | 'buyer' | 'asker' | 'other' | 'admin' | 'anonymous';

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
const ask = (who: Who, id: number, text: string) =>
  api(who, 'POST', `/api/products/${id}/questions`, { question_text: text });
const interested = (who: Who, id: number) => api(who, 'GET', `/api/me/products/${id}/interested`);
const items = (body: unknown) => (body as { items: InterestedPerson[] }).items;

const sellersProduct = () =>
  makeProduct(table, { university_id: uniqueUniversity('int'), owner_id: sub.seller, title: 'Bicicleta' });

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts(people);
  server = await startApiServer(parts, 'interests');
  const names = ['seller', 'buyer', 'asker', 'other', 'admin'] as const;
  const signedIn = await signInWithProfiles(parts, table, people);
  for (const [i, who] of names.entries()) ({ token: token[who], sub: sub[who] } = signedIn[i]!);
});
afterAll(async () => {
  await server?.close();
  await parts?.stop();
  resetContext();
});

describe('who came for a listing', () => {
  it('lists, for the seller, whoever asked for the number or asked a question, newest first', async () => {
    const p = await sellersProduct();
    expect((await interested('seller', p.id)).body).toEqual({ items: [] });

    expect((await contact('buyer', p.id)).status).toBe(200);
    expect((await ask('asker', p.id, '¿Todavía la tienes disponible?')).status).toBe(201);

    const res = await interested('seller', p.id);
    expect(res.status).toBe(200);
    const [first, second] = items(res.body);
    expect(items(res.body)).toHaveLength(2);
    expect(first).toMatchObject({
      user_id: sub.asker,
      name: 'Pía Preguntona',
      verified: false,
      contacted_at: null,
    });
    expect(first?.asked_at).toBe(first?.last_at);
    expect(second).toMatchObject({ user_id: sub.buyer, name: 'Carla Compradora', asked_at: null });
    expect(second?.contacted_at).toBe(second?.last_at);
  });

  it('keeps one entry per person: a repeat moves the latest time, never the first', async () => {
    const p = await sellersProduct();
    await contact('buyer', p.id);
    const [before] = items((await interested('seller', p.id)).body);
    await new Promise((r) => setTimeout(r, 5));
    await contact('buyer', p.id);
    await ask('buyer', p.id, '¿Incluye el casco?');
    const list = items((await interested('seller', p.id)).body);
    expect(list).toHaveLength(1);
    expect(list[0]?.contacted_at).toBe(before?.contacted_at);
    expect(list[0]?.asked_at).not.toBeNull();
    expect(list[0]?.last_at > (before?.last_at ?? '')).toBe(true);
  });

  it('records nothing for a contact refused (the seller themself) or a question refused', async () => {
    const p = await sellersProduct();
    expect((await contact('seller', p.id)).status).toBe(403);
    expect((await ask('buyer', p.id, '')).status).toBe(400);
    expect(items((await interested('seller', p.id)).body)).toEqual([]);
  });

  it('shows an account that is gone as a deleted user, and keeps its entry', async () => {
    const p = await sellersProduct();
    await contact('other', p.id);
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.profile(sub.other!) }));
    const [gone] = items((await interested('seller', p.id)).body);
    expect(gone).toMatchObject({ user_id: sub.other, name: DELETED_ACCOUNT_NAME, verified: false });
  });

  it('is the seller’s only: anonymous 401; another user, an admin, an unknown or malformed id 404', async () => {
    const p = await sellersProduct();
    await contact('buyer', p.id);
    expect((await interested('anonymous', p.id)).status).toBe(401);
    for (const who of ['buyer', 'other', 'admin'] as const) {
      const res = await interested(who, p.id);
      expect(res.status, who).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(sub.buyer);
    }
    expect((await interested('seller', 999_999_999)).status).toBe(404);
    // A malformed id is refused as an unknown one (one URL per product), never a 500.
    expect((await api('seller', 'GET', '/api/me/products/abc/interested')).status).toBe(404);
  });
});

describe("'Mis Compras': what a person came for", () => {
  const purchases = (who: Who) => api(who, 'GET', '/api/me/purchases');
  const entries = (body: unknown) => (body as { items: PurchaseEntry[] }).items;

  it('lists the listings the caller contacted or asked about, latest first, with where each stands', async () => {
    const [bike, lamp, desk, gone] = [
      await sellersProduct(),
      await sellersProduct(),
      await sellersProduct(),
      await sellersProduct(),
    ];
    for (const p of [gone, desk, lamp]) {
      expect((await contact('asker', p.id)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await ask('asker', bike.id, '¿Tiene cambios?')).status).toBe(201);
    expect((await api('seller', 'PATCH', `/api/me/products/${lamp.id}`, { status: 'reserved' })).status).toBe(
      200,
    );
    expect((await api('seller', 'PATCH', `/api/me/products/${desk.id}`, { status: 'sold' })).status).toBe(
      200,
    );
    expect((await api('seller', 'DELETE', `/api/me/products/${gone.id}`)).status).toBe(200);

    const res = await purchases('asker');
    expect(res.status).toBe(200);
    const mine = entries(res.body).filter((e) => [bike.id, lamp.id, desk.id, gone.id].includes(e.product.id));
    expect(mine.map((e) => [e.product.id, e.state])).toEqual([
      [bike.id, 'available'],
      [lamp.id, 'reserved'],
      [desk.id, 'sold'],
    ]);
    expect(mine[0]).toMatchObject({ contacted_at: null, product: { title: 'Bicicleta' } });
    expect(mine[0]?.asked_at).not.toBeNull();
    // Never the seller's contact details: the listing as every card shows it.
    expect(JSON.stringify(res.body)).not.toMatch(/whatsapp|seller_email|owner_id/);
  });

  it("is each person's own: another user sees none of it, anonymous is 401", async () => {
    const p = await sellersProduct();
    await contact('buyer', p.id);
    expect(entries((await purchases('buyer')).body).some((e) => e.product.id === p.id)).toBe(true);
    expect(entries((await purchases('admin')).body).some((e) => e.product.id === p.id)).toBe(false);
    expect((await purchases('anonymous')).status).toBe(401);
  });
});
