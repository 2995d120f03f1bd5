import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { ensureTable, localDynamoClient } from '../../scripts/local/parts/dynamodb';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { resetContext, setContextForTests } from '../../functions/app/context';
import { handler as dispatchStream } from '../../functions/app/stream';
import type { CountStore } from '../../functions/ports/counts';
import type { ProductRepository } from '../../functions/ports/repositories';
import {
  foldProductMarkers,
  PRODUCTS_PER_MARKER_PAGE,
  productCounts,
  recountListings,
  settleProductCounts,
  settleProductCountsOf,
} from '../../functions/services/catalog/listing-counts';
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

const pageKey = (id: number) => keys.countMemberPage(`PRODUCTS#${Math.floor(id / PRODUCTS_PER_MARKER_PAGE)}`);

/** Products each in a university of its own: every product brings three counts of its own. */
async function spreadProducts(n: number, category: Product['category']) {
  const made: Product[] = [];
  for (let i = 0; i < n; i++)
    made.push(await makeProduct(table, { university_id: uniqueUniversity('w'), category }));
  return made;
}

/** Whether each product is counted once in its university's listings. */
async function countedOnce(made: readonly Product[], category: string) {
  const values = await counts.values(
    made.flatMap((p) => [
      keys.byUniversity(p.university_id),
      keys.byUniversityCategory(p.university_id, category),
    ]),
  );
  return values.every((v) => v === 1);
}

