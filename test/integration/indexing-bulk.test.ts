import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { createAlertStateStore, createSavedSearchRepository } from '../../functions/adapters/dynamodb/alerts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { productEntity, questionEntity } from '../../functions/adapters/dynamodb/entities';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createOpenSearchIndex } from '../../functions/adapters/search/opensearch';
import { createOpenSearchSavedSearchIndex } from '../../functions/adapters/search/opensearch-alerts';
import { resetContext } from '../../functions/app/context';
import { handler as dispatcher } from '../../functions/app/stream';
import type { MailMessage } from '../../functions/ports/accounts';
import type { AlertStateStore, MatchableSearch, SavedSearchIndex } from '../../functions/ports/alerts';
import type { CountStore } from '../../functions/ports/counts';
import type { SearchIndex } from '../../functions/ports/search-index';
import { freePort } from '../../scripts/local/ports';
import { MAX_SAVED_SEARCHES } from '#shared/alerts';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { setHandlerContext } from '../support/callers';
import { lambdaContext, streamRecord } from '../support/events';
import { useNotifySecret } from '../support/notifications';
import { deleteIndexes, localOpenSearch, uniqueIndexName } from '../support/opensearch';
import { searchTerms } from '#shared/search-terms';

/**
 * The stream dispatcher writing a batch to the real OpenSearch node in bulk (docs/decisions/051):
 * hand-built stream records of products written into DynamoDB Local, the real dispatcher entry,
 * the products index and the saved searches' percolator on the node, the counts and alert states
 * in the table. The adapters are wrapped only to count their calls; mails are recorded by the
 * context's mailer (SES is not what is tested here).
 */
let table: TableAccess;
const productsIndex = uniqueIndexName('bulk');
const alertsIndex = uniqueIndexName('bulk-alerts');
/** A node that is down: a port nothing listens on. */
let downNode: string;
let clock = Date.now();
let sent: MailMessage[] = [];
const calls = { write: 0, upsert: 0, remove: 0, matchEach: 0, match: 0, put: 0 };

const liveSearch = () => createOpenSearchIndex({ ...localOpenSearch(), index: productsIndex, refresh: true });
const liveAlerts = () =>
  createOpenSearchSavedSearchIndex({ ...localOpenSearch(), index: alertsIndex, refresh: true });

/** A call counted, then made. */
function tally<A extends unknown[], R>(name: keyof typeof calls, f: (...args: A) => R) {
  return (...args: A): R => {
    calls[name] += 1;
    return f(...args);
  };
}
/** The adapter, its calls counted. */
function counted(search: SearchIndex): SearchIndex {
  return {
    ...search,
    write: tally('write', (w) => search.write(w)),
    upsert: tally('upsert', (d) => search.upsert(d)),
    remove: tally('remove', (i) => search.remove(i)),
  };
}
function countedAlerts(index: SavedSearchIndex): SavedSearchIndex {
  return {
    ...index,
    match: tally('match', (d, u) => index.match(d, u)),
    matchEach: tally('matchEach', (l) => index.matchEach(l)),
    put: tally('put', (p) => index.put(p)),
  };
}

/** The dispatcher's context on these engines (`down`: the node that answers nothing). */
function useEngines({
  search = 'up',
  alerts = 'up',
  alertStates,
  counts,
}: {
  search?: 'up' | 'down';
  alerts?: 'up' | 'down';
  /** The alert states' store, when a fault is injected into it. */
  alertStates?: AlertStateStore;
  /** The listing counts' store, when a fault is injected into it. */
  counts?: CountStore;
} = {}) {
  const node = (state: 'up' | 'down') => ({
    ...localOpenSearch(),
    ...(state === 'down' ? { node: downNode } : {}),
  });
  setHandlerContext({
    search: counted(createOpenSearchIndex({ ...node(search), index: productsIndex, refresh: true })),
    savedSearchIndex: countedAlerts(
      createOpenSearchSavedSearchIndex({ ...node(alerts), index: alertsIndex, refresh: true }),
    ),
    mailer: {
      send: async (m) => {
        sent.push(m);
      },
    },
    now: () => new Date(clock),
    appUrl: () => 'http://localhost:5173',
    ...(alertStates ? { alertStates } : {}),
    ...(counts ? { counts } : {}),
  });
}

