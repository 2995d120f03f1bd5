import { fileURLToPath } from 'node:url';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { type ImportReport, importExport } from '../../functions/services/publishing/product-import';
import { readExportDir } from '../../scripts/import-support';
import { type StreamPoller, startStreamPoller } from '../../scripts/local/stream-poller';
import { keys } from '#shared/table';

const FIXTURE = fileURLToPath(new URL('../fixtures/import', import.meta.url));
const CREATED_PRODUCTS = [900001, 900002, 900003, 900010];
const UNIVERSITIES = ['fx-ucab', 'fx-ucv'];

let table: TableAccess;
let poller: StreamPoller;
/** pk → stream event names seen for it, in order. */
const streamEvents = new Map<string, string[]>();

const deps = () => ({
  products: createProductRepository(table),
  universities: createUniversityRepository(table),
});
const runImport = () => importExport(deps(), readExportDir(FIXTURE));

async function rawItem(key: { pk: string; sk: string }) {
  const res = await table.doc.send(
    new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
  );
  return res.Item;
}
const snapshot = async () => ({
  products: await Promise.all(CREATED_PRODUCTS.map((id) => rawItem(keys.product(id)))),
  universities: await Promise.all(UNIVERSITIES.map((id) => rawItem(keys.university(id)))),
  counter: await rawItem(keys.productCounter()),
});

async function waitFor(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for stream records');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let first: ImportReport;

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  table = createTableAccess({ endpoint: inject('dynamoEndpoint'), tableName: inject('tableName') });
  // The same poller the local stack runs: it shows what reaches the indexer.
  poller = await startStreamPoller({
    endpoint: inject('dynamoEndpoint'),
    streamArn: inject('streamArn'),
    intervalMs: 50,
    handler: async (event: DynamoDBStreamEvent) => {
      for (const r of event.Records) {
        const pk = r.dynamodb?.Keys?.pk?.S;
        if (pk) streamEvents.set(pk, [...(streamEvents.get(pk) ?? []), r.eventName ?? '?']);
      }
    },
  });
  first = await runImport();
});

afterAll(async () => {
  await poller?.stop();
  table?.doc.destroy();
});

describe('import of an export of the earlier app', () => {
  it('reports every bad row with its file, position and reason, and loads the rest', () => {
    expect(first.universities).toEqual({ created: 2, unchanged: 0, rejected: 1 });
    expect(first.products).toEqual({ created: 4, unchanged: 0, rejected: 6 });
    expect(first.errors).toEqual([
      { file: 'products.json', index: 3, reason: 'category: unknown category' },
      { file: 'products.json', index: 4, reason: "university_id: unknown university 'fx-nowhere'" },
      { file: 'products.json', index: 5, reason: 'price must not be negative' },
      { file: 'products.json', index: 6, reason: 'duplicate id 900001 in this file' },
      { file: 'products.json', index: 7, reason: 'row is not an object' },
      { file: 'products.json', index: 9, reason: 'seller_email must be an e-mail address' },
      { file: 'universities.json', index: 2, reason: 'name is required' },
    ]);
  });

  it('preserves ids and stores titles and descriptions with HTML verbatim', async () => {
    const repo = createProductRepository(table);
    const p = await repo.get(900002);
    expect(p).toEqual({
      id: 900002,
      title: "<script>alert('hola')</script> Libro de Cálculo de Stewart & guía",
      description: '<img src=x onerror=alert(1)> Edición 7',
      price: 30.5,
      category: 'libros',
      condition: 'usado',
      career: null,
      image: 'https://old-app.example/storage/products/900002.jpg',
      images: ['https://old-app.example/storage/products/900002.jpg'],
      tags: [],
      seller_name: 'jose.rojas',
      seller_email: 'jose.rojas@est.ucv.edu.ve',
      whatsapp_number: null,
      university_id: 'fx-ucv',
      status: 'active',
      owner_id: null,
      created_at: '2025-06-02T08:30:00.000Z',
      // Listed long ago: a week from the import, so its seller still gets the reminder (decision 030).
      expires_at: expect.any(String),
    });
    const week = Date.parse(p?.expires_at ?? '') - Date.now();
    expect(week).toBeGreaterThan(6.9 * 86_400_000);
    expect(week).toBeLessThanOrEqual(7 * 86_400_000);
    // A sold listing has none: it never expires.
    expect((await repo.get(900003))?.expires_at).toBeUndefined();
    expect((await repo.get(900010))?.created_at).toBe('2025-06-10T22:45:00.000Z');
    expect((await createUniversityRepository(table).get('fx-ucab'))?.created_at).toBe(
      '2024-03-01T12:00:00.000Z',
    );
    // Rejected rows wrote nothing.
    expect(await rawItem(keys.product(900004))).toBeUndefined();
    expect(await rawItem(keys.university('fx-bad'))).toBeUndefined();
  });

  it('keeps a sold product out of the listing indexes', async () => {
    const sold = await rawItem(keys.product(900003));
    expect(sold?.status).toBe('sold');
    expect(sold?.gsi1pk).toBeUndefined();
    expect((await rawItem(keys.product(900001)))?.gsi1pk).toBe('PRODUCTS#U#fx-ucab');
  });

  it('sends every imported product to the indexer through the table stream', async () => {
    await waitFor(() => CREATED_PRODUCTS.every((id) => streamEvents.has(keys.product(id).pk)));
    for (const id of CREATED_PRODUCTS) expect(streamEvents.get(keys.product(id).pk)).toEqual(['INSERT']);
  });

  it('continues new ids above the largest imported id', async () => {
    const next = await createProductRepository(table).nextId();
    expect(next).toBeGreaterThan(900010);
  });

  it('changes nothing when run again, item by item, not even an item edited since', async () => {
    // Prepare: an owner edits an imported product after the migration.
    const edited = keys.product(900001);
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: edited,
        UpdateExpression: 'SET title = :t',
        ExpressionAttributeValues: { ':t': 'Editado después de la migración' },
      }),
    );
    await waitFor(() => streamEvents.get(edited.pk)?.length === 2);
    const before = await snapshot();
    const eventsBefore = structuredClone([...streamEvents.entries()]);
    // Act
    const again = await runImport();
    // Assess
    expect(again.universities).toEqual({ created: 0, unchanged: 2, rejected: 1 });
    expect(again.products).toEqual({ created: 0, unchanged: 4, rejected: 6 });
    expect(again.errors).toEqual(first.errors);
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.products[0]?.title).toBe('Editado después de la migración');
    // No write happened, so the stream carries nothing new for these items.
    await new Promise((r) => setTimeout(r, 500));
    expect([...streamEvents.entries()]).toEqual(eventsBefore);
    expect(streamEvents.get(edited.pk)).toEqual(['INSERT', 'MODIFY']);
  });
});
