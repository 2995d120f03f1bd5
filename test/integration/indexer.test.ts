import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import { resetContext, setContextForTests } from '../../functions/app/context';
import { handler as dispatchStream } from '../../functions/app/stream';
import type { IndexWrite, RefusedWrite, SearchIndex } from '../../functions/ports/search-index';
import { reindexAll } from '../../functions/services/search/indexer';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { type StreamPoller, startStreamPoller } from '../../scripts/local/stream-poller';
import { keys } from '#shared/table';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { lambdaContext, streamRecord } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';
import { deleteIndexes, localSearchIndex, uniqueIndexName } from '../support/opensearch';
import { searchTerms } from '#shared/search-terms';

let table: TableAccess;
let search: SearchIndex;
let poller: StreamPoller;
/** The products index of the OpenSearch run (the real node, docs/decisions/044). */
const openSearchIndex = uniqueIndexName('indexer');

/** The listing count of a university, as the dispatcher keeps it beside the index. */
const countOf = async (university: string) =>
  (await createCountStore(table).values([keys.byUniversity(university)]))[0];
const idsIn = async (university: string) =>
  (await search.search({ university, sort: 'newest', limit: 60, offset: 0 })).items.map((p) => p.id);
const runIndexer = (event: DynamoDBStreamEvent) => dispatchStream(event, lambdaContext('stream'));

beforeAll(async () => {
  table = useTestTable();
  search = createEmbeddedSearchIndex();
  setContextForTests({ search });
  poller = await startStreamPoller({
    endpoint: inject('dynamoEndpoint'),
    streamArn: inject('streamArn'),
    handler: runIndexer,
    intervalMs: 50,
  });
});

afterAll(async () => {
  await poller?.stop();
  resetContext();
  await deleteIndexes(openSearchIndex);
});

describe.each<[string, () => SearchIndex]>([
  ['the embedded engine', () => createEmbeddedSearchIndex()],
  ['OpenSearch', () => localSearchIndex(openSearchIndex)],
])('table → stream → poller → indexer → %s', (_engine, makeIndex) => {
  const uni = uniqueUniversity('i');
  beforeAll(() => {
    search = makeIndex();
    setContextForTests({ search });
  });

  it('indexes inserts, drops products that stop being active, and follows removals', async () => {
    // Prepare / Act: a normal write, as the publishing flow or the import would do it.
    const p = await makeProduct(table, {
      university_id: uni,
      title: 'Microscopio binocular',
      category: 'otros',
    });
    // Assess
    await vi.waitFor(async () => expect(await idsIn(uni)).toContain(p.id), {
      timeout: 10_000,
      interval: 100,
    });
    const found = await search.search({
      terms: searchTerms('microscopio'),
      university: uni,
      sort: 'newest',
      limit: 5,
      offset: 0,
    });
    expect(found.items.map((i) => i.id)).toEqual([p.id]);
    // The listing counts are kept by the same dispatcher, beside the index (a lane of their own:
    // either may land first).
    await vi.waitFor(async () => expect(await countOf(uni)).toBe(1), { timeout: 10_000, interval: 100 });

    await table.doc.send(
      new PutCommand({ TableName: table.tableName, Item: productEntity.item({ ...p, status: 'sold' }) }),
    );
    await vi.waitFor(async () => expect(await idsIn(uni)).not.toContain(p.id), {
      timeout: 10_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect(await countOf(uni)).toBe(0), { timeout: 10_000, interval: 100 });

    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: productEntity.item(p) }));
    await vi.waitFor(async () => expect(await idsIn(uni)).toContain(p.id), {
      timeout: 10_000,
      interval: 100,
    });
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.product(p.id) }));
    await vi.waitFor(async () => expect(await idsIn(uni)).not.toContain(p.id), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it('skips a poison record without blocking the ones after it', async () => {
    const poisonUni = uniqueUniversity('x');
    // A product item that is not a product (wrong types): it can never be indexed.
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...keys.product(900_000_001), id: 'not-a-number', price: 'gratis', university_id: poisonUni },
      }),
    );
    const good = await makeProduct(table, { university_id: poisonUni, title: 'Teclado mecánico' });
    await vi.waitFor(async () => expect(await idsIn(poisonUni)).toEqual([good.id]), {
      timeout: 10_000,
      interval: 100,
    });
  });
});

