import { INDEXES, keys } from '#shared/table';
import type { Product } from '#shared/schemas';
import type { Deal, DealRepository } from '../../ports/deals';
import type { TableAccess } from './client';
import {
  dealEntity,
  dealWhile,
  interestEntity,
  productEntity,
  productWhile,
  reputationAdded,
} from './entities';
import { absent, present } from './entity';
import { settled, tableOf, type WriteOp } from './table';

/** A lost race between two transactions on the same deal is sent again this many times. */
const CONFLICT_RETRIES = 2;

export function createDealRepository(access: TableAccess): DealRepository {
  const table = tableOf(access);
  return {
    async get(productId) {
      return dealEntity.get(table, { product_id: productId }, { consistent: true });
    },

    async getMany(productIds) {
      const items = await table.batchGet(productIds.map((id) => keys.deal(id)));
      return items.map((i) => dealEntity.parse(i));
    },

    async listOfBuyer(buyerId, limit) {
      const { items } = await table.queryOnce(
        { index: INDEXES.gsi1, pk: keys.dealsOf(buyerId), newestFirst: true },
        { limit },
      );
      return dealEntity.parseAll(items);
    },

    async changeStatus(product, to, change) {
      const next: Product = { ...product, status: to };
      // The product as read (its seller's, same status, not held): a concurrent change wins.
      const ops: WriteOp[] = [
        productEntity.put(next, {
          condition: productWhile.sellersToChange(product.owner_id ?? '', product.status),
        }),
      ];
      let deal: Deal | null = null;
      if (change.kind === 'name') {
        deal = change.deal;
        ops.push(
          change.replacing
            ? dealEntity.put(deal, { condition: dealWhile.asRead(change.replacing) })
            : dealEntity.create(deal),
          // Only someone who came for the listing can be named: the record must still be there.
          interestEntity.check({ product_id: product.id, user_id: deal.buyer_id }, present),
        );
      } else if (change.kind === 'drop') {
        ops.push(dealEntity.remove({ product_id: product.id }, dealWhile.asRead(change.deal)));
      } else {
        // The deal stays as read (none, or none appearing meanwhile).
        ops.push(
          dealEntity.check({ product_id: product.id }, change.deal ? dealWhile.asRead(change.deal) : absent),
        );
        deal = change.deal;
      }
      const written = settled(await table.transact(ops, { conflictRetries: CONFLICT_RETRIES }));
      return written ? { product: next, deal } : null;
    },

    async settle(current, next, opts) {
      const ops: WriteOp[] = [dealEntity.put(next, { condition: dealWhile.withReviewsAsRead(current) })];
      if (opts?.sell) {
        ops.push(
          productEntity.put(
            { ...opts.sell, status: 'sold' },
            { condition: productWhile.sellersToChange(current.seller_id, opts.sell.status) },
          ),
        );
      }
      if (next.state === 'confirmed' && current.state !== 'confirmed') {
        ops.push(
          reputationAdded(current.seller_id, { deals_sold: 1 }),
          reputationAdded(current.buyer_id, { deals_bought: 1 }),
        );
      }
      return settled(await table.transact(ops, { conflictRetries: CONFLICT_RETRIES }));
    },
  };
}
