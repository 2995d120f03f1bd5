import { INDEXES, keys } from '#shared/table';
import type { Interest } from '../../ports/deals';
import type { InterestRepository } from '../../ports/deals';
import type { TableAccess } from './client';
import { interestCame, interestEntity, type StoredInterest } from './entities';
import { tableOf } from './table';

const asInterest = (i: StoredInterest): Interest => ({
  product_id: i.product_id,
  user_id: i.user_id,
  contacted_at: i.contacted_at ?? null,
  asked_at: i.asked_at ?? null,
  last_at: i.last_at,
});

export function createInterestRepository(access: TableAccess): InterestRepository {
  const table = tableOf(access);
  return {
    async record(productId, userId, kind, at) {
      await table.write(interestCame(productId, userId, kind, at));
    },

    async has(productId, userId) {
      return (
        (await interestEntity.get(
          table,
          { product_id: productId, user_id: userId },
          { consistent: true },
        )) !== null
      );
    },

    async listOfProduct(productId) {
      const stored = await interestEntity.queryAll(table, {
        pk: keys.productPartition(productId),
        sk: { beginsWith: keys.interestPrefix },
        consistent: true,
      });
      return stored.map(asInterest);
    },

    async listOfPerson(userId, limit) {
      const { items } = await table.queryOnce(
        { index: INDEXES.gsi1, pk: keys.interestsOf(userId), newestFirst: true },
        { limit },
      );
      return interestEntity.parseAll(items).map(asInterest);
    },
  };
}