beforeAll(async () => {
  table = useTestTable();
  useNotifySecret();
  downNode = `http://127.0.0.1:${await freePort()}`;
  await liveSearch().ensureIndex();
  await liveAlerts().ensureIndex();
});
afterAll(async () => {
  resetContext();
  await deleteIndexes(productsIndex, alertsIndex);
});

let university: string;
let seller: string;
let buyer: string;
let thrifty: string;
let sequence = 1000;
const seq = () => {
  sequence += 1;
  return String(sequence);
};

beforeEach(async () => {
  clock = Date.now();
  sent = [];
  for (const k of Object.keys(calls) as (keyof typeof calls)[]) calls[k] = 0;
  useEngines();
  university = uniqueUniversity('blk');
  await createUniversityRepository(table).putIfAbsent({
    id: university,
    name: 'UBK',
    full_name: 'Universidad del Bulk',
    email_domain: `${university}.edu.ve`,
    created_at: new Date(clock).toISOString(),
  });
  [seller, buyer, thrifty] = [randomUUID(), randomUUID(), randomUUID()];
  for (const [id, name] of [
    [seller, 'Samuel'],
    [buyer, 'Berta'],
    [thrifty, 'Tomás'],
  ])
    await createProfileRepository(table).createIfAbsent({
      user_id: id,
      email: `${name.toLowerCase()}-${id.slice(0, 6)}@correo.com`,
      full_name: name,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date(clock).toISOString(),
    });
  // Berta wants any calculator, Tomás a cheap one; Samuel's own search never alerts him of his listings.
  await saveSearch({ id: `calc-${buyer}`, user_id: buyer, enabled: true, university, q: 'calculadora' });
  await saveSearch({
    id: `cheap-${thrifty}`,
    user_id: thrifty,
    enabled: true,
    university,
    q: 'calculadora',
    maxPrice: 15,
  });
  await saveSearch({ id: `own-${seller}`, user_id: seller, enabled: true, university, q: 'calculadora' });
});

/** A saved search in the table and in the percolator (as the stream puts it there). */
async function saveSearch(s: MatchableSearch) {
  const outcome = await createSavedSearchRepository(table).create(
    { ...s, created_at: new Date(clock).toISOString(), new_ids: [] },
    MAX_SAVED_SEARCHES,
  );
  expect(outcome).toBe('created');
  await liveAlerts().put([s]);
}

let lastId = Math.floor(Date.now() / 1000) * 1000;
const nextId = () => {
  lastId += 1;
  return lastId;
};
/** A listing of Samuel's published now, written into the table (its stream record is built by hand). */
async function listing(overrides: Partial<Product> = {}): Promise<Product> {
  const p: Product = {
    id: nextId(),
    title: 'Mesa de estudio',
    description: null,
    price: 10,
    category: 'otros',
    condition: 'usado',
    career: null,
    image: null,
    images: [],
    tags: [],
    seller_name: 'Samuel',
    seller_email: 'samuel@est.ucab.edu.ve',
    whatsapp_number: null,
    university_id: university,
    status: 'active',
    owner_id: seller,
    created_at: new Date(clock).toISOString(),
    ...overrides,
  };
  await table.doc.send(new PutCommand({ TableName: table.tableName, Item: productEntity.item(p) }));
  return p;
}

const dispatch = (records: DynamoDBRecord[]) => dispatcher({ Records: records }, lambdaContext('stream'));
const inserts = (products: Product[]) =>
  products.map((p) => streamRecord(seq(), 'INSERT', productEntity.item(p)));
const countOf = async () => (await createCountStore(table).values([keys.byUniversity(university)]))[0];
const indexedIds = async () =>
  (await liveSearch().search({ university, sort: 'oldest', limit: 100, offset: 0 })).items.map((p) => p.id);
const newIdsOf = async (userId: string, searchId: string) =>
  [...((await createSavedSearchRepository(table).get(userId, searchId))?.new_ids ?? [])].sort(
    (a, b) => a - b,
  );
const mailsTo = (userId: string) => sent.filter((m) => m.to.includes(userId.slice(0, 6)));
/** Every listing a person was alerted of (mailed now or gathered for the digest), each once. */
const seenBy = async (userId: string) =>
  [...(await createAlertStateStore(table).get(userId)).seen].sort((a, b) => a - b);

