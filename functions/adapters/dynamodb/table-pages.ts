import type { Product } from '#shared/schemas';
import {
  entityOf,
  favoriteIndexAttributes,
  INDEXES,
  KEY,
  keys,
  productIndexAttributes,
  profileIndexAttributes,
  universityRequestIndexAttributes,
} from '#shared/table';
import { DEFAULT_LISTING_EXPIRY_DAYS, parseExpiryDays } from '#shared/listing-expiry';
import { ENV, optionalEnv } from '../../commons/env';
import { backfillExpiry } from './listing-expiry';
import type { TablePages } from '../../ports/admin';
import type { TableAccess } from './client';
import { decodeJobCursor, encodeJobCursor } from './cursor';
import { productEntity, universityEntity } from './entities';
import { changes, heldValue, present } from './entity';
import { type Item, tableOf } from './table';
import { backfillDomainClaim } from './university-domains';

/**
 * The index attributes an item of the admin area's design should carry (docs/decisions/025), for
 * items written before it: products (gsi6), profiles (gsi1 by e-mail), university requests (gsi2
 * by status), favorites (gsi1 by product). Null for items that need none.
 */
export function expectedIndexAttributes(item: Record<string, unknown>): Record<string, string> | null {
  const entity = entityOf(item);
  if (entity === 'product') {
    const p = productEntity.schema.safeParse(heldValue(item));
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

export function createTablePages(access: TableAccess): TablePages {
  const table = tableOf(access);
  const expiryDays = parseExpiryDays(optionalEnv(ENV.listingExpiryDays), DEFAULT_LISTING_EXPIRY_DAYS);

  /** Adds missing index attributes, only while the item exists (a concurrent delete wins). */
  async function backfill(item: Item): Promise<boolean> {
    const expected = expectedIndexAttributes(item);
    if (!expected) return false;
    const missing = Object.entries(expected).filter(([k, v]) => item[k] !== v);
    if (missing.length === 0) return false;
    return table.write({
      type: 'update',
      key: { pk: String(item[KEY.pk]), sk: String(item[KEY.sk]) },
      update: changes({ set: Object.fromEntries(missing) }),
      condition: present,
    });
  }

  /** A page of one gsi1 partition, keeping the items whose `attribute` is `value` (jobs only). */
  const filteredIndexPage = (
    pk: string,
    attribute: string,
    value: string,
    cursor: string | undefined,
    size: number,
  ) =>
    table.queryOnce(
      {
        index: INDEXES.gsi1,
        pk,
        filter: { expression: '#a = :v', names: { '#a': attribute }, values: { ':v': value } },
      },
      { limit: size, start: decodeJobCursor(cursor) },
    );

  async function backfillUniversityDomain(item: Item): Promise<boolean> {
    const u = universityEntity.schema.safeParse(heldValue(item));
    return u.success ? backfillDomainClaim(table, u.data) : false;
  }

  return {
    async page(cursor, size) {
      const { items, lastKey } = await table.scanOnce({ limit: size, start: decodeJobCursor(cursor) });
      const products: Product[] = [];
      let backfilled = 0;
      for (const item of items) {
        if (await backfill(item)) backfilled++;
        // Listings from before expiry get theirs (decision 030).
        if (await backfillExpiry(table, item, new Date(), expiryDays)) backfilled++;
        // Universities from before the domain claims get theirs (decision 042).
        if (entityOf(item) === 'university' && (await backfillUniversityDomain(item))) backfilled++;
        if (entityOf(item) !== 'product') continue;
        // A malformed product is logged and skipped.
        const product = productEntity.parse(item);
        if (product) products.push(product);
      }
      return { products, backfilled, cursor: encodeJobCursor(lastKey) };
    },

    async universityProducts(universityId, cursor, size) {
      const { items, lastKey } = await table.queryOnce(
        {
          index: INDEXES.gsi6,
          pk: keys.everyProduct(),
          filter: { expression: 'university_id = :u', values: { ':u': universityId } },
        },
        { limit: size, start: decodeJobCursor(cursor) },
      );
      return { items: productEntity.parseAll(items), cursor: encodeJobCursor(lastKey) };
    },

    async universityProfiles(universityId, cursor, size) {
      const { items, lastKey } = await filteredIndexPage(
        keys.profilesPartition,
        'university_id',
        universityId,
        cursor,
        size,
      );
      const userIds = items.map((i) => i.user_id).filter((u): u is string => typeof u === 'string');
      return { userIds, cursor: encodeJobCursor(lastKey) };
    },

    async universitySavedSearches(universityId, cursor, size) {
      const { items, lastKey } = await filteredIndexPage(
        keys.savedSearchesPartition,
        'university',
        universityId,
        cursor,
        size,
      );
      return {
        items: items.flatMap((i) =>
          typeof i.user_id === 'string' && typeof i.id === 'string' ? [{ user_id: i.user_id, id: i.id }] : [],
        ),
        cursor: encodeJobCursor(lastKey),
      };
    },

    async deleteProduct(id) {
      const { attributes } = await table.writeReturning(productEntity.remove({ id }));
      return productEntity.parse(attributes);
    },
  };
}
