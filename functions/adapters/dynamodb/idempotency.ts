import {
  IdempotencyKeyTakenError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../../commons/errors';
import { METRIC } from '../../commons/metric-names';
import { countMetric } from '../../commons/observability';
import type { CreateTerms, IdempotencyRecord, IdempotencyStore } from '../../ports/idempotency';
import type { TableAccess } from './client';
import { idempotencyRecordEntity } from './entities';
import { pruneWindow, windowUse } from './send-windows';
import { type Table, tableOf, type WriteOp } from './table';

/**
 * Idempotent creates in the table (docs/decisions/041-idempotent-writes.md): a create's own items,
 * its request's first answer (`idempotencyRecord`) and its uses of allowances (`sendWindow`) go in
 * ONE TransactWriteItems, so either all are written or none is. Unlike a record written before the
 * work and deleted on error (Powertools' way), this one cannot be lost when a write lands after its
 * caller gave up: the answer lands with it.
 */

export function createIdempotencyStore(access: TableAccess): IdempotencyStore {
  const table = tableOf(access);
  return {
    async get(id, now) {
      const stored = await idempotencyRecordEntity.get(table, id, { consistent: true });
      // TTL deletes lazily: an expired record answers nothing.
      if (!stored || stored.expires_at <= now) return null;
      const { request_hash, status, body, claimed_at, expires_at } = stored;
      return { id, requestHash: request_hash, status, body, claimedAt: claimed_at, expiresAt: expires_at };
    },
  };
}

function recordPut(record: IdempotencyRecord): WriteOp {
  return idempotencyRecordEntity.put(
    {
      request_hash: record.requestHash,
      status: record.status,
      body: record.body,
      claimed_at: record.claimedAt,
      expires_at: record.expiresAt,
    },
    {
      key: record.id,
      // An expired record that TTL has not deleted yet no longer holds its key.
      condition: {
        expression: 'attribute_not_exists(#idpk) OR expires_at <= :claimedAt',
        names: { '#idpk': 'pk' },
        values: { ':claimedAt': record.claimedAt },
      },
    },
  );
}

/** Rounds of "an allowance was full of old uses: drop them, again". */
const CREATE_ROUNDS = 20;
/** Times a create that lost a race to another transaction is sent again. */
const CONFLICT_RETRIES = 20;

/**
 * Writes a create's `items` (each with its own condition) with its terms, in one transaction.
 * Null when written; the index in `items` of the first whose condition failed (nothing written).
 * A full allowance is a 429 (TooManyRequestsError with its message), the request's answer already
 * stored an IdempotencyKeyTakenError (a twin was written first); nothing is written either way.
 */
export async function transactCreate(
  table: Table,
  items: readonly WriteOp[],
  terms?: CreateTerms,
): Promise<number | null> {
  const allowances = terms?.allowances ?? [];
  const recordAt = items.length;
  const firstAllowance = items.length + (terms ? 1 : 0);
  for (let round = 0; round < CREATE_ROUNDS; round += 1) {
    const outcome = await table.transact(
      [
        ...items,
        ...(terms ? [recordPut(terms.record)] : []),
        ...allowances.map((a) => windowUse(a.subject, terms!.now, a.max, a.windowMs)),
      ],
      { conflictRetries: CONFLICT_RETRIES },
    );
    if (outcome.ok) return null;
    const { reasons } = outcome;
    // A twin written first decides the answer, whatever else its write changed (a report exists).
    if (terms && reasons[recordAt] === 'ConditionalCheckFailed') throw new IdempotencyKeyTakenError();
    const own = reasons.slice(0, items.length).indexOf('ConditionalCheckFailed');
    if (own >= 0) return own;
    const full = allowances.findIndex((_, i) => reasons[firstAllowance + i] === 'ConditionalCheckFailed');
    if (full >= 0) {
      const a = allowances[full];
      if ((await pruneWindow(table, a.subject, terms!.now, a.max, a.windowMs)) === 'full') {
        countMetric(METRIC.rateLimitsHit);
        throw new TooManyRequestsError(a.message);
      }
      continue;
    }
    // Other transactions kept holding one of the items (TransactionConflict): busy, try later.
    if (outcome.conflict) break;
    throw new Error(`Transaction cancelled: ${reasons.join(', ')}`);
  }
  throw new ServiceUnavailableError();
}
