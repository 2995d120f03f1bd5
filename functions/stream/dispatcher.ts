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

/** A sequence of consumers, in order: a change one of them fails skips the later ones. */
export type Lane<Ctx> = readonly ChangeStep<Ctx>[];

/** The consumers of an entity's changes (docs/decisions/051, fourth pass). */
export interface EntityHandlers<Ctx> {
  /**
   * Whether the handlers act on a change at all (default: every change). A change they would pass
   * over is dropped as the batch is cut into runs: it neither splits a run nor reaches them. Pure
   * and cheap: it reads the change's images, never a store.
   */
  readonly concerns?: (change: StreamChange) => boolean;
  /** Lanes run side by side on the same run: independent consumers (different stores, own failures). */
  readonly lanes: readonly Lane<Ctx>[];
  /**
   * After every lane, for the changes none of them failed: a consumer a replay must not repeat
   * (a mail), so another lane's failure, which retries the change, never runs it twice.
   */
  readonly last?: Lane<Ctx>;
}

/** The consumers of each entity; an entity without any is read and passed over. */
export type ChangeHandlers<Ctx> = { readonly [E in Entity]?: EntityHandlers<Ctx> };

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
 * entity's handlers. A batch is taken in runs of consecutive records of one entity, the runs in
 * order; records nobody handles, and records their entity's handlers would pass over (its
 * `concerns`, e.g. a saved search's 'Nuevos para ti' written by the alerts), are dropped first, so
 * they never split a run (dropping a change that does nothing changes no outcome, so the order of
 * every change that acts is kept).
 *
 * A run goes through the entity's lanes side by side (independent consumers: the product's listing
 * counts beside its search index and alerts), each lane's steps in order; then through its `last`
 * steps, for the changes no lane failed. Within a step, per-change handlers run record by record
 * for each partition key, in stream order (as DynamoDB keeps one key's changes on one shard), and
 * the partitions side by side (as different shards already run side by side); a batch handler gets
 * the lane's surviving changes of the run at once (docs/decisions/051). A change whose handler
 * fails skips its later handlers in that lane (and the `last` steps); it is reported failed when
 * any lane fails it, and its retry runs every lane again.
 *
 * Lambda's partial-batch contract: the failed records are reported by sequence number and retried
 * (the event source mapping retries from the first of them, a bounded number of times, then sends
 * the record to the on-failure queue); so every handler is idempotent under replays. A malformed
 * record can never succeed, so it is logged and skipped and never blocks the shard.
 */
export function createStreamDispatcher<Ctx>(handlers: ChangeHandlers<Ctx>, context: () => Ctx) {
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
      const handling = entity ? handlers[entity] : undefined;
      if (!entity || !handling || (handling.concerns && !handling.concerns(change))) continue;
      const last = runs.at(-1);
      if (last && last[0].entity === entity) last.push({ record, change, entity });
      else runs.push([{ record, change, entity }]);
    }
    for (const run of runs) await handleRun(run, failed);
    return failed;
  }

  /** One entity's run: its lanes side by side, then its `last` steps for the changes none failed. */
  async function handleRun(run: Pending[], failed: Set<string>): Promise<void> {
    const { entity } = run[0];
    const { lanes, last = [] } = handlers[entity] as EntityHandlers<Ctx>;
    const ctx = context();
    const changes = run.map((p) => p.change);
    const failures = new Map<StreamChange, unknown>();
    // A lane's error worth a retry outranks another's malformed verdict (that lane skips it again).
    const note = (laneFailures: ReadonlyMap<StreamChange, unknown>) => {
      for (const [change, error] of laneFailures)
        if (!failures.has(change) || failures.get(change) instanceof MalformedRecordError)
          failures.set(change, error);
    };
    for (const laneFailures of await Promise.all(lanes.map((lane) => runLane(lane, changes, ctx))))
      note(laneFailures);
    if (last.length > 0)
      note(
        await runLane(
          last,
          changes.filter((c) => !failures.has(c)),
          ctx,
        ),
      );
    for (const change of changes) {
      if (!failures.has(change)) continue;
      const error = failures.get(change);
      if (error instanceof MalformedRecordError) {
        logger.error('skipping malformed stream record', {
          sequenceNumber: change.sequenceNumber,
          entity,
          error: error.message,
        });
        continue;
      }
      countMetric(METRIC.indexerFailures);
      logger.warn('stream record failed; reported for retry', {
        sequenceNumber: change.sequenceNumber,
        entity,
        error: error instanceof Error ? error.message : String(error),
      });
      failed.add(change.sequenceNumber);
    }
  }

  /**
   * One lane over a run: its steps in stages (per-change handlers together, each batch handler
   * alone). Resolves with the changes it failed, each with its first error.
   */
  async function runLane(
    steps: Lane<Ctx>,
    changes: readonly StreamChange[],
    ctx: Ctx,
  ): Promise<Map<StreamChange, unknown>> {
    const failures = new Map<StreamChange, unknown>();
    let alive = changes;
    const fail = (change: StreamChange, error: unknown) => {
      alive = alive.filter((c) => c !== change);
      failures.set(change, error);
    };
    for (let i = 0; i < steps.length && alive.length > 0; ) {
      const step = steps[i];
      if (typeof step !== 'function') {
        const given = alive;
        let stepFailures: ReadonlyMap<StreamChange, unknown>;
        try {
          stepFailures = await step.batch(given, ctx);
        } catch (error) {
          stepFailures = new Map(given.map((c) => [c, error]));
        }
        for (const [change, error] of stepFailures) fail(change, error);
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
            fail(change, error);
            return;
          }
        }
      });
      i = end;
    }
    return failures;
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
