import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type Entity, entityOf } from '#shared/table';
import { decodeStreamRecord } from '../adapters/dynamodb/stream-records';
import { countMetric, logger, observe } from '../commons/observability';
import { METRIC } from '../commons/metric-names';
import { MalformedRecordError, type StreamChange } from '../ports/stream';

/** One consumer of the changes of an entity, change by change. */
export type ChangeHandler<Ctx> = (change: StreamChange, ctx: Ctx) => Promise<void>;

/**
 * One consumer of the changes of an entity that takes a run of them at once (one request for the
 * run: the search index's _bulk, the percolation of the new listings; docs/decisions/051). It
 * resolves with the changes it failed, each with its error (a MalformedRecordError: skipped, not
 * retried); the others succeeded. Rejecting fails every change it was given.
 */
export interface BatchChangeHandler<Ctx> {
  batch(changes: readonly StreamChange[], ctx: Ctx): Promise<ReadonlyMap<StreamChange, unknown>>;
}

export type ChangeStep<Ctx> = ChangeHandler<Ctx> | BatchChangeHandler<Ctx>;

/** The consumers of each entity, in order; an entity without any is read and passed over. */
export type ChangeHandlers<Ctx> = { readonly [E in Entity]?: readonly ChangeStep<Ctx>[] };

/** Partitions whose records run at the same time (DynamoDB Local and the table's capacity bound it). */
export const PARTITION_CONCURRENCY = 16;

interface Pending {
  record: DynamoDBRecord;
  change: StreamChange;
  entity: Entity;
}

/**
 * THE consumer of the table's stream (AWS advises at most two readers per shard, so features add
 * handlers here, not consumers). Each record is decoded, its item's entity read from its `entity`
 * attribute (or its key pattern, for items written before they carried one), and handed to that
 * entity's handlers in order. A batch is taken in runs of consecutive records of one entity
 * (records of entities nobody handles are passed over, so they never split a run); the runs in
 * order. Within a run, per-change handlers run record by record for each partition key, in stream
 * order (as DynamoDB keeps one key's changes on one shard), and the partitions side by side (as
 * different shards already run side by side); a batch handler gets the whole run's surviving
 * changes at once (docs/decisions/051). A change whose handler fails skips its later handlers.
 *
 * Lambda's partial-batch contract: the failed records are reported by sequence number and retried
 * (the event source mapping retries from the first of them, a bounded number of times, then sends
 * the record to the on-failure queue); so every handler is idempotent under replays. A malformed
 * record can never succeed, so it is logged and skipped and never blocks the shard.
 */
export function createStreamDispatcher<Ctx>(handlers: ChangeHandlers<Ctx>, context: () => Ctx) {
  const skip = (change: StreamChange, entity: Entity, error: Error) =>
    logger.error('skipping malformed stream record', {
      sequenceNumber: change.sequenceNumber,
      entity,
      error: error.message,
    });

  async function handleBatch(records: DynamoDBRecord[]): Promise<Set<string>> {
    const failed = new Set<string>();
    const runs: Pending[][] = [];
    for (const record of records) {
      let change: StreamChange;
      try {
        change = decodeStreamRecord(record);
      } catch (error) {
        if (!(error instanceof MalformedRecordError)) {
          // Not the record's fault: reported (an unknown identifier makes Lambda retry the batch).
          failed.add(record?.dynamodb?.SequenceNumber ?? '');
          continue;
        }
        logger.error('skipping malformed stream record', {
          sequenceNumber: record?.dynamodb?.SequenceNumber,
          eventID: record?.eventID,
          error: error.message,
        });
        continue;
      }
      const entity = entityOf(change.newImage ?? change.oldImage, change.keys);
      if (!entity || !handlers[entity]?.length) continue;
      const last = runs.at(-1);
      if (last && last[0].entity === entity) last.push({ record, change, entity });
      else runs.push([{ record, change, entity }]);
    }
    for (const run of runs) await handleRun(run, failed);
    return failed;
  }

  /** One entity's run: its handlers in stages (per-change handlers together, each batch handler alone). */
  async function handleRun(run: Pending[], failed: Set<string>): Promise<void> {
    const { entity } = run[0];
    const ctx = context();
    let alive = run.map((p) => p.change);
    const outcome = (change: StreamChange, error: unknown) => {
      alive = alive.filter((c) => c !== change);
      if (error instanceof MalformedRecordError) return skip(change, entity, error);
      countMetric(METRIC.indexerFailures);
      logger.warn('stream record failed; reported for retry', {
        sequenceNumber: change.sequenceNumber,
        entity,
        error: error instanceof Error ? error.message : String(error),
      });
      failed.add(change.sequenceNumber);
    };
    const steps = handlers[entity] ?? [];
    for (let i = 0; i < steps.length && alive.length > 0; ) {
      const step = steps[i];
      if (typeof step !== 'function') {
        const changes = alive;
        let failures: ReadonlyMap<StreamChange, unknown>;
        try {
          failures = await step.batch(changes, ctx);
        } catch (error) {
          failures = new Map(changes.map((c) => [c, error]));
        }
        for (const [change, error] of failures) outcome(change, error);
        i += 1;
        continue;
      }
      let end = i;
      while (end < steps.length && typeof steps[end] === 'function') end += 1;
      const stage = steps.slice(i, end) as ChangeHandler<Ctx>[];
      await eachPartition(alive, async (change) => {
        for (const handle of stage) {
          try {
            await handle(change, ctx);
          } catch (error) {
            outcome(change, error);
            return;
          }
        }
      });
      i = end;
    }
  }

  // A batch whose every record failed is still a partial-batch answer, not a thrown error: the
  // mapping then bisects and retries exactly as for one failure.
  const base = async (
    event: DynamoDBStreamEvent,
    _lambdaContext: Context,
  ): Promise<DynamoDBBatchResponse> => {
    const records = event.Records ?? [];
    const failed = await handleBatch(records);
    return {
      batchItemFailures: records
        .map((r) => r?.dynamodb?.SequenceNumber ?? '')
        .filter((sequence) => failed.has(sequence))
        .map((itemIdentifier) => ({ itemIdentifier })),
    };
  };

  return middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>(base).use(
    observe<DynamoDBStreamEvent, DynamoDBBatchResponse>(),
  );
}

/** The changes by partition key, each partition's in order, up to PARTITION_CONCURRENCY partitions at once. */
async function eachPartition(
  changes: readonly StreamChange[],
  handle: (change: StreamChange) => Promise<void>,
): Promise<void> {
  const partitions = new Map<unknown, StreamChange[]>();
  for (const change of changes) {
    const list = partitions.get(change.keys.pk);
    if (list) list.push(change);
    else partitions.set(change.keys.pk, [change]);
  }
  const queue = [...partitions.values()];
  const worker = async () => {
    for (let list = queue.shift(); list; list = queue.shift())
      for (const change of list) await handle(change);
  };
  await Promise.all(Array.from({ length: Math.min(PARTITION_CONCURRENCY, queue.length) }, worker));
}
