import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { entityKey, KEY, keys, TTL_ATTRIBUTE } from '#shared/table';
import {
  IdempotencyKeyTakenError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../../commons/errors';
import { METRIC } from '../../commons/metric-names';
import { countMetric } from '../../commons/observability';
import type { CreateTerms, IdempotencyRecord, IdempotencyStore } from '../../ports/idempotency';
import type { TableAccess } from './client';
import { pruneWindow, windowUse } from './send-windows';

/**
 * Idempotent creates in the table (docs/decisions/041-idempotent-writes.md): a create's own items,
 * its request's first answer (`idempotencyRecord`) and its uses of allowances (`sendWindow`) go in
 * ONE TransactWriteItems, so either all are written or none is. Unlike a record written before the
 * work and deleted on error (Powertools' way), this one cannot be lost when a write lands after its
 * caller gave up: the answer lands with it.
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const recordSchema = z.object({
  request_hash: z.string(),
  status: z.number(),
  body: z.string(),
  claimed_at: z.number(),
  expires_at: z.number(),
});

export function createIdempotencyStore({ doc, tableName }: TableAccess): IdempotencyStore {
  return {
    async get(id, now) {
      const res = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.idempotencyRecord(id.route, id.caller, id.key),
          ConsistentRead: true,
        }),
      );
      const stored = recordSchema.safeParse(res.Item);
      // TTL deletes lazily: an expired record answers nothing.
      if (!stored.success || stored.data.expires_at <= now) return null;
      const { request_hash, status, body, claimed_at, expires_at } = stored.data;
      return { id, requestHash: request_hash, status, body, claimedAt: claimed_at, expiresAt: expires_at };
    },
  };
}

function recordPut(tableName: string, record: IdempotencyRecord): TransactItem {
  const { route, caller, key } = record.id;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...entityKey('idempotencyRecord', keys.idempotencyRecord(route, caller, key)),
        request_hash: record.requestHash,
        status: record.status,
        body: record.body,
        claimed_at: record.claimedAt,
        expires_at: record.expiresAt,
        [TTL_ATTRIBUTE]: Math.ceil(record.expiresAt / 1000),
      },
      // An expired record that TTL has not deleted yet no longer holds its key.
      ConditionExpression: `attribute_not_exists(${KEY.pk}) OR expires_at <= :now`,
      ExpressionAttributeValues: { ':now': record.claimedAt },
    },
  };
}

function cancellationCodes(err: unknown): (string | undefined)[] | null {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return null;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code);
}

/** Rounds of "an allowance was full of old uses, or another transaction held an item: again". */
const CREATE_ROUNDS = 20;

/**
 * Writes a create's `items` (each with its own condition) with its terms, in one transaction.
 * Null when written; the index in `items` of the first whose condition failed (nothing written).
 * A full allowance is a 429 (TooManyRequestsError with its message), the request's answer already
 * stored an IdempotencyKeyTakenError (a twin was written first); nothing is written either way.
 */
export async function transactCreate(
  table: TableAccess,
  items: readonly TransactItem[],
  terms?: CreateTerms,
): Promise<number | null> {
  const { doc, tableName } = table;
  const allowances = terms?.allowances ?? [];
  const recordAt = items.length;
  const firstAllowance = items.length + (terms ? 1 : 0);
  for (let round = 0; round < CREATE_ROUNDS; round += 1) {
    const transaction: TransactItem[] = [
      ...items,
      ...(terms ? [recordPut(tableName, terms.record)] : []),
      ...allowances.map((a) => ({ Update: windowUse(tableName, a.subject, terms!.now, a.max, a.windowMs) })),
    ];
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: transaction }));
      return null;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes) throw err;
      // A twin written first decides the answer, whatever else its write changed (a report exists).
      if (terms && codes[recordAt] === 'ConditionalCheckFailed') throw new IdempotencyKeyTakenError();
      const own = codes.slice(0, items.length).indexOf('ConditionalCheckFailed');
      if (own >= 0) return own;
      const full = allowances.findIndex((_, i) => codes[firstAllowance + i] === 'ConditionalCheckFailed');
      if (full >= 0) {
        const a = allowances[full];
        if ((await pruneWindow(table, a.subject, terms!.now, a.max, a.windowMs)) === 'full') {
          countMetric(METRIC.rateLimitsHit);
          throw new TooManyRequestsError(a.message);
        }
        continue;
      }
      // Another transaction held one of the items (TransactionConflict): again, a moment later.
      if (!codes.includes('TransactionConflict')) throw err;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 20 * (round + 1)));
    }
  }
  throw new ServiceUnavailableError();
}