describe('stream dispatcher (Lambda partial-failure contract)', () => {
  const base = {
    title: 'Lámpara',
    description: null,
    price: 5,
    category: 'hogar' as const,
    condition: 'usado' as const,
    career: null,
    image: null,
    images: [],
    tags: [],
    seller_name: 'Ana',
    seller_email: 'a@est.ucab.edu.ve',
    whatsapp_number: null,
    university_id: 'ucab',
    status: 'active' as const,
    owner_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
  };

  it('reports only the record whose index write failed; malformed and foreign records are skipped', async () => {
    // Prepare: an index that refuses document 3.
    class PickyIndex extends MemorySearchIndex {
      override async write(writes: IndexWrite[]): Promise<RefusedWrite[]> {
        const refused = writes.filter((w) => w.kind === 'upsert' && w.doc.id === 3);
        await super.write(writes.filter((w) => !refused.includes(w)));
        return refused.map(() => ({ id: 3, reason: 'index write refused' }));
      }
    }
    const picky = new PickyIndex();
    setContextForTests({ search: picky });
    try {
      const event: DynamoDBStreamEvent = {
        Records: [
          streamRecord('100', 'INSERT', productEntity.item({ ...base, id: 1 })),
          streamRecord('101', 'INSERT', { pk: 'PRODUCT#2', sk: 'PRODUCT', id: 2, title: 42 }),
          streamRecord('102', 'INSERT', productEntity.item({ ...base, id: 3 })),
          streamRecord('103', 'INSERT', { pk: 'UNIVERSITY#x', sk: 'UNIVERSITY', id: 'x' }),
          streamRecord('104', 'MODIFY', productEntity.item({ ...base, id: 4 })),
          streamRecord('105', 'MODIFY', productEntity.item({ ...base, id: 1, status: 'inactive' })),
          // A record missing its images entirely.
          { eventName: 'INSERT', dynamodb: { SequenceNumber: '106' } } as DynamoDBRecord,
        ],
      };
      // Act
      const res = await runIndexer(event);
      // Assess
      expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: '102' }] });
      expect([...picky.docs.keys()]).toEqual([4]);
      const removed = await runIndexer({
        Records: [streamRecord('107', 'REMOVE', productEntity.item({ ...base, id: 4 }))],
      });
      expect(removed).toEqual({ batchItemFailures: [] });
      expect(picky.docs.size).toBe(0);
    } finally {
      setContextForTests({ search });
    }
  });

  it('reindexAll rebuilds an index from the table (global listing index)', async () => {
    const fresh = new MemorySearchIndex();
    const p = await makeProduct(table, { university_id: uniqueUniversity('r'), title: 'Reindexado' });
    const count = await reindexAll({ products: createProductRepository(table), search: fresh }, 7);
    expect(count).toBe(fresh.docs.size);
    expect(fresh.docs.get(p.id)?.title).toBe('Reindexado');
    expect([...fresh.docs.values()].every((d) => !('seller_email' in d))).toBe(true);
  });
});

describe('stream poller retries', () => {
  it('retries a reported record a bounded number of times, then moves on', async () => {
    // Prepare: a handler that always reports the record of one product as failed.
    const retryUni = uniqueUniversity('z');
    const attempts = new Map<string, number>();
    const delivered: string[] = [];
    let poisonPk = '';
    let poisonSeq = '';
    const retrying = await startStreamPoller({
      endpoint: inject('dynamoEndpoint'),
      streamArn: inject('streamArn'),
      intervalMs: 50,
      maxRetryAttempts: 3,
      handler: async (event) => {
        const failures: { itemIdentifier: string }[] = [];
        for (const r of event.Records) {
          const pk = r.dynamodb?.Keys?.pk?.S ?? '';
          const seq = r.dynamodb?.SequenceNumber ?? '';
          attempts.set(seq, (attempts.get(seq) ?? 0) + 1);
          if (pk === poisonPk) {
            poisonSeq = seq;
            failures.push({ itemIdentifier: seq });
          } else delivered.push(pk);
        }
        return { batchItemFailures: failures };
      },
    });
    try {
      // Act
      // The id is known before the write, so the handler recognises the record whenever it arrives.
      const poisonId = await createProductRepository(table).nextId();
      poisonPk = keys.product(poisonId).pk;
      await makeProduct(table, { id: poisonId, university_id: retryUni, title: 'Veneno' });
      const after = await makeProduct(table, { university_id: retryUni, title: 'Después' });
      // Assess
      await vi.waitFor(() => expect(delivered).toContain(keys.product(after.id).pk), {
        timeout: 10_000,
        interval: 50,
      });
      // Records after the failed one are re-delivered with it (Lambda retries from the failure on),
      // so only the poison record's own count is exact: 1 delivery + 3 retries, then dropped.
      await vi.waitFor(() => expect(attempts.get(poisonSeq)).toBe(4), { timeout: 10_000, interval: 50 });
      await new Promise((r) => setTimeout(r, 500));
      expect(attempts.get(poisonSeq)).toBe(4);
      // And the stream moved on: a later write is still delivered.
      const later = await makeProduct(table, { university_id: retryUni, title: 'Más tarde' });
      await vi.waitFor(() => expect(delivered).toContain(keys.product(later.id).pk), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await retrying.stop();
    }
  });

  it('holds its deliveries while a backlog builds up, then drains it in order', async () => {
    // Prepare: a poller that notes the products it is handed.
    const uni = uniqueUniversity('h');
    const delivered: string[] = [];
    const holding = await startStreamPoller({
      endpoint: inject('dynamoEndpoint'),
      streamArn: inject('streamArn'),
      intervalMs: 50,
      handler: async (event) => {
        for (const r of event.Records) delivered.push(r.dynamodb?.Keys?.pk?.S ?? '');
        return { batchItemFailures: [] };
      },
    });
    try {
      const first = await makeProduct(table, { university_id: uni, title: 'Antes' });
      await vi.waitFor(() => expect(delivered).toContain(keys.product(first.id).pk), {
        timeout: 10_000,
        interval: 50,
      });
      // Act: held, three writes wait in the stream; then released.
      await holding.hold();
      const backlog = [];
      for (const title of ['Uno', 'Dos', 'Tres'])
        backlog.push(await makeProduct(table, { university_id: uni, title }));
      const pks = backlog.map((p) => keys.product(p.id).pk);
      await new Promise((r) => setTimeout(r, 600));
      const whileHeld = delivered.filter((pk) => pks.includes(pk));
      holding.release();
      // Assess
      expect(whileHeld).toEqual([]);
      await vi.waitFor(() => expect(delivered.filter((pk) => pks.includes(pk))).toEqual(pks), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await holding.stop();
    }
  });
});
