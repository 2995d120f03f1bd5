import { caracasDate } from '#shared/caracas-time';
import { exchangeRateEntity } from '../../functions/adapters/dynamodb/entities';
import { createExchangeRateStore } from '../../functions/adapters/dynamodb/exchange-rates';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { type ExchangeRate, isRateStale, lastBusinessDay } from '#shared/exchange-rate';
import { tableOf } from '../../functions/adapters/dynamodb/table';

/** The demo's BCV rate when the table has none (Bs. per US$: US$ 12,50 ≈ Bs. 6.585,88). */
export const DEMO_RATE = 526.8704;

/**
 * The demo carries a dated BCV rate that is never stale (decision 033): at each start, when the newest
 * rate dated today or earlier is missing or older than 3 business days, the last business day gets
 * one (the newest's figure, else DEMO_RATE). A rate an admin entered is newer and left alone; the
 * write is conditional, so a date already stored is never replaced. Returns the rate written, if any.
 */
export async function ensureDemoRate(table: TableAccess, now = new Date()): Promise<ExchangeRate | null> {
  const store = createExchangeRateStore(table);
  const today = caracasDate(now);
  const newest = await store.newestOnOrBefore(today);
  if (newest && !isRateStale(newest.date, now)) return null;
  const rate: ExchangeRate = {
    date: lastBusinessDay(today),
    rate: newest?.rate ?? DEMO_RATE,
    source: 'bcv',
    recorded_at: now.toISOString(),
    recorded_by: null,
  };
  return (await tableOf(table).write(exchangeRateEntity.create(rate))) ? rate : null;
}
