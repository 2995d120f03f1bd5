import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isOnOffer } from '#shared/statuses';
import { legacyExpiry, reminderDueAt } from '#shared/listing-expiry';
import { type Product, productSchema } from '#shared/schemas';
import { INDEXES, KEY, keys } from '#shared/table';
import { logger } from '../../commons/observability';
import type { ExpiryStore } from '../../ports/listing-expiry';
import type { TableAccess } from './client';
import { isConditionalCheckFailed, stripKeys } from './items';
import { productItem } from './products';

const pad = (id: number) => String(id).padStart(12, '0');
const dueSort = (at: string, id: number) => `${at}#${pad(id)}`;

/** The listing index attributes an expired listing drops (gsi5, the owner's, and gsi6 stay). */
const LISTING_ATTRIBUTES = [INDEXES.gsi1, INDEXES.gsi2, INDEXES.gsi3, INDEXES.gsi4, INDEXES.gsi7].flatMap(
  (i) => [i.pk, i.sk],
);

/** The job's cursor: the Query's last evaluated key (kept in memory by one run, never in a URL). */
const encode = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
const decode = (cursor: string | undefined): Record<string, unknown> | undefined =>
  cursor
    ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>)
    : undefined;

export function createExpiryStore(table: TableAccess): ExpiryStore {
  const { doc, tableName } = table;

  async function conditional(run: () => Promise<unknown>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  return {
    async due(now, limit, cursor) {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEXES.gsi7.name,
          KeyConditionExpression: '#pk = :pk AND #sk <= :max',
          ExpressionAttributeNames: { '#pk': INDEXES.gsi7.pk, '#sk': INDEXES.gsi7.sk },
          // Every step due at or before `now`, whatever its product id.
          ExpressionAttributeValues: { ':pk': keys.expiryDuePartition, ':max': `${now}#~` },
          Limit: limit,
          ExclusiveStartKey: decode(cursor),
        }),
      );
      const items: Product[] = [];
      for (const item of res.Items ?? []) {
        const parsed = productSchema.safeParse(stripKeys(item));
        if (parsed.success) items.push(parsed.data);
        else logger.warn('expiry job skips a malformed product item', { pk: item[KEY.pk] });
      }
      return { items, nextCursor: encode(res.LastEvaluatedKey) };
    },

    expire(product, at) {
      return conditional(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(product.id),
            UpdateExpression: `SET #status = :expired, expired_at = :at REMOVE ${LISTING_ATTRIBUTES.join(', ')}`,
            ConditionExpression: '#status = :from AND expires_at = :exp AND expires_at <= :at',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':expired': 'expired',
              ':from': product.status,
              ':exp': product.expires_at ?? '',
              ':at': at,
            },
          }),
        ),
      );
    },

    claimReminder(product) {
      const expiresAt = product.expires_at;
      if (!expiresAt) return Promise.resolve(false);
      return conditional(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(product.id),
            // The next step becomes the expiry itself.
            UpdateExpression: 'SET reminded_for = :exp, #sk = :sk',
            ConditionExpression:
              '#status IN (:active, :reserved) AND expires_at = :exp AND ' +
              '(attribute_not_exists(reminded_for) OR reminded_for <> :exp)',
            ExpressionAttributeNames: { '#status': 'status', '#sk': INDEXES.gsi7.sk },
            ExpressionAttributeValues: {
              ':exp': expiresAt,
              ':sk': dueSort(expiresAt, product.id),
              ':active': 'active',
              ':reserved': 'reserved',
            },
          }),
        ),
      );
    },

    async releaseReminder(product) {
      const expiresAt = product.expires_at;
      if (!expiresAt) return;
      await conditional(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(product.id),
            UpdateExpression: 'SET #sk = :sk REMOVE reminded_for',
            ConditionExpression: 'reminded_for = :exp AND expires_at = :exp AND attribute_exists(#sk)',
            ExpressionAttributeNames: { '#sk': INDEXES.gsi7.sk },
            ExpressionAttributeValues: {
              ':exp': expiresAt,
              ':sk': dueSort(reminderDueAt(expiresAt), product.id),
            },
          }),
        ),
      );
    },

    replace(current, next) {
      return conditional(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            // The whole item, so every index attribute follows the new status and expiry.
            Item: productItem(next),
            ConditionExpression: [
              '#status = :status',
              'owner_id = :owner',
              'attribute_not_exists(held_at)',
              current.expires_at ? 'expires_at = :exp' : 'attribute_not_exists(expires_at)',
            ].join(' AND '),
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': current.status,
              ':owner': current.owner_id,
              ...(current.expires_at ? { ':exp': current.expires_at } : {}),
            },
          }),
        ),
      );
    },
  };
}

/**
 * A listing on offer stored before expiry existed gets its expiry (legacyExpiry: at least a week
 * away) and its gsi7 entry, only while it still has none (a concurrent write wins). Run by the
 * table's backfill pass (the local stack's start, the admin's reindex in AWS). True when written.
 */
export async function backfillExpiry(
  table: TableAccess,
  item: Record<string, unknown>,
  now: Date,
  days: number,
): Promise<boolean> {
  if (item.expires_at || !isOnOffer(String(item.status)) || typeof item.created_at !== 'string') return false;
  const parsed = productSchema.safeParse(stripKeys(item));
  if (!parsed.success) return false;
  const expiresAt = legacyExpiry(parsed.data.created_at, now, days);
  try {
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.product(parsed.data.id),
        UpdateExpression: 'SET expires_at = :exp, #pk = :pk, #sk = :sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(expires_at)',
        ExpressionAttributeNames: { '#pk': INDEXES.gsi7.pk, '#sk': INDEXES.gsi7.sk },
        ExpressionAttributeValues: {
          ':exp': expiresAt,
          ':pk': keys.expiryDuePartition,
          ':sk': dueSort(reminderDueAt(expiresAt), parsed.data.id),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}
