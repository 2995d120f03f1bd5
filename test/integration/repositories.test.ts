import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { keys } from '#shared/table';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';

let table: TableAccess;
beforeAll(() => {
  table = useTestTable();
});

const counter = async () =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.productCounter() }))).Item
    ?.last_id as number;

describe('product ids', () => {
  it('hands out 50 distinct ids to 50 parallel callers', async () => {
    // Prepare
    const repo = createProductRepository(table);
    // Act
    const ids = await Promise.all(Array.from({ length: 50 }, () => repo.nextId()));
    // Assess
    expect(new Set(ids).size).toBe(50);
    expect(Math.max(...ids) - Math.min(...ids)).toBe(49);
  });

  it('raiseIdFloor raises the counter but never lowers it', async () => {
    const repo = createProductRepository(table);
    const current = await repo.nextId();
    await repo.raiseIdFloor(current + 1000);
    expect(await counter()).toBe(current + 1000);
    await repo.raiseIdFloor(5);
    await repo.raiseIdFloor(current + 10);
    expect(await counter()).toBe(current + 1000);
    expect(await repo.nextId()).toBe(current + 1001);
  });
});

describe('product repository', () => {
  it('putIfAbsent never overwrites, get strips the key attributes', async () => {
    const u = uniqueUniversity();
    const p = await makeProduct(table, { university_id: u, title: 'Original' });
    const repo = createProductRepository(table);
    expect(await repo.putIfAbsent({ ...p, title: 'Reemplazo' })).toBe(false);
    const read = await repo.get(p.id);
    expect(read).toEqual(p);
    expect(read).not.toHaveProperty('pk');
    expect(read).not.toHaveProperty('gsi1pk');
    expect(await repo.get(999_999_999)).toBeNull();
  });

  it('lists only active products and refuses a cursor of another partition', async () => {
    const u1 = uniqueUniversity();
    const u2 = uniqueUniversity();
    const repo = createProductRepository(table);
    const a = await makeProduct(table, { university_id: u1 });
    await makeProduct(table, { university_id: u1, status: 'sold' });
    await makeProduct(table, { university_id: u1, status: 'inactive' });
    const b = await makeProduct(table, { university_id: u1 });
    await makeProduct(table, { university_id: u2 });
    await makeProduct(table, { university_id: u2 });

    const all = await repo.listActive({ university: u1 }, 'newest', 10);
    expect(all.items.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(all.nextCursor).toBeNull();

    const first = await repo.listActive({ university: u2 }, 'newest', 1);
    expect(first.nextCursor).not.toBeNull();
    await expect(repo.listActive({ university: u1 }, 'newest', 1, first.nextCursor!)).rejects.toMatchObject({
      status: 400,
      message: 'El cursor de paginación no es válido.',
    });
    await expect(
      repo.listActive({ university: u2, category: 'otros' }, 'newest', 1, first.nextCursor!),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('university repository', () => {
  it('lists universities ordered by name and keeps the first write', async () => {
    const repo = createUniversityRepository(table);
    const base = {
      email_domain: 'x.edu.ve',
      created_at: '2025-01-01T00:00:00.000Z',
      city: 'Caracas',
      logo: null,
    };
    expect(await repo.putIfAbsent({ ...base, id: 'zz-b', name: 'Ñandú', full_name: 'U Ñandú' })).toBe(true);
    expect(await repo.putIfAbsent({ ...base, id: 'zz-a', name: 'Álamo', full_name: 'U Álamo' })).toBe(true);
    expect(await repo.putIfAbsent({ ...base, id: 'zz-a', name: 'Otro', full_name: 'Otro' })).toBe(false);
    const names = (await repo.list()).map((u) => u.name);
    expect(names.indexOf('Álamo')).toBeLessThan(names.indexOf('Ñandú'));
    expect((await repo.get('zz-a'))?.name).toBe('Álamo');
  });
});