describe('the stream dispatcher indexes a batch in bulk on the real OpenSearch', () => {
  it('indexes a batch of 12 listings with ONE bulk write and ONE percolation, counts and alerts exact, a replay changing nothing', async () => {
    // Prepare: 6 calculators (3 of them at most 15) and 6 tables.
    const calculators = [];
    for (let i = 0; i < 6; i++)
      calculators.push(await listing({ title: `Calculadora científica ${i}`, price: 10 + i * 2 }));
    const tables = [];
    for (let i = 0; i < 6; i++) tables.push(await listing({ title: `Mesa plegable ${i}` }));
    const all = [...calculators, ...tables];
    const event = inserts(all);
    // Act
    const res = await dispatch(event);
    // Assess
    expect(res).toEqual({ batchItemFailures: [] });
    expect(calls).toMatchObject({ write: 1, upsert: 0, remove: 0, matchEach: 1, match: 0 });
    expect(await indexedIds()).toEqual(all.map((p) => p.id));
    expect(await countOf()).toBe(12);
    const ids = (ps: Product[]) => ps.map((p) => p.id).sort((a, b) => a - b);
    expect(await newIdsOf(buyer, `calc-${buyer}`)).toEqual(ids(calculators));
    expect(await newIdsOf(thrifty, `cheap-${thrifty}`)).toEqual(
      ids(calculators.filter((p) => p.price <= 15)),
    );
    expect(await newIdsOf(seller, `own-${seller}`)).toEqual([]);
    // The first match of the day is mailed at once; the others wait for the digest.
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(mailsTo(thrifty)).toHaveLength(1);
    expect(mailsTo(seller)).toHaveLength(0);
    expect(await seenBy(buyer)).toEqual(ids(calculators));

    // Act: Lambda delivers the batch again (a retry after a timeout).
    expect(await dispatch(event)).toEqual({ batchItemFailures: [] });
    // Assess: nothing counted, listed or mailed twice.
    expect(await countOf()).toBe(12);
    expect(await indexedIds()).toEqual(all.map((p) => p.id));
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(mailsTo(thrifty)).toHaveLength(1);
    expect(await seenBy(buyer)).toEqual(ids(calculators));
  });

  it('reports only the record whose item the engine refuses; the others are indexed and alerted once, also when retried', async () => {
    // Prepare: the third listing has a date the index's mapping refuses (400 mapper_parsing_exception).
    const first = await listing({ title: 'Calculadora gráfica' });
    const second = await listing({ title: 'Calculadora básica', price: 12 });
    const refused = await listing({ title: 'Calculadora rota', created_at: 'el martes pasado' });
    const fourth = await listing({ title: 'Calculadora financiera', price: 30 });
    const event = inserts([first, second, refused, fourth]);
    // Act
    const res = await dispatch(event);
    // Assess
    expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: event[2].dynamodb?.SequenceNumber }] });
    expect(calls.write).toBe(1);
    expect(await indexedIds()).toEqual([first.id, second.id, fourth.id]);
    expect(await newIdsOf(buyer, `calc-${buyer}`)).toEqual([first.id, second.id, fourth.id]);
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(await seenBy(thrifty)).toEqual([first.id, second.id]);

    // Act: Lambda retries from the failed record on (it and every record after it).
    const retry = await dispatch(event.slice(2));
    // Assess: still refused; the fourth is not indexed or alerted twice.
    expect(retry).toEqual({ batchItemFailures: [{ itemIdentifier: event[2].dynamodb?.SequenceNumber }] });
    expect(await indexedIds()).toEqual([first.id, second.id, fourth.id]);
    expect(await newIdsOf(buyer, `calc-${buyer}`)).toEqual([first.id, second.id, fourth.id]);
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(await seenBy(buyer)).toEqual([first.id, second.id, fourth.id]);
  });

  it('mails each alert once when a batch is retried after a crash mid-alerts (one person served and mailed, the next one’s state write lost)', async () => {
    // Prepare: two calculators both Berta and Tomás match; the process dies at Tomás's state write.
    const calculators = [
      await listing({ title: 'Calculadora Casio', price: 10 }),
      await listing({ title: 'Calculadora HP', price: 12 }),
    ];
    const event = inserts(calculators);
    const real = createAlertStateStore(table);
    let crashes = 1;
    useEngines({
      alertStates: {
        get: (u) => real.get(u),
        getMany: (u) => real.getMany(u),
        due: (n, l) => real.due(n, l),
        save: async (u, ...rest) => {
          if (u === thrifty && crashes-- > 0) throw new Error('the process died');
          return real.save(u, ...rest);
        },
      },
    });
    // Act
    const crashed = await dispatch(event);
    // Assess: the listings are reported (Tomás's alerts are owed); Berta was served and mailed.
    expect(crashed.batchItemFailures).toHaveLength(2);
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(mailsTo(thrifty)).toHaveLength(0);
    // Act: Lambda retries the batch, twice (a second delivery after a timeout).
    expect(await dispatch(event)).toEqual({ batchItemFailures: [] });
    expect(await dispatch(event)).toEqual({ batchItemFailures: [] });
    // Assess: each person mailed once, each listing taken once, 'Nuevos para ti' complete.
    const ids = calculators.map((p) => p.id);
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(mailsTo(thrifty)).toHaveLength(1);
    expect(await seenBy(buyer)).toEqual(ids);
    expect(await seenBy(thrifty)).toEqual(ids);
    expect(await newIdsOf(thrifty, `cheap-${thrifty}`)).toEqual(ids);
    const pending = (await real.get(thrifty)).pending.map((p) => p.productId);
    expect(pending).toEqual([ids[1]]);
  });

  it('retries the whole batch while the engine is down (before the bulk write, or after it at the percolation), losing nothing and alerting once', async () => {
    // Prepare
    const calculators = [
      await listing({ title: 'Calculadora Casio' }),
      await listing({ title: 'Calculadora HP', price: 40 }),
    ];
    const event = inserts([...calculators, await listing({ title: 'Mesa de noche' })]);
    const every = event.map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber }));
    // Act: the engine is down.
    useEngines({ search: 'down', alerts: 'down' });
    const down = await dispatch(event);
    // Assess: every record is reported; the counts, kept in the table, are right already.
    expect(down).toEqual({ batchItemFailures: every });
    expect(await indexedIds()).toEqual([]);
    expect(await countOf()).toBe(3);
    expect(sent).toEqual([]);

    // Act: the engine comes back for the bulk write, and goes down before the percolation.
    useEngines({ search: 'up', alerts: 'down' });
    const midway = await dispatch(event);
    // Assess: the listings are indexed; the new ones are reported again (their alerts are owed).
    expect(midway).toEqual({ batchItemFailures: every });
    expect(await indexedIds()).toHaveLength(3);
    expect(sent).toEqual([]);

    // Act: the engine is back.
    useEngines();
    expect(await dispatch(event)).toEqual({ batchItemFailures: [] });
    expect(await dispatch(event)).toEqual({ batchItemFailures: [] });
    // Assess: each alert once, the counts exact.
    expect(await newIdsOf(buyer, `calc-${buyer}`)).toEqual(calculators.map((p) => p.id));
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(await seenBy(buyer)).toEqual(calculators.map((p) => p.id));
    expect(await countOf()).toBe(3);
    expect(await indexedIds()).toHaveLength(3);
  });

  it('keeps the last change of a product in a batch: updated then deleted is deleted; inserted then updated holds the update', async () => {
    // Prepare: a listing already in the index, and a new one.
    const old = await listing({ title: 'Lámpara de escritorio' });
    expect(await dispatch(inserts([old]))).toEqual({ batchItemFailures: [] });
    expect(await indexedIds()).toEqual([old.id]);
    const fresh = await listing({ title: 'Silla vieja' });
    const renamed = { ...fresh, title: 'Silla ergonómica' };
    await listing(renamed);
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.product(old.id) }));
    calls.write = 0;
    // Act: one batch: the old one edited then deleted, the new one inserted then edited.
    const res = await dispatch([
      streamRecord(seq(), 'MODIFY', productEntity.item({ ...old, title: 'Lámpara LED' })),
      streamRecord(seq(), 'INSERT', productEntity.item(fresh)),
      streamRecord(seq(), 'REMOVE', productEntity.item({ ...old, title: 'Lámpara LED' })),
      streamRecord(seq(), 'MODIFY', productEntity.item(renamed)),
    ]);
    // Assess
    expect(res).toEqual({ batchItemFailures: [] });
    expect(calls.write).toBe(1);
    expect(await indexedIds()).toEqual([fresh.id]);
    const found = await liveSearch().search({
      terms: searchTerms('ergonómica'),
      university,
      sort: 'newest',
      limit: 5,
      offset: 0,
    });
    expect(found.items.map((p) => [p.id, p.title])).toEqual([[fresh.id, 'Silla ergonómica']]);
    expect(await countOf()).toBe(1);
  });

  it("cuts a batch into runs only at changes that act: 'Nuevos para ti' written between products leaves ONE run, a saved search created between them splits it and alerts the listings after it", async () => {
    // Prepare: Nora saves a search for calculators in the middle of the batch; the alerts of an
    // earlier batch write Tomás's 'Nuevos para ti' between the products (as in the stream, where
    // they interleave with the next listings written).
    const nora = randomUUID();
    await createProfileRepository(table).createIfAbsent({
      user_id: nora,
      email: `nora-${nora.slice(0, 6)}@correo.com`,
      full_name: 'Nora',
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date(clock).toISOString(),
    });
    const searches = createSavedSearchRepository(table);
    const itemOf = async (userId: string, id: string) =>
      (
        await table.doc.send(
          new GetCommand({ TableName: table.tableName, Key: keys.savedSearch(userId, id) }),
        )
      ).Item as Record<string, unknown>;
    /** A real 'Nuevos para ti' write into Tomás's search, as its stream record (old and new image). */
    let earlier = 1;
    const nuevosParaTi = async () => {
      const before = await itemOf(thrifty, `cheap-${thrifty}`);
      await searches.addNew(thrifty, `cheap-${thrifty}`, [earlier++], MAX_SAVED_SEARCHES);
      return streamRecord(seq(), 'MODIFY', await itemOf(thrifty, `cheap-${thrifty}`), before);
    };
    const calculators = [];
    for (let i = 0; i < 5; i++) calculators.push(await listing({ title: `Calculadora ${i}`, price: 10 }));
    const [p1, p2, p3, p4, p5] = inserts(calculators);
    const event = [p1, await nuevosParaTi(), p2, await nuevosParaTi(), p3];
    const noraSearch = { id: `calc-${nora}`, user_id: nora, enabled: true, university, q: 'calculadora' };
    expect(
      await searches.create(
        { ...noraSearch, created_at: new Date(clock).toISOString(), new_ids: [] },
        MAX_SAVED_SEARCHES,
      ),
    ).toBe('created');
    event.push(
      streamRecord(seq(), 'INSERT', await itemOf(nora, noraSearch.id)),
      p4,
      await nuevosParaTi(),
      p5,
    );
    // Act
    const res = await dispatch(event);
    // Assess: two runs of products (one bulk write and one percolation each), split only by the
    // search's creation, which reached the percolator between them.
    expect(res).toEqual({ batchItemFailures: [] });
    expect(calls).toMatchObject({ write: 2, matchEach: 2, put: 1 });
    const ids = calculators.map((p) => p.id);
    expect(await indexedIds()).toEqual(ids);
    expect(await countOf()).toBe(5);
    expect(await newIdsOf(buyer, `calc-${buyer}`)).toEqual(ids);
    expect(await newIdsOf(nora, noraSearch.id)).toEqual(ids.slice(3));
    expect(mailsTo(nora)).toHaveLength(1);
    expect(await seenBy(nora)).toEqual(ids.slice(3));
  });

  it("keeps ONE run of a batch of deleted products whose questions' removals sit between them", async () => {
    // Prepare: three indexed listings, each with a question; then each deleted, and the stream
    // carries each question's removal (deleteProductQuestions) between the products' removals.
    const gone = [
      await listing({ title: 'Lámpara' }),
      await listing({ title: 'Silla' }),
      await listing({ title: 'Estante' }),
    ];
    expect(await dispatch(inserts(gone))).toEqual({ batchItemFailures: [] });
    const event: DynamoDBRecord[] = [];
    for (const p of gone) {
      await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.product(p.id) }));
      event.push(streamRecord(seq(), 'REMOVE', productEntity.item(p)));
      const question = questionEntity.item({
        id: `${clock}-${p.id}`,
        product_id: p.id,
        product_title: p.title,
        seller_id: seller,
        asker_id: buyer,
        asker_name: 'Berta',
        question_text: '¿Sigue disponible?',
        created_at: new Date(clock).toISOString(),
      });
      event.push(streamRecord(seq(), 'REMOVE', question));
    }
    calls.write = 0;
    // Act
    expect(await dispatch(event)).toEqual({ batchItemFailures: [] });
    // Assess: one bulk write for the three removals; nothing left listed or counted.
    expect(calls.write).toBe(1);
    expect(await indexedIds()).toEqual([]);
    expect(await countOf()).toBe(0);
  });

  it('runs the counts lane beside the index and alerts: counts refused → indexed and alerted, reported, counted once and alerted once on the retry; engine down → counted, reported, indexed on the retry', async () => {
    // Prepare: a listing already indexed and counted, now held by reports (a hold mail is owed).
    const held = await listing({ title: 'Mesa de dibujo' });
    expect(await dispatch(inserts([held]))).toEqual({ batchItemFailures: [] });
    const heldNow = { ...held, held_at: new Date(clock).toISOString() };
    await listing(heldNow);
    const calculators = [
      await listing({ title: 'Calculadora Casio', price: 10 }),
      await listing({ title: 'Calculadora HP', price: 40 }),
    ];
    const fresh = [...calculators, await listing({ title: 'Mesa plegable' })];
    const event = [
      ...inserts(fresh),
      streamRecord(seq(), 'MODIFY', productEntity.item(heldNow), productEntity.item(held)),
    ];
    const every = event.map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber }));
    // The table refuses the counts' transactions (its count items throttled).
    const real = createCountStore(table);
    let countsDown = true;
    useEngines({
      counts: {
        ...real,
        movePaged: async (m) => {
          if (countsDown)
            throw Object.assign(new Error('throughput exceeded'), { name: 'ThrottlingException' });
          return real.movePaged(m);
        },
      },
    });
    calls.write = 0;
    calls.matchEach = 0;
    // Act
    const refused = await dispatch(event);
    // Assess: every change reported (its counts are owed), yet indexed and alerted already; the
    // hold mail waits until every lane succeeded for its change.
    expect(refused).toEqual({ batchItemFailures: every });
    expect(await countOf()).toBe(1);
    expect(await indexedIds()).toEqual(fresh.map((p) => p.id));
    expect(await newIdsOf(buyer, `calc-${buyer}`)).toEqual(calculators.map((p) => p.id));
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(mailsTo(seller)).toHaveLength(0);

    // Act: the table takes the counts again; Lambda retries the batch.
    countsDown = false;
    expect(await dispatch(event)).toEqual({ batchItemFailures: [] });
    // Assess: counted once, alerted once, the seller told of the hold once.
    expect(await countOf()).toBe(3);
    expect(await indexedIds()).toEqual(fresh.map((p) => p.id));
    expect(mailsTo(buyer)).toHaveLength(1);
    expect(await seenBy(buyer)).toEqual(calculators.map((p) => p.id));
    expect(mailsTo(seller)).toHaveLength(1);

    // Act: the engine is down for the next batch.
    const later = [await listing({ title: 'Calculadora Texas', price: 12 })];
    const second = inserts(later);
    useEngines({ search: 'down', alerts: 'down' });
    const down = await dispatch(second);
    // Assess: reported, but the counts settled beside the index.
    expect(down).toEqual({ batchItemFailures: [{ itemIdentifier: second[0].dynamodb?.SequenceNumber }] });
    expect(await countOf()).toBe(4);
    // Act: the engine is back; the retry indexes and alerts, counting nothing twice.
    useEngines();
    expect(await dispatch(second)).toEqual({ batchItemFailures: [] });
    expect(await countOf()).toBe(4);
    expect(await indexedIds()).toEqual([...fresh, ...later].map((p) => p.id));
    expect(await seenBy(buyer)).toEqual([...calculators, ...later].map((p) => p.id));
  });
});
