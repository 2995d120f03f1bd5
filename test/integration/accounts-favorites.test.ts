import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
const addFavorite = handlerOf('addFavorite');
const getProfile = handlerOf('getProfile');
const listFavorites = handlerOf('listFavorites');
const removeFavorite = handlerOf('removeFavorite');
const updateProfile = handlerOf('updateProfile');
import { keys } from '#shared/table';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';

/** Favorites and the profile through the real handlers against DynamoDB Local. */
let table: TableAccess;
let clock = Date.parse('2026-04-01T10:00:00.000Z');
const university = uniqueUniversity('fav');

beforeAll(() => {
  table = useTestTable();
  setHandlerContext({
    search: new MemorySearchIndex(),
    now: () => {
      clock += 1000;
      return new Date(clock);
    },
  });
});
afterAll(() => resetContext());

const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });
const put = (sub: string, id: number) =>
  invoke(addFavorite, apiEvent('addFavorite', { claims: claims(sub), params: { id } }));
const del = (sub: string, id: number) =>
  invoke(removeFavorite, apiEvent('removeFavorite', { claims: claims(sub), params: { id } }));
const list = async (sub: string) => {
  const res = await invoke(listFavorites, apiEvent('listFavorites', { claims: claims(sub) }));
  expect(res.status).toBe(200);
  return (res.body as { items: { id: number }[] }).items.map((p) => p.id);
};
const favoriteItems = async (sub: string) =>
  (
    await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.favoritesPartition(sub) },
      }),
    )
  ).Items ?? [];

describe('favorites', () => {
  it('20 parallel PUTs make one favorite; a repeat keeps created_at', async () => {
    const sub = `fav-a-${Date.now()}`;
    const p = await makeProduct(table, { university_id: university });
    const results = await Promise.all(Array.from({ length: 20 }, () => put(sub, p.id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results[0].body).toEqual({ product_id: p.id, saved: true });
    const items = await favoriteItems(sub);
    expect(items).toHaveLength(1);
    const created = items[0].created_at;
    await put(sub, p.id);
    expect((await favoriteItems(sub))[0].created_at).toBe(created);
    expect(await list(sub)).toEqual([p.id]);
  });

  it('lists only active products, newest saved first, and only the caller’s', async () => {
    const sub = `fav-b-${Date.now()}`;
    const a = await makeProduct(table, { university_id: university });
    const b = await makeProduct(table, { university_id: university });
    const sold = await makeProduct(table, { university_id: university, status: 'sold' });
    await put(sub, b.id);
    await put(sub, sold.id);
    await put(sub, a.id);
    expect(await list(sub)).toEqual([a.id, b.id]);
    expect(await list(`${sub}-other`)).toEqual([]);
    expect((await del(sub, b.id)).body).toEqual({ product_id: b.id, saved: false });
    expect((await del(sub, b.id)).status).toBe(200);
    expect(await list(sub)).toEqual([a.id]);
  });

  it('parallel PUT and DELETE leave a consistent state', async () => {
    const sub = `fav-c-${Date.now()}`;
    const p = await makeProduct(table, { university_id: university });
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? del(sub, p.id) : put(sub, p.id))));
    const items = await favoriteItems(sub);
    expect(items.length).toBeLessThanOrEqual(1);
    expect(await list(sub)).toEqual(items.length ? [p.id] : []);
    await put(sub, p.id);
    expect(await list(sub)).toEqual([p.id]);
  });

  it('answers an unknown product with 404 and a malformed id with 404, saving nothing', async () => {
    const sub = `fav-d-${Date.now()}`;
    expect((await put(sub, 999_999_999)).status).toBe(404);
    const bad = await invoke(
      addFavorite,
      apiEvent('addFavorite', { claims: claims(sub), params: { id: 'abc' } }),
    );
    expect(bad.status).toBe(404);
    expect(await favoriteItems(sub)).toEqual([]);
  });
});

describe('profile', () => {
  it('is created on first read, idempotently, and updates the full name', async () => {
    const sub = `prof-${Date.now()}`;
    const reads = await Promise.all(
      Array.from({ length: 5 }, () => invoke(getProfile, apiEvent('getProfile', { claims: claims(sub) }))),
    );
    const created = new Set(reads.map((r) => (r.body as { created_at: string }).created_at));
    expect(created.size).toBe(1);
    expect(reads[0].body).toMatchObject({
      user_id: sub,
      email: `${sub}@correo.com`,
      full_name: null,
      university_email_verified: false,
    });
    const res = await invoke(
      updateProfile,
      apiEvent('updateProfile', { claims: claims(sub), body: { full_name: '  Ana Pérez ' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ full_name: 'Ana Pérez' });
    for (const body of [
      { full_name: 'A' },
      { full_name: 'x'.repeat(5000) },
      { full_name: 'Ana', university_email_verified: true },
      {},
    ]) {
      const bad = await invoke(updateProfile, apiEvent('updateProfile', { claims: claims(sub), body }));
      expect(bad.status).toBe(400);
    }
    const after = await invoke(getProfile, apiEvent('getProfile', { claims: claims(sub) }));
    expect(after.body).toMatchObject({ full_name: 'Ana Pérez', university_email_verified: false });
  });

  it('starts with the full name given at sign-up (the token’s name claim)', async () => {
    const sub = `named-${Date.now()}`;
    const res = await invoke(
      getProfile,
      apiEvent('getProfile', { claims: { ...claims(sub), name: '  María Estudiante ' } }),
    );
    expect(res.body).toMatchObject({ user_id: sub, full_name: 'María Estudiante' });
  });
});
