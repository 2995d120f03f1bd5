import { isOnOffer } from '#shared/statuses';
import { legacyExpiry, reminderDueAt } from '#shared/listing-expiry';
import { INDEXES, keys } from '#shared/table';
import type { ExpiryStore } from '../../ports/listing-expiry';
import type { TableAccess } from './client';
import { decodeJobCursor, encodeJobCursor } from './cursor';
import { PRODUCT_LISTING_ATTRIBUTES, productEntity } from './entities';
import { heldValue } from './entity';
import { type Expr, type Table, tableOf, type WriteOp } from './table';

/** What an expired listing drops: its listing indexes, and the expiry job's own (it is done). */
const LISTING_ATTRIBUTES = [...PRODUCT_LISTING_ATTRIBUTES, INDEXES.gsi7.pk, INDEXES.gsi7.sk];

/** A change of a product's attributes, on what the job read (never a write that creates one). */
const productUpdate = (id: number, update: Expr, condition: Expr): WriteOp =>
  productEntity.update({ id }, update, { condition });

export function createExpiryStore(access: TableAccess): ExpiryStore {
  const table = tableOf(access);

  return {
    async due(now, limit, cursor) {
      const { items, lastKey } = await table.queryOnce(
        // Every step due at or before `now`, whatever its product id; soonest first.
        { index: INDEXES.gsi7, pk: keys.expiryDuePartition, sk: { lte: `${now}#~` } },
        { limit, start: decodeJobCursor(cursor) },
      );
      // A malformed item is logged and skipped.
      return { items: productEntity.parseAll(items), nextCursor: encodeJobCursor(lastKey) };
    },

    expire(product, at) {
      return table.write(
        productUpdate(
          product.id,
          {
            expression: `SET #status = :expired, expired_at = :at REMOVE ${LISTING_ATTRIBUTES.join(', ')}`,
            names: { '#status': 'status' },
            values: { ':expired': 'expired', ':at': at },
          },
          {
            expression: '#status = :from AND expires_at = :exp AND expires_at <= :at',
            names: { '#status': 'status' },
            values: { ':from': product.status, ':exp': product.expires_at ?? '', ':at': at },
          },
        ),
      );
    },

    claimReminder(product) {
      const expiresAt = product.expires_at;
      if (!expiresAt) return Promise.resolve(false);
      return table.write(
        productUpdate(
          product.id,
          // The next step becomes the expiry itself.
          {
            expression: 'SET reminded_for = :exp, #sk = :sk',
            names: { '#sk': INDEXES.gsi7.sk },
            values: { ':exp': expiresAt, ':sk': keys.expiryDueSort(expiresAt, product.id) },
          },
          {
            expression:
              '#status IN (:active, :reserved) AND expires_at = :exp AND ' +
              '(attribute_not_exists(reminded_for) OR reminded_for <> :exp)',
            names: { '#status': 'status' },
            values: { ':exp': expiresAt, ':active': 'active', ':reserved': 'reserved' },
          },
        ),
      );
    },

    async releaseReminder(product) {
      const expiresAt = product.expires_at;
      if (!expiresAt) return;
      // Refused: the listing moved on (renewed, sold, expired) and its next step with it.
      await table.write(
        productUpdate(
          product.id,
          {
            expression: 'SET #sk = :sk REMOVE reminded_for',
            names: { '#sk': INDEXES.gsi7.sk },
            values: { ':sk': keys.expiryDueSort(reminderDueAt(expiresAt), product.id) },
          },
          {
            expression: 'reminded_for = :exp AND expires_at = :exp AND attribute_exists(#sk)',
            names: { '#sk': INDEXES.gsi7.sk },
            values: { ':exp': expiresAt },
          },
        ),
      );
    },

    replace(current, next) {
      // The whole item, so every index attribute follows the new status and expiry.
      return table.write(
        productEntity.put(next, {
          condition: {
            expression: [
              '#status = :status',
              'owner_id = :owner',
              'attribute_not_exists(held_at)',
              current.expires_at ? 'expires_at = :exp' : 'attribute_not_exists(expires_at)',
            ].join(' AND '),
            names: { '#status': 'status' },
            values: {
              ':status': current.status,
              ':owner': current.owner_id,
              ...(current.expires_at ? { ':exp': current.expires_at } : {}),
            },
          },
        }),
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
  table: Table,
  item: Record<string, unknown>,
  now: Date,
  days: number,
): Promise<boolean> {
  if (item.expires_at || !isOnOffer(String(item.status)) || typeof item.created_at !== 'string') return false;
  const parsed = productEntity.schema.safeParse(heldValue(item));
  if (!parsed.success) return false;
  const expiresAt = legacyExpiry(parsed.data.created_at, now, days);
  return table.write(
    productUpdate(
      parsed.data.id,
      {
        expression: 'SET expires_at = :exp, #pk = :pk, #sk = :sk',
        names: { '#pk': INDEXES.gsi7.pk, '#sk': INDEXES.gsi7.sk },
        values: {
          ':exp': expiresAt,
          ':pk': keys.expiryDuePartition,
          ':sk': keys.expiryDueSort(reminderDueAt(expiresAt), parsed.data.id),
        },
      },
      // The update's own condition adds that the product still exists.
      { expression: 'attribute_not_exists(expires_at)' },
    ),
  );
}