const write = (p: Product) =>
  table.doc.send(new PutCommand({ TableName: table.tableName, Item: productEntity.item(p) }));

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
    // A product counted nowhere leaves no entry in its marker page (the page's version remains).
    const page = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: pageKey(p.id) }));
    expect(page.Item).toMatchObject({ entity: 'countMemberPage' });
    expect(page.Item?.members).not.toHaveProperty(keys.product(p.id).pk);
    expect(page.Item?.version).toBeGreaterThanOrEqual(3);
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

  it('settle a batch whose moves span several transactions once, however often the batch is retried', async () => {
    // Prepare: 70 products, each in a university of its own (210 counts of their own, plus shared
    // ones): more than one transaction of 100 items, over two or three marker pages.
    const before = await totals('none', 'tickets');
    const made = await spreadProducts(70, 'tickets');
    const ids = made.map((p) => p.id);
    // Act: the batch, then the same batch again, then a retry from its middle (Lambda's).
    expect((await settleProductCountsOf(deps(), ids)).size).toBe(0);
    expect((await settleProductCountsOf(deps(), ids)).size).toBe(0);
    expect((await settleProductCountsOf(deps(), ids.slice(35))).size).toBe(0);
    // Assess
    expect(await countedOnce(made, 'tickets')).toBe(true);
    expect((await totals('none', 'tickets')).c).toBe(before.c + 70);
  });

  it('stay exact when the settle of a batch crashes between two of its transactions, then is retried', async () => {
    // Prepare: a count store that dies (as a Lambda timing out) on the batch's second transaction.
    const before = await totals('none', 'comida');
    const made = await spreadProducts(70, 'comida');
    let calls = 0;
    const crashing: CountStore = {
      ...counts,
      markerPages: (p) => counts.markerPages(p),
      movePaged: async (moves) => {
        calls++;
        if (calls === 2) throw new Error('Lambda timed out');
        return counts.movePaged(moves);
      },
    };
    // Act
    const failed = await settleProductCountsOf(
      { products, counts: crashing },
      made.map((p) => p.id),
    );
    const partly = (await counts.values(made.map((p) => keys.byUniversity(p.university_id)))).filter(
      (v) => v === 1,
    ).length;
    const retried = await settleProductCountsOf(
      deps(),
      made.map((p) => p.id),
    );
    // Assess: the first transaction applied, the rest reported; the retry completes it, nothing twice.
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(70);
    expect(failed.size).toBe(70 - partly);
    expect(retried.size).toBe(0);
    expect(await countedOnce(made, 'comida')).toBe(true);
    expect((await totals('none', 'comida')).c).toBe(before.c + 70);
  });

  it('take over a product counted by its own marker (before marker pages) without counting it twice', async () => {
    // Prepare: a product counted the old way: its own marker, its counts incremented.
    const uni = uniqueUniversity('l');
    const p = await makeProduct(table, { university_id: uni, category: 'transporte' });
    const member = keys.product(p.id).pk;
    const guard = { key: keys.product(p.id), attributes: { status: p.status } };
    expect(await counts.move(member, { counts: [], version: 0 }, productCounts(p), guard)).toBe(true);
    expect((await totals(uni, 'transporte')).u).toBe(1);
    // Act: a replay of its record, then a change of category, on a table whose markers are not
    // folded yet (the shared table's fold record comes and goes with other tests).
    const beforeFold = { products, counts: { ...counts, productMarkersFolded: async () => false } };
    await settleProductCounts(beforeFold, p.id);
    expect(await totals(uni, 'transporte')).toMatchObject({ u: 1, uc: 1 });
    await write({ ...p, category: 'libros' });
    await settleProductCounts(beforeFold, p.id);
    await settleProductCounts(beforeFold, p.id);
    // Assess: counted once, its own marker retired in favour of its page's entry.
    expect(await totals(uni, 'transporte')).toMatchObject({ u: 1, uc: 0 });
    expect((await totals(uni, 'libros')).uc).toBe(1);
    const own = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.countMember(member), ConsistentRead: true }),
    );
    expect(own.Item).toBeUndefined();
    const page = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: pageKey(p.id) }));
    expect(page.Item?.members?.[member]).toEqual(
      expect.arrayContaining([keys.byUniversityCategory(uni, 'libros')]),
    );
  });

  it('fold the own markers into pages once (taking back a count an old dispatcher added twice), after which settles read no own marker', async () => {
    // Prepare: a table of its own (the fold scans its table and records itself there). A product
    // counted the old way; another its page holds, then counted again by an old dispatcher running
    // beside the new one (its own marker too: counted twice).
    const client = localDynamoClient(inject('dynamoEndpoint'));
    const tableName = `fold-${Date.now()}`;
    await ensureTable(client, tableName);
    client.destroy();
    const own = createTableAccess({ tableName });
    const store = createCountStore(own);
    let ownMarkerReads = 0;
    const watched: CountStore = {
      ...store,
      memberships: (m) => {
        ownMarkerReads += m.length;
        return store.memberships(m);
      },
    };
    const fold = { products: createProductRepository(own), counts: watched };
    const uni = uniqueUniversity('f');
    const old = await makeProduct(own, { university_id: uni, category: 'deportes' });
    const twice = await makeProduct(own, { university_id: uni, category: 'deportes' });
    const countOldWay = (p: Product) =>
      store.move(keys.product(p.id).pk, { counts: [], version: 0 }, productCounts(p), {
        key: keys.product(p.id),
        attributes: { status: p.status },
      });
    const listed = async () => (await store.values([keys.byUniversityCategory(uni, 'deportes')]))[0];
    const ownMarker = async (p: Product) =>
      (
        await own.doc.send(
          new GetCommand({
            TableName: own.tableName,
            Key: keys.countMember(keys.product(p.id).pk),
            ConsistentRead: true,
          }),
        )
      ).Item;
    expect(await countOldWay(old)).toBe(true);
    await settleProductCounts(fold, twice.id);
    expect(await countOldWay(twice)).toBe(true);
    expect(await listed()).toBe(3);
    // Act
    const folded = await foldProductMarkers(fold);
    // Assess: each product counted once, from its page; no own marker left; the fold recorded.
    expect(folded).toBe(2);
    expect(await listed()).toBe(2);
    expect(await ownMarker(old)).toBeUndefined();
    expect(await ownMarker(twice)).toBeUndefined();
    expect(await createCountStore(own).productMarkersFolded()).toBe(true);
    // A new product's settle reads no own marker, and a second fold has nothing to do.
    const fresh = await makeProduct(own, { university_id: uni, category: 'deportes' });
    ownMarkerReads = 0;
    await settleProductCounts(fold, fresh.id);
    expect(ownMarkerReads).toBe(0);
    expect(await listed()).toBe(3);
    expect(await foldProductMarkers(fold)).toBe(0);
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
  const item = productEntity.item(p);
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

  it('counts a retried batch of new listings once (the whole batch again, then from its middle)', async () => {
    setContextForTests({ search: new MemorySearchIndex() });
    const made = await spreadProducts(60, 'servicios');
    const records = made.map((p, i) => record(String(300 + i), 'INSERT', p));
    // Act
    const first = await dispatchStream({ Records: records }, lambdaContext('stream'));
    const again = await dispatchStream({ Records: records }, lambdaContext('stream'));
    const fromMiddle = await dispatchStream({ Records: records.slice(30) }, lambdaContext('stream'));
    // Assess
    for (const res of [first, again, fromMiddle]) expect(res).toEqual({ batchItemFailures: [] });
    expect(await countedOnce(made, 'servicios')).toBe(true);
  });
});
