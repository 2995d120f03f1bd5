import { DeleteCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Product, productSchema, universitySchema } from '#shared/schemas';
import {
  entityOf,
  favoriteIndexAttributes,
  INDEXES,
  keys,
  productIndexAttributes,
  profileIndexAttributes,
  universityRequestIndexAttributes,
} from '#shared/table';
import { DEFAULT_LISTING_EXPIRY_DAYS, parseExpiryDays } from '#shared/listing-expiry';
import { ENV, optionalEnv } from '../../commons/env';
import { logger } from '../../commons/observability';
import { backfillExpiry } from './listing-expiry';
import type { TablePages } from '../../ports/admin';
import type { TableAccess } from './client';
import { isConditionalCheckFailed, stripKeys } from './items';
import { tableOf } from './table';
import { backfillDomainClaim } from './university-domains';

/** A job's cursor: a last evaluated key, base64url JSON (jobs keep it in their item, never a URL). */
const encode = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
const decode = (cursor: string | undefined): Record<string, unknown> | undefined =>
  cursor
    ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>)
    : undefined;

/**
 * The index attributes an item of the admin area's design should carry (docs/decisions/025), for
 * items written before it: products (gsi6), profiles (gsi1 by e-mail), university requests (gsi2
 * by status), favorites (gsi1 by product). Null for items that need none.
 */
export function expectedIndexAttributes(item: Record<string, unknown>): Record<string, string> | null {
  const entity = entityOf(item);
  if (entity === 'product') {
    const p = productSchema.safeParse(stripKeys(item));
    if (!p.success) return null;
    const all = productIndexAttributes(p.data);
    return { gsi6pk: all.gsi6pk, gsi6sk: all.gsi6sk };
  }
  if (entity === 'profile' && typeof item.user_id === 'string' && typeof item.email === 'string')
    return profileIndexAttributes({ user_id: item.user_id, email: item.email });
  if (
    entity === 'universityRequest' &&
    typeof item.id === 'string' &&
    typeof item.status === 'string' &&
    typeof item.created_at === 'string'
  )
    return universityRequestIndexAttributes({
      id: item.id,
      status: item.status,
      created_at: item.created_at,
    });
  if (entity === 'favorite' && typeof item.product_id === 'number' && typeof item.pk === 'string')
    return favoriteIndexAttributes(item.pk.replace(/^USER#/, ''), item.product_id);
  return null;
}

export function createTablePages(table: TableAccess): TablePages {
  const { doc, tableName } = table;
  const expiryDays = parseExpiryDays(optionalEnv(ENV.listingExpiryDays), DEFAULT_LISTING_EXPIRY_DAYS);

  /** Adds missing index attributes, only while the item exists (a concurrent delete wins). */
  async function backfill(item: Record<string, unknown>): Promise<boolean> {
    const expected = expectedIndexAttributes(item);
    if (!expected) return false;
    const missing = Object.entries(expected).filter(([k, v]) => item[k] !== v);
    if (missing.length === 0) return false;
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: `SET ${missing.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(missing.map(([k], i) => [`#a${i}`, k])),
          ExpressionAttributeValues: Object.fromEntries(missing.map(([, v], i) => [`:v${i}`, v])),
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  /** A page of one gsi1 partition, keeping the items whose `attribute` is `value` (jobs only). */
  const filteredIndexPage = (
    pk: string,
    attribute: string,
    value: string,
    cursor: string | undefined,
    size: number,
  ) =>
    doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: INDEXES.gsi1.name,
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: '#a = :v',
        ExpressionAttributeNames: { '#pk': INDEXES.gsi1.pk, '#a': attribute },
        ExpressionAttributeValues: { ':pk': pk, ':v': value },
        Limit: size,
        ExclusiveStartKey: decode(cursor),
      }),
    );

  async function backfillUniversityDomain(item: Record<string, unknown>): Promise<boolean> {
    const u = universitySchema.safeParse(stripKeys(item));
    return u.success ? backfillDomainClaim(table, u.data) : false;
  }

  return {
    async page(cursor, size) {
      const res = await doc.send(
        new ScanCommand({ TableName: tableName, Limit: size, ExclusiveStartKey: decode(cursor) }),
      );
      const products: Product[] = [];
      let backfilled = 0;
      for (const item of res.Items ?? []) {
        if (await backfill(item)) backfilled++;
        // Listings from before expiry get theirs (decision 030).
        if (await backfillExpiry(tableOf(table), item, new Date(), expiryDays)) backfilled++;
        // Universities from before the domain claims get theirs (decision 042).
        if (entityOf(item) === 'university' && (await backfillUniversityDomain(item))) backfilled++;
        if (entityOf(item) !== 'product') continue;
        const parsed = productSchema.safeParse(stripKeys(item));
        if (parsed.success) products.push(parsed.data);
        else logger.warn('reindex skips a malformed product item', { pk: item.pk });
      }
      return { products, backfilled, cursor: encode(res.LastEvaluatedKey) };
    },

    async universityProducts(universityId, cursor, size) {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEXES.gsi6.name,
          KeyConditionExpression: '#pk = :pk',
          FilterExpression: 'university_id = :u',
          ExpressionAttributeNames: { '#pk': INDEXES.gsi6.pk },
          ExpressionAttributeValues: { ':pk': keys.everyProduct(), ':u': universityId },
          Limit: size,
          ExclusiveStartKey: decode(cursor),
        }),
      );
      const items = (res.Items ?? [])
        .map((i) => productSchema.safeParse(stripKeys(i)))
        .flatMap((p) => (p.success ? [p.data] : []));
      return { items, cursor: encode(res.LastEvaluatedKey) };
    },

    async universityProfiles(universityId, cursor, size) {
      const res = await filteredIndexPage(
        keys.profilesPartition,
        'university_id',
        universityId,
        cursor,
        size,
      );
      const userIds = (res.Items ?? [])
        .map((i) => i.user_id)
        .filter((u): u is string => typeof u === 'string');
      return { userIds, cursor: encode(res.LastEvaluatedKey) };
    },

    async universitySavedSearches(universityId, cursor, size) {
      const res = await filteredIndexPage(
        keys.savedSearchesPartition,
        'university',
        universityId,
        cursor,
        size,
      );
      const items = (res.Items ?? []).flatMap((i) =>
        typeof i.user_id === 'string' && typeof i.id === 'string' ? [{ user_id: i.user_id, id: i.id }] : [],
      );
      return { items, cursor: encode(res.LastEvaluatedKey) };
    },

    async deleteProduct(id) {
      const res = await doc.send(
        new DeleteCommand({ TableName: tableName, Key: keys.product(id), ReturnValues: 'ALL_OLD' }),
      );
      const parsed = res.Attributes ? productSchema.safeParse(stripKeys(res.Attributes)) : null;
      return parsed?.success ? parsed.data : null;
    },
  };
}
