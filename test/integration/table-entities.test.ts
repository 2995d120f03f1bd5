import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ENTITY_ATTRIBUTE, INDEXES, TTL_ATTRIBUTE } from '#shared/table';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { changes, defineEntity } from '../../functions/adapters/dynamodb/entity';
import { createTable, type Table, TransactionTooLargeError } from '../../functions/adapters/dynamodb/table';
import { BadRequestError } from '../../functions/commons/errors';
import { useTestTable } from '../support/backend';

/**
 * The table's one gateway and the entity declarations (docs/decisions/056-entities.md) against
 * DynamoDB Local: a failed condition is an answer that wrote nothing, a cancelled transaction names
 * the item that refused it, pages and cursors hold to their partition, batches go past DynamoDB's
 * per-call limits.
 */

// A kind of item for these tests only, in partitions no application key starts with.
const noteSchema = z.object({ owner: z.string(), id: z.string(), text: z.string(), n: z.number() });
type Note = z.infer<typeof noteSchema>;
const note = defineEntity<Note, { owner: string; id: string }>({
  name: 'seedMarker',
  schema: noteSchema,
  key: (k) => ({ pk: `TESTNOTE#${k.owner}`, sk: `NOTE#${k.id}` }),
  indexes: (v) => ({ [INDEXES.gsi1.pk]: `TESTNOTES#${v.owner}`, [INDEXES.gsi1.sk]: v.id }),
  ttl: () => 4_000_000_000,
});

let access: TableAccess;
let table: Table;
beforeAll(() => {
  access = useTestTable();
  table = createTable(access);
});

const owner = () => randomUUID();
const notes = (o: string, count: number): Note[] =>
  Array.from({ length: count }, (_, i) => ({
    owner: o,
    id: String(i).padStart(4, '0'),
    text: `n${i}`,
    n: i,
  }));

describe('an entity', () => {
  it('writes its key, name, index attributes and TTL, and reads back only the value', async () => {
    const o = owner();
    const v: Note = { owner: o, id: 'a', text: 'hola', n: 1 };
    expect(await table.write(note.create(v))).toBe(true);
    const raw = await table.get(note.key(v), { consistent: true });
    expect(raw).toMatchObject({
      pk: `TESTNOTE#${o}`,
      sk: 'NOTE#a',
      [ENTITY_ATTRIBUTE]: 'seedMarker',
      gsi1pk: `TESTNOTES#${o}`,
      [TTL_ATTRIBUTE]: 4_000_000_000,
    });
    expect(await note.get(table, v, { consistent: true })).toEqual(v);
  });

  it('create refuses an existing key and leaves the first value', async () => {
    const v: Note = { owner: owner(), id: 'a', text: 'primero', n: 1 };
    expect(await table.write(note.create(v))).toBe(true);
    expect(await table.write(note.create({ ...v, text: 'segundo' }))).toBe(false);
    expect((await note.get(table, v, { consistent: true }))?.text).toBe('primero');
  });

  it('update never creates an item unless asked to, and applies its own condition', async () => {
    const k = { owner: owner(), id: 'a' };
    expect(await table.write(note.update(k, changes({ set: { text: 'x' } })))).toBe(false);
    expect(await table.get(note.key(k), { consistent: true })).toBeUndefined();

    await table.write(note.create({ ...k, text: 'uno', n: 1 }));
    const onlyIfTwo = { expression: 'n = :two', values: { ':two': 2 } };
    expect(
      await table.write(note.update(k, changes({ set: { text: 'dos' } }), { condition: onlyIfTwo })),
    ).toBe(false);
    const res = await table.writeReturning(note.update(k, changes({ set: { text: 'tres' }, add: { n: 4 } })));
    expect(res).toMatchObject({ ok: true, attributes: { text: 'tres', n: 5 } });

    const k2 = { owner: owner(), id: 'b' };
    expect(await table.write(note.update(k2, changes({ add: { n: 1 } }), { upsert: true }))).toBe(true);
    expect((await table.get(note.key(k2), { consistent: true }))?.n).toBe(1);
  });

  it('an item that is not one of its values is skipped, not a failure', async () => {
    const o = owner();
    await table.write(note.create({ owner: o, id: 'a', text: 'bien', n: 1 }));
    await table.write({ type: 'put', item: { pk: `TESTNOTE#${o}`, sk: 'NOTE#b', text: 42 } });
    const read = await note.queryAll(table, {
      pk: `TESTNOTE#${o}`,
      sk: { beginsWith: 'NOTE#' },
      consistent: true,
    });
    expect(read.map((n) => n.id)).toEqual(['a']);
  });
});

