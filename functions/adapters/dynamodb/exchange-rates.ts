import { keys } from '#shared/table';
import type { ExchangeRateStore } from '../../ports/exchange-rates';
import type { TableAccess } from './client';
import { absent } from './entity';
import { auditEntity, exchangeRateEntity } from './entities';
import { type SortCondition, tableOf } from './table';

/** The rate history: `RATE#USD` / `DATE#<yyyy-mm-dd>`, so the newest is one Query (decision 033). */
export function createExchangeRateStore(access: TableAccess): ExchangeRateStore {
  const table = tableOf(access);
  const dateKey = (date: string) => exchangeRateEntity.key({ date }).sk;

  /** The first rate of a date range, newest first or oldest first: one Query, Limit 1. */
  const first = async (sk: SortCondition, newestFirst = true) => {
    const { items } = await table.queryOnce(
      { pk: keys.exchangeRatePartition, sk, newestFirst },
      { limit: 1 },
    );
    return exchangeRateEntity.parse(items[0]);
  };

  return {
    newestOnOrBefore: (date) => first({ lte: dateKey(date) }),
    newestBefore: (date) => first({ lt: dateKey(date) }),
    oldestAfter: (date) => first({ gt: dateKey(date) }, false),

    get: (date) => exchangeRateEntity.get(table, { date }, { consistent: true }),

    async history(limit) {
      const { items } = await table.queryOnce(
        { pk: keys.exchangeRatePartition, newestFirst: true },
        { limit },
      );
      return exchangeRateEntity.parseAll(items);
    },

    async put(next, current, audit) {
      const outcome = await table.transact([
        current
          ? exchangeRateEntity.put(next, {
              condition: { expression: 'recorded_at = :at', values: { ':at': current.recorded_at } },
            })
          : exchangeRateEntity.put(next, { condition: absent }),
        auditEntity.create(audit),
      ]);
      if (outcome.ok) return true;
      if (outcome.failed === 0) return false;
      throw new Error(`exchange rate transaction cancelled: ${outcome.reasons.join(', ')}`);
    },
  };
}
