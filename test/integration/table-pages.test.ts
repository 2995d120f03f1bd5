import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { reminderDueAt } from '#shared/listing-expiry';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createTablePages } from '../../functions/adapters/dynamodb/table-pages';
import type { TablePages } from '../../functions/ports/admin';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';

/**
 * The jobs' pages of the table (table-pages.ts) against DynamoDB Local: the Scan's backfill gives
 * items written before the admin area's indexes and before expiry what they lack, once; the pages
 * of a university's products, profiles and saved searches hold only that university's; a product
 * deleted by a job comes back as it was.
 */

let table: TableAccess;
let pages: TablePages;
beforeAll(() => {
  table = useTestTable();
  pages = createTablePages(table);
});

const raw = async (key: { pk: string; sk: string }) =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }))).Item;
const putRaw = (item: Record<string, unknown>) =>
  table.doc.send(new PutCommand({ TableName: table.tableName, Item: item }));

/** Every page of the Scan: the products it read and how many items it backfilled. */
async function scanAll(): Promise<{ products: Product[]; backfilled: number }> {
  const products: Product[] = [];
  let backfilled = 0;
  let cursor: string | undefined;
  do {
    const page = await pages.page(cursor, 500);
    products.push(...page.products);
    backfilled += page.backfilled;
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return { products, backfilled };
}

async function allPages<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; cursor: string | null }>,
) {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    out.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return out;
}

describe('the table pages of the jobs', () => {
  it('backfill what old items lack once, page a university by its items, and delete a product', async () => {
    const university = uniqueUniversity('pages');
    const user = `pages-${randomUUID()}`;
    const email = `${user}@est.ucab.edu.ve`;
    const searchId = randomUUID();

    // A listing on offer from before expiry and before gsi6 (no expiry, no admin index).
    const product = await makeProduct(table, { university_id: university });
    expect(product.expires_at).toBeUndefined();
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.product(product.id),
        UpdateExpression: 'REMOVE gsi6pk, gsi6sk',
      }),
    );
    // A profile, a favorite and a saved search from before their indexes.
    await putRaw({
      ...keys.profile(user),
      entity: 'profile',
      user_id: user,
      email,
      university_id: university,
    });
    await putRaw({ ...keys.favorite(user, product.id), entity: 'favorite', product_id: product.id });
    await putRaw({
      ...keys.savedSearch(user, searchId),
      entity: 'savedSearch',
      user_id: user,
      id: searchId,
      university,
      gsi1pk: keys.savedSearchesPartition,
      gsi1sk: searchId,
    });

    const before = Date.now();
    const first = await scanAll();
    expect(first.products.map((p) => p.id)).toContain(product.id);
    // The product's gsi6 and its expiry, the profile's and the favorite's gsi1: four writes at least.
    expect(first.backfilled).toBeGreaterThanOrEqual(4);

    const stored = await raw(keys.product(product.id));
    expect(stored).toMatchObject({
      gsi6pk: keys.everyProduct(),
      gsi6sk: keys.productSort(product.created_at, product.id),
      gsi7pk: keys.expiryDuePartition,
    });
    const expiresAt = String(stored?.expires_at);
    // A legacy listing gets at least a week.
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);
    expect(stored?.gsi7sk).toBe(keys.expiryDueSort(reminderDueAt(expiresAt), product.id));
    expect(await raw(keys.profile(user))).toMatchObject({
      gsi1pk: keys.profilesPartition,
      gsi1sk: `${email}#${user}`,
    });
    expect(await raw(keys.favorite(user, product.id))).toMatchObject({
      gsi1pk: keys.favoritedBy(product.id),
      gsi1sk: user,
    });

    // A second pass finds nothing of ours to write: the items stay as they are.
    const after = {
      product: await raw(keys.product(product.id)),
      profile: await raw(keys.profile(user)),
      favorite: await raw(keys.favorite(user, product.id)),
    };
    await scanAll();
    expect(await raw(keys.product(product.id))).toEqual(after.product);
    expect(await raw(keys.profile(user))).toEqual(after.profile);
    expect(await raw(keys.favorite(user, product.id))).toEqual(after.favorite);

    // The university's pages, a few items a page, hold only its own.
    const other = await makeProduct(table, { university_id: uniqueUniversity('pages-other') });
    const products = await allPages((c) => pages.universityProducts(university, c, 7));
    expect(products.map((p) => p.id)).toEqual([product.id]);
    const profiles = await allPages(async (c) => {
      const page = await pages.universityProfiles(university, c, 7);
      return { items: page.userIds, cursor: page.cursor };
    });
    expect(profiles).toEqual([user]);
    const searches = await allPages((c) => pages.universitySavedSearches(university, c, 7));
    expect(searches).toEqual([{ user_id: user, id: searchId }]);

    // A deleted product comes back as it was stored; a second delete finds nothing.
    const deleted = await pages.deleteProduct(product.id);
    expect(deleted).toMatchObject({ id: product.id, university_id: university, expires_at: expiresAt });
    expect(await raw(keys.product(product.id))).toBeUndefined();
    expect(await pages.deleteProduct(product.id)).toBeNull();
    expect(await raw(keys.product(other.id))).toBeDefined();
  });
});
