import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { createProductRepository, productItem } from '../../functions/adapters/dynamodb/products';
import { resetContext, setContextForTests } from '../../functions/app/context';
import { handler as dispatchStream } from '../../functions/app/stream';
import type { CountStore } from '../../functions/ports/counts';
import type { ProductRepository } from '../../functions/ports/repositories';
import { recountListings, settleProductCounts } from '../../functions/services/listing-counts';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { lambdaContext } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';

/**
 * The listing counts against DynamoDB Local: every active product counted once in each of its four
 * listings, whatever the order, repetition or concurrency of the changes that reach the counter.
 */
let table: TableAccess;
let products: ProductRepository;
let counts: CountStore;
const deps = () => ({ products, counts });

beforeAll(() => {
  table = useTestTable();
  products = createProductRepository(table);
  counts = createCountStore(table);
});

afterAll(() => resetContext());

/** The four listing totals of a university and category, and the global ones. */
async function totals(university: string, category: string) {
  const [u, uc, all, c] = await counts.values([
    keys.byUniversity(university),
    keys.byUniversityCategory(university, category),
    keys.global(),
    keys.globalCategory(category),
  ]);
  return { u, uc, all, c };
}

const write = (p: Product) =>
  table.doc.send(new PutCommand({ TableName: table.tableName, Item: productItem(p) }));

describe('listing counts', () => {
  it('count an active product once in each of its listings, however often it is settled', async () => {
    // Prepare
    const uni = uniqueUniversity('c');
    const before = await totals(uni, 'libros');
    const p = await makeProduct(table, { university_id: uni, category: 'libros' });
    // Act: the first settle, then replays.
    await settleProductCounts(deps(), p.id);
    await settleProductCounts(deps(), p.id);
    await settleProductCounts(deps(), p.id);
    // Assess
    expect(await totals(uni, 'libros')).toEqual({
      u: 1,
      uc: 1,
      all: before.all + 1,
      c: before.c + 1,
    });
  });

  it('follow a product that changes category, stops being active, comes back and is deleted', async () => {
    const uni = uniqueUniversity('m');
    const p = await makeProduct(table, { university_id: uni, category: 'ropa' });
    await settleProductCounts(deps(), p.id);
    const start = { ropa: await totals(uni, 'ropa'), musica: await totals(uni, 'musica') };

    await write({ ...p, category: 'musica' });
    await settleProductCounts(deps(), p.id);
    expect((await totals(uni, 'ropa')).uc).toBe(0);
    expect((await totals(uni, 'musica')).uc).toBe(1);
    expect((await totals(uni, 'musica')).c).toBe(start.musica.c + 1);
    expect((await totals(uni, 'ropa')).c).toBe(start.ropa.c - 1);
    expect((await totals(uni, 'musica')).u).toBe(1);

    await write({ ...p, category: 'musica', status: 'sold' });
    await settleProductCounts(deps(), p.id);
    expect(await totals(uni, 'musica')).toMatchObject({ u: 0, uc: 0, all: start.musica.all - 1 });

    await write({ ...p, category: 'musica' });
    await settleProductCounts(deps(), p.id);
    expect(await totals(uni, 'musica')).toMatchObject({ u: 1, uc: 1, all: start.musica.all });

    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.product(p.id) }));
    await settleProductCounts(deps(), p.id);
    await settleProductCounts(deps(), p.id);
    expect(await totals(uni, 'musica')).toMatchObject({ u: 0, uc: 0, all: start.musica.all - 1 });
    // The marker of a product counted nowhere expires (TTL) once late records cannot come any more.
    const marker = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.countMember(keys.product(p.id).pk) }),
    );
    expect(marker.Item).toMatchObject({ entity: 'countMember', counts: [] });
    expect(marker.Item?.expires_at_epoch).toBeGreaterThan(Date.now() / 1000);
  });

  it('stay exact when many settles of the same products race while the products change', async () => {
    // Prepare: 6 products; each will be settled by 5 concurrent workers, twice, around a status change.
    const uni = uniqueUniversity('r');
    const made = await Promise.all(
      Array.from({ length: 6 }, () => makeProduct(table, { university_id: uni, category: 'otros' })),
    );
    // Act
    await Promise.all(
      made.flatMap((p) => Array.from({ length: 5 }, () => settleProductCounts(deps(), p.id))),
    );
    expect((await totals(uni, 'otros')).u).toBe(6);
    const sold = made.slice(0, 4);
    await Promise.all([
      ...sold.map((p) => write({ ...p, status: 'sold' })),
      ...made.flatMap((p) => Array.from({ length: 5 }, () => settleProductCounts(deps(), p.id))),
    ]);
    // The stream delivers each change after it is written: one settle per product after the writes.
    await Promise.all(made.map((p) => settleProductCounts(deps(), p.id)));
    // Assess
    expect(await totals(uni, 'otros')).toMatchObject({ u: 2, uc: 2 });
  });

  it('recountListings settles products written while nothing counted, then finds nothing to do', async () => {
    const uni = uniqueUniversity('b');
    await makeProduct(table, { university_id: uni, category: 'hogar' });
    await makeProduct(table, { university_id: uni, category: 'hogar' });
    await makeProduct(table, { university_id: uni, category: 'hogar', status: 'inactive' });
    expect((await totals(uni, 'hogar')).uc).toBe(0);
    // Act
    const corrected = await recountListings(deps(), 7);
    // Assess
    expect(corrected).toBeGreaterThanOrEqual(2);
    expect((await totals(uni, 'hogar')).uc).toBe(2);
    expect(await recountListings(deps(), 7)).toBe(0);
  });
});

/** A hand-built stream record of a product item, as Lambda would deliver it. */
function record(seq: string, eventName: 'INSERT' | 'MODIFY' | 'REMOVE', p: Product): DynamoDBRecord {
  const item = productItem(p);
  const image = marshall(item, { removeUndefinedValues: true }) as NonNullable<
    DynamoDBRecord['dynamodb']
  >['NewImage'];
  return {
    eventID: `ev-${seq}`,
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      SequenceNumber: seq,
      Keys: marshall(keys.product(p.id)) as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      ...(eventName === 'REMOVE' ? { OldImage: image } : { NewImage: image }),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

describe('the stream dispatcher keeps the listing counts', () => {
  it('counts from the table, so replayed and out-of-order records change nothing', async () => {
    // Prepare: a product that was listed, then sold; the dispatcher sees both records, then both again
    // in the wrong order (a replay after a failure elsewhere in the batch).
    setContextForTests({ search: new MemorySearchIndex() });
    const uni = uniqueUniversity('s');
    const p = await makeProduct(table, { university_id: uni, category: 'deportes' });
    const listed = record('200', 'INSERT', p);
    await write({ ...p, status: 'sold' });
    const soldRecord = record('201', 'MODIFY', { ...p, status: 'sold' });
    // Act
    const first = await dispatchStream({ Records: [listed, soldRecord] }, lambdaContext('stream'));
    const replay = await dispatchStream({ Records: [soldRecord, listed, listed] }, lambdaContext('stream'));
    // Assess
    expect(first).toEqual({ batchItemFailures: [] });
    expect(replay).toEqual({ batchItemFailures: [] });
    expect(await totals(uni, 'deportes')).toMatchObject({ u: 0, uc: 0 });
    await write(p);
    await dispatchStream({ Records: [record('202', 'MODIFY', p), listed] }, lambdaContext('stream'));
    expect(await totals(uni, 'deportes')).toMatchObject({ u: 1, uc: 1 });
  });
});
