import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ExchangeRate } from '#shared/exchange-rate';
import { exchangeRateSchema } from '#shared/exchange-rate-schemas';
import { entityKey, KEY, keys } from '#shared/table';
import { logger } from '../../commons/observability';
import type { ExchangeRateStore } from '../../ports/exchange-rates';
import { auditItem } from './admin';
import type { TableAccess } from './client';
import { stripKeys } from './items';

const toRate = (item: Record<string, unknown> | undefined): ExchangeRate | null => {
  if (!item) return null;
  const parsed = exchangeRateSchema.safeParse(stripKeys(item));
  if (parsed.success) return parsed.data;
  logger.warn('skipping malformed exchange rate item', { sk: item.sk });
  return null;
};

export const exchangeRateItem = (r: ExchangeRate) => ({
  ...exchangeRateSchema.parse(r),
  ...entityKey('exchangeRate', keys.exchangeRate(r.date)),
});

/** The rate history: `RATE#USD` / `DATE#<yyyy-mm-dd>`, so the newest is one Query (decision 033). */
export function createExchangeRateStore(table: TableAccess): ExchangeRateStore {
  const { doc, tableName } = table;

  /** The first rate of a date range, newest first or oldest first: one Query, Limit 1. */
  const first = async (condition: string, date: string, newestFirst = true) => {
    const out = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: `${KEY.pk} = :pk AND ${condition}`,
        ExpressionAttributeValues: { ':pk': keys.exchangeRatePartition, ':sk': keys.exchangeRate(date).sk },
        ScanIndexForward: !newestFirst,
        Limit: 1,
      }),
    );
    return toRate(out.Items?.[0]);
  };

  return {
    newestOnOrBefore: (date) => first(`${KEY.sk} <= :sk`, date),
    newestBefore: (date) => first(`${KEY.sk} < :sk`, date),
    oldestAfter: (date) => first(`${KEY.sk} > :sk`, date, false),

    async get(date) {
      const out = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.exchangeRate(date), ConsistentRead: true }),
      );
      return toRate(out.Item);
    },

    async history(limit) {
      const out = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: `${KEY.pk} = :pk`,
          ExpressionAttributeValues: { ':pk': keys.exchangeRatePartition },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map(toRate).filter((r): r is ExchangeRate => r !== null);
    },

    async put(next, current, audit) {
      const condition = current
        ? {
            ConditionExpression: 'recorded_at = :at',
            ExpressionAttributeValues: { ':at': current.recorded_at },
          }
        : { ConditionExpression: `attribute_not_exists(${KEY.pk})` };
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: exchangeRateItem(next), ...condition } },
              {
                Put: {
                  TableName: tableName,
                  Item: auditItem(audit),
                  ConditionExpression: `attribute_not_exists(${KEY.pk})`,
                },
              },
            ],
          }),
        );
        return true;
      } catch (err) {
        const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (
          err instanceof Error &&
          err.name === 'TransactionCanceledException' &&
          reasons[0]?.Code === 'ConditionalCheckFailed'
        )
          return false;
        throw err;
      }
    },
  };
}
