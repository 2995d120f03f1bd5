import type { Product } from '#shared/schemas';
import { ENTITY_ATTRIBUTE, INDEXES, isListed, keys, productListingKey } from '#shared/table';
import { fold } from '#shared/text';
import type { Page, ProductListingScope, ProductRepository } from '../../ports/repositories';
import type { TableAccess } from './client';

import { transactCreate } from './idempotency';
import { settled, tableOf } from './table';
import { cursorKeyOf, decodeDynamoCursor, encodeDynamoCursor } from './cursor';
import {
  auditEntity,
  PRODUCT_LISTING_ATTRIBUTES,
  productCounterEntity,
  productEntity,
  productWhile,
  universityIsOpen,
} from './entities';

/** Items the admin's product list reads at most per request when filters skip most of them. */
export const PRODUCT_SCAN_BUDGET = 600;

export function createProductRepository(access: TableAccess): ProductRepository {
  const table = tableOf(access);
  const counter = {} as Record<string, never>;
  return {
    async nextId() {
      // ADD is atomic: concurrent callers always get distinct values, and it creates the counter.
      const res = await table.writeReturning(
        productCounterEntity.update(
          counter,
          {
            expression: 'ADD #v :one SET #e = :entity',
            names: { '#v': 'last_id', '#e': ENTITY_ATTRIBUTE },
            values: { ':one': 1, ':entity': 'counter' },
          },
          { upsert: true },
        ),
      );
      const value = res.attributes?.last_id;
      if (typeof value !== 'number') throw new Error('Product id counter returned no number');
      return value;
    },

    async raiseIdFloor(id) {
      // Conditional, so the counter only ever moves up (an import of old ids never lowers it).
      await table.write(
        productCounterEntity.update(
          counter,
          {
            expression: 'SET #v = :id, #e = :entity',
            names: { '#v': 'last_id', '#e': ENTITY_ATTRIBUTE },
            values: { ':id': id, ':entity': 'counter' },
          },
          { upsert: true, condition: { expression: 'attribute_not_exists(#v) OR #v < :id' } },
        ),
      );
    },

    get: (id, opts) => productEntity.get(table, { id }, opts),

    async getMany(ids, opts) {
      const items = await table.batchGet(
        ids.map((id) => productEntity.key({ id })),
        opts,
      );
      return items.map((item) => productEntity.parse(item));
    },

    putIfAbsent: (product) => table.write(productEntity.create(product)),

    async publish(product, sellerDomain, terms) {
      const failed = await transactCreate(
        table,
        [
          productEntity.create(product),
          // A university being deleted takes no new listing: its deletion job could miss it.
          universityIsOpen(product.university_id, sellerDomain),
        ],
        terms,
      );
      if (failed === 0) return 'idTaken';
      if (failed === 1) return 'closed';
      return 'created';
    },

    async listActive(scope: ProductListingScope, order, limit, cursor): Promise<Page<Product>> {
      const { index, pk } = productListingKey(scope);
      const page = await productEntity.queryPage(
        table,
        { index, pk, newestFirst: order !== 'oldest' },
        { limit, cursor },
      );
      return { items: page.items.filter(isListed), nextCursor: page.nextCursor };
    },

    async listByOwner(ownerId, limit) {
      // Page after page: one Query page ends at 1 MB, well before `limit` listings with photos.
      const items = await table.queryAll(
        { index: INDEXES.gsi5, pk: keys.byOwner(ownerId), newestFirst: true },
        { max: limit },
      );
      return productEntity.parseAll(items);
    },

    setSellerRating(id, ownerId, rating) {
      // One attribute, not the whole item: no other writer's change is undone. A whole-item write
      // from an older read may put an older rating back; the stream's product lane re-stamps it.
      return table.write(
        productEntity.update(
          { id },
          rating
            ? { expression: 'SET seller_rating = :rating', values: { ':rating': rating } }
            : { expression: 'REMOVE seller_rating' },
          { condition: productWhile.ownedBy(ownerId) },
        ),
      );
    },

    async changeStatus(id, ownerId, from, to) {
      const current = await productEntity.get(table, { id }, { consistent: true });
      // A product held for review by reports is the admin's to change until released.
      if (!current || current.owner_id !== ownerId || current.status !== from || current.held_at) return null;
      const next: Product = { ...current, status: to };
      // The whole item is rewritten so the sparse index attributes match the new status; the
      // condition makes a concurrent change (or a change of owner) win instead of being undone.
      const written = await table.write(
        productEntity.put(next, { condition: productWhile.sellersToChange(ownerId, from) }),
      );
      return written ? next : null;
    },

    async hold(id, at, releasedAt) {
      // The listing index attributes go: the product leaves every listing at once and, through the
      // stream, its counts and the search index. gsi7 (the expiry job's) stays: a held listing
      // still expires on time (decision 030).
      return table.write(
        productEntity.update(
          { id },
          {
            expression: `SET held_at = :at REMOVE ${PRODUCT_LISTING_ATTRIBUTES.join(', ')}`,
            values: { ':at': at },
          },
          { condition: productWhile.holdable(releasedAt) },
        ),
      );
    },

    async releaseHold(id, at) {
      const current = await productEntity.get(table, { id }, { consistent: true });
      if (!current?.held_at) return null;
      const next: Product = { ...current, held_at: undefined, hold_released_at: at };
      // The whole item again, so the listing index attributes come back if it is still active.
      const written = await table.write(
        productEntity.put(next, { condition: productWhile.heldSince(current.held_at) }),
      );
      return written ? next : null;
    },

    async listEvery(filter, limit, cursor) {
      // Every product of every status, newest first (gsi6), filtered as read: a bounded number of
      // items per request however few match, with a cursor where the reading stopped.
      const index = INDEXES.gsi6;
      const pk = keys.everyProduct();
      let start: Record<string, unknown> | undefined = cursor
        ? decodeDynamoCursor(cursor, index, pk)
        : undefined;
      const out: Product[] = [];
      let read = 0;
      const matches = (p: Product) =>
        (!filter.status || p.status === filter.status) &&
        (!filter.university || p.university_id === filter.university) &&
        (!filter.words?.length || filter.words.every((w) => fold(p.title).includes(w)));
      while (out.length < limit && read < PRODUCT_SCAN_BUDGET) {
        const page = await table.queryOnce(
          { index, pk, newestFirst: true },
          { limit: Math.min(PRODUCT_SCAN_BUDGET - read, Math.max(limit - out.length, 50) + 1), start },
        );
        read += page.items.length;
        let stoppedAt: Record<string, unknown> | undefined;
        for (const item of page.items) {
          const product = productEntity.parse(item);
          if (product && matches(product)) {
            // One more match exists: the page ends at the previous item.
            if (out.length === limit) return { items: out, nextCursor: encodeDynamoCursor(index, stoppedAt) };
            out.push(product);
          }
          stoppedAt = cursorKeyOf(index, item);
        }
        start = page.lastKey;
        if (!start) return { items: out, nextCursor: null };
        // The page is full; whether more match is unknown without reading on: hand a cursor.
        if (out.length === limit) return { items: out, nextCursor: encodeDynamoCursor(index, stoppedAt) };
      }
      return { items: out, nextCursor: encodeDynamoCursor(index, start) };
    },

    async replace(current, next, audits) {
      const outcome = await table.transact([
        productEntity.put(next, { condition: productWhile.asRead(current) }),
        ...audits.map((a) => auditEntity.create(a)),
      ]);
      return settled(outcome);
    },

    async remove(current, audits) {
      const outcome = await table.transact([
        productEntity.remove(current, productWhile.asRead(current)),
        ...audits.map((a) => auditEntity.create(a)),
      ]);
      return settled(outcome);
    },

    async deleteOwned(id, ownerId) {
      const res = await table.writeReturning(productEntity.remove({ id }, productWhile.ownedBy(ownerId)));
      return res.ok ? productEntity.parse(res.attributes) : null;
    },
  };
}