describe('a transaction', () => {
  it('writes all or nothing, and says which item refused it', async () => {
    const o = owner();
    const [a, b, c] = notes(o, 3);
    await table.write(note.create(b!));
    const outcome = await table.transact([note.create(a!), note.create(b!), note.create(c!)]);
    expect(outcome).toMatchObject({ ok: false, failed: 1, conflict: false });
    if (outcome.ok) throw new Error('unreachable');
    expect(outcome.reasons).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(await table.get(note.key(a!), { consistent: true })).toBeUndefined();
    expect(await table.get(note.key(c!), { consistent: true })).toBeUndefined();

    expect(
      await table.transact([note.create(a!), note.check(b!, { expression: 'n = :n', values: { ':n': 1 } })]),
    ).toEqual({ ok: true });
    expect(await note.get(table, a!, { consistent: true })).toEqual(a);
  });

  it('is refused before it is sent when two of its items bind one placeholder differently', async () => {
    const o = owner();
    const [a] = notes(o, 1);
    const op = note.update(
      a!,
      { expression: 'SET #t = :v', names: { '#t': 'text' }, values: { ':v': 'x' } },
      {
        condition: { expression: 'n = :v', values: { ':v': 3 } },
        upsert: true,
      },
    );
    await expect(table.write(op)).rejects.toThrow(/Placeholder :v bound twice/);
    expect(await table.get(note.key(a!), { consistent: true })).toBeUndefined();
  });

  it('holds at most 100 items', async () => {
    const many = notes(owner(), 101).map((n) => note.create(n));
    await expect(table.transact(many)).rejects.toBeInstanceOf(TransactionTooLargeError);
  });
});

describe('reading many', () => {
  it('pages an index partition with cursors that end on the last page', async () => {
    const o = owner();
    const all = notes(o, 7);
    await table.batchWrite(all.map((n) => ({ put: note.item(n) })));
    const q = { index: INDEXES.gsi1, pk: `TESTNOTES#${o}`, newestFirst: true };
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await note.queryPage(table, q, { limit: 3, cursor });
      seen.push(...page.items.map((n) => n.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((n) => n.id).reverse());
  });

  it('refuses a cursor of another partition with a 400', async () => {
    const [mine, theirs] = [owner(), owner()];
    await table.batchWrite([...notes(mine, 3), ...notes(theirs, 3)].map((n) => ({ put: note.item(n) })));
    const page = await table.queryPage({ index: INDEXES.gsi1, pk: `TESTNOTES#${theirs}` }, { limit: 1 });
    expect(page.nextCursor).not.toBeNull();
    await expect(
      table.queryPage(
        { index: INDEXES.gsi1, pk: `TESTNOTES#${mine}` },
        { limit: 1, cursor: page.nextCursor! },
      ),
    ).rejects.toBeInstanceOf(BadRequestError);
    await expect(
      table.queryPage(
        { index: INDEXES.gsi2, pk: `TESTNOTES#${theirs}` },
        { limit: 1, cursor: page.nextCursor! },
      ),
    ).rejects.toBeInstanceOf(BadRequestError);
  });

  it('reads every page of a partition, or up to a maximum, keys only when asked', async () => {
    const o = owner();
    await table.batchWrite(notes(o, 60).map((n) => ({ put: note.item(n) })));
    const q = { pk: `TESTNOTE#${o}`, sk: { beginsWith: 'NOTE#' }, consistent: true } as const;
    expect(await table.queryAll(q)).toHaveLength(60);
    const few = await table.queryAll({ ...q, keysOnly: true }, { max: 25 });
    expect(few).toHaveLength(25);
    expect(Object.keys(few[0]!).sort()).toEqual(['pk', 'sk']);
    const between = await table.queryAll({ ...q, sk: { between: ['NOTE#0010', 'NOTE#0019'] } });
    expect(between.map((i) => i.sk)).toEqual(
      notes(o, 20)
        .slice(10)
        .map((n) => `NOTE#${n.id}`),
    );
  });

  it('batches past DynamoDB limits: 230 keys read in order, absent ones undefined; 60 deleted', async () => {
    const o = owner();
    const all = notes(o, 200);
    await table.batchWrite(all.map((n) => ({ put: note.item(n) })));
    const keyList = [...all, ...notes(owner(), 30)].map((n) => note.key(n));
    const read = await table.batchGet(keyList, { consistent: true });
    expect(read).toHaveLength(230);
    expect(note.parseAll(read.slice(0, 200))).toEqual(all);
    expect(read.slice(200).every((i) => i === undefined)).toBe(true);

    await table.batchWrite(all.slice(0, 60).map((n) => ({ delete: note.key(n) })));
    const left = await table.queryAll({ pk: `TESTNOTE#${o}`, consistent: true });
    expect(left).toHaveLength(140);
  });
});
