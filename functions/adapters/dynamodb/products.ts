import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Product, productSchema } from '#shared/schemas';
import {
  ENTITY_ATTRIBUTE,
  entityKey,
  INDEX_LIST,
  INDEXES,
  isListed,
  KEY,
  keys,
  productIndexAttributes,
  productListingKey,
} from '#shared/table';
import { logger } from '../../commons/observability';
import type { Page, ProductListingScope, ProductRepository } from '../../ports/repositories';
import type { TableAccess } from './client';
import { queryIndexPage } from './cursor';
import { transactCreate } from './idempotency';
import { legacyOp } from './table';
import { batchGetItems, isConditionalCheckFailed, stripKeys } from './items';
import { universityOpenCheck } from './universities';

const COUNTER_ATTRIBUTE = 'last_id';

/** Maps an item back to the entity; an item that is not a valid product is logged and skipped. */
function toProduct(item: Record<string, unknown> | undefined): Product | null {
  if (!item) return null;
  const parsed = productSchema.safeParse(stripKeys(item));
  if (parsed.success) return parsed.data;
  logger.warn('skipping malformed product item', { pk: item.pk, issues: parsed.error.issues.slice(0, 3) });
  return null;
}

export function productItem(product: Product): Record<string, unknown> {
  // A hold that is not there is no attribute at all (the hold's conditions test for its absence).
  const { held_at, hold_released_at, expires_at, expired_at, reminded_for, ...rest } = product;
  return {
    ...rest,
    ...(held_at ? { held_at } : {}),
    ...(hold_released_at ? { hold_released_at } : {}),
    // Absent rather than null, so the expiry job's conditions can test for them (decision 030).
    ...(expires_at ? { expires_at } : {}),
    ...(expired_at ? { expired_at } : {}),
    ...(reminded_for ? { reminded_for } : {}),
    ...entityKey('product', keys.product(product.id)),
    ...productIndexAttributes(product),
  };
}

export function createProductRepository(table: TableAccess): ProductRepository {
  const { doc, tableName } = table;
  return {
    async nextId() {
      // ADD is atomic: concurrent callers always get distinct values, and it creates the counter.
      const res = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.productCounter(),
          UpdateExpression: 'ADD #v :one SET #e = :entity',
          ExpressionAttributeNames: { '#v': COUNTER_ATTRIBUTE, '#e': ENTITY_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':entity': 'counter' },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const value = res.Attributes?.[COUNTER_ATTRIBUTE];
      if (typeof value !== 'number') throw new Error('Product id counter returned no number');
      return value;
    },

    async raiseIdFloor(id) {
      try {
        // Conditional, so the counter only ever moves up (an import of old ids never lowers it).
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.productCounter(),
            UpdateExpression: 'SET #v = :id, #e = :entity',
            ConditionExpression: 'attribute_not_exists(#v) OR #v < :id',
            ExpressionAttributeNames: { '#v': COUNTER_ATTRIBUTE, '#e': ENTITY_ATTRIBUTE },
            ExpressionAttributeValues: { ':id': id, ':entity': 'counter' },
          }),
        );
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
    },

    async get(id, opts) {
      const res = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.product(id),
          ConsistentRead: opts?.consistent === true,
        }),
      );
      return toProduct(res.Item);
    },

    async getMany(ids, opts) {
      const items = await batchGetItems(table, ids.map(keys.product), opts);
      return items.map(toProduct);
    },

    async putIfAbsent(product) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: productItem(product),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async publish(product, sellerDomain, terms) {
      const failed = await transactCreate(
        table,
        [
          legacyOp({
            Put: {
              TableName: tableName,
              Item: productItem(product),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }),
          // A university being deleted takes no new listing: its deletion job could miss it.
          legacyOp(universityOpenCheck(tableName, product.university_id, sellerDomain)),
        ],
        terms,
      );
      if (failed === 0) return 'idTaken';
      if (failed === 1) return 'closed';
      return 'created';
    },

    async listActive(scope: ProductListingScope, order, limit, cursor): Promise<Page<Product>> {
      const { index, pk } = productListingKey(scope);
      const page = await queryIndexPage(table, { index, pk, newestFirst: order !== 'oldest', limit, cursor });
      const items = page.items.map(toProduct).filter((p): p is Product => p !== null && isListed(p));
      return { items, nextCursor: page.nextCursor };
    },

    async listByOwner(ownerId, limit) {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEXES.gsi5.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': INDEXES.gsi5.pk },
          ExpressionAttributeValues: { ':pk': keys.byOwner(ownerId) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map(toProduct).filter((p): p is Product => p !== null);
    },

    async changeStatus(id, ownerId, from, to) {
      const current = toProduct(
        (
          await doc.send(
            new GetCommand({ TableName: tableName, Key: keys.product(id), ConsistentRead: true }),
          )
        ).Item,
      );
      // A product held for review by reports is the admin's to change until released.
      if (!current || current.owner_id !== ownerId || current.status !== from || current.held_at) return null;
      const next: Product = { ...current, status: to };
      try {
        // The whole item is rewritten so the sparse index attributes match the new status; the
        // condition makes a concurrent change (or a change of owner) win instead of being undone.
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: productItem(next),
            ConditionExpression: '#status = :from AND owner_id = :owner AND attribute_not_exists(held_at)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':from': from, ':owner': ownerId },
          }),
        );
        return next;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return null;
        throw err;
      }
    },

    async hold(id, at, releasedAt) {
      // The listing index attributes go (gsi5, the owner's, and gsi6, the admin's, stay): the
      // product leaves every listing at once and, through the stream, its counts and the search index.
      // gsi7 (the expiry job's) stays too: a held listing still expires on time (decision 030).
      const listing = INDEX_LIST.filter(
        (i) => i !== INDEXES.gsi5 && i !== INDEXES.gsi6 && i !== INDEXES.gsi7,
      ).flatMap((i) => [i.pk, i.sk]);
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(id),
            UpdateExpression: `SET held_at = :at REMOVE ${listing.join(', ')}`,
            ConditionExpression: [
              `attribute_exists(${KEY.pk})`,
              '#status = :active',
              'attribute_not_exists(held_at)',
              releasedAt === null ? 'attribute_not_exists(hold_released_at)' : 'hold_released_at = :released',
            ].join(' AND '),
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':at': at,
              ':active': 'active',
              ...(releasedAt === null ? {} : { ':released': releasedAt }),
            },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async releaseHold(id, at) {
      const current = toProduct(
        (
          await doc.send(
            new GetCommand({ TableName: tableName, Key: keys.product(id), ConsistentRead: true }),
          )
        ).Item,
      );
      if (!current?.held_at) return null;
      const next: Product = { ...current, held_at: undefined, hold_released_at: at };
      try {
        // The whole item again, so the listing index attributes come back if it is still active.
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: productItem(next),
            ConditionExpression: 'held_at = :held',
            ExpressionAttributeValues: { ':held': current.held_at },
          }),
        );
        return next;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return null;
        throw err;
      }
    },

    async deleteOwned(id, ownerId) {
      try {
        const res = await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.product(id),
            ConditionExpression: 'owner_id = :owner',
            ExpressionAttributeValues: { ':owner': ownerId },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return toProduct(res.Attributes);
      } catch (err) {
        if (isConditionalCheckFailed(err)) return null;
        throw err;
      }
    },
  };
}
