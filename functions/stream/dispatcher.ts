import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type Entity, entityOf } from '#shared/table';
import { decodeStreamRecord } from '../adapters/dynamodb/stream-records';
import { countMetric, logger, observe } from '../commons/observability';
import { METRIC } from '../commons/metric-names';
import { MalformedRecordError, type StreamChange } from '../ports/stream';

/** One consumer of the changes of an entity (search indexing today; counters and alerts later). */
export type ChangeHandler<Ctx> = (change: StreamChange, ctx: Ctx) => Promise<void>;

/** The consumers of each entity; an entity without any is read and passed over. */
export type ChangeHandlers<Ctx> = { readonly [E in Entity]?: readonly ChangeHandler<Ctx>[] };

/**
 * THE consumer of the table's stream (AWS advises at most two readers per shard, so features add
 * handlers here, not consumers). Each record is decoded, its item's entity read from its `entity`
 * attribute (or its key pattern, for items written before they carried one), and handed to that
 * entity's handlers in order. Lambda's partial-batch contract through Powertools' BatchProcessor: a
 * record whose handler fails is reported by its sequence number and retried (the event source
 * mapping bisects, retries a bounded number of times, then sends it to the on-failure queue); a
 * malformed record can never succeed, so it is logged and skipped and never blocks the shard.
 * Records are processed one after another: a product's changes must reach the index in order.
 */
export function createStreamDispatcher<Ctx>(handlers: ChangeHandlers<Ctx>, context: () => Ctx) {
  async function handleRecord(record: DynamoDBRecord): Promise<void> {
    let change: StreamChange;
    try {
      change = decodeStreamRecord(record);
    } catch (error) {
      if (!(error instanceof MalformedRecordError)) throw error;
      logger.error('skipping malformed stream record', {
        sequenceNumber: record?.dynamodb?.SequenceNumber,
        eventID: record?.eventID,
        error: error.message,
      });
      return;
    }
    const entity = entityOf(change.newImage ?? change.oldImage, change.keys);
    for (const handle of (entity && handlers[entity]) || []) {
      try {
        await handle(change, context());
      } catch (error) {
        if (error instanceof MalformedRecordError) {
          logger.error('skipping malformed stream record', {
            sequenceNumber: change.sequenceNumber,
            entity,
            error: error.message,
          });
          return;
        }
        countMetric(METRIC.indexerFailures);
        logger.warn('stream record failed; reported for retry', {
          sequenceNumber: change.sequenceNumber,
          entity,
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    }
  }

  // A processor per invocation: it holds the batch's outcomes, and in one process (the local stack,
  // tests) two invocations may overlap, e.g. the poller's beside a direct one.
  const base = (event: DynamoDBStreamEvent, lambdaContext: Context): Promise<DynamoDBBatchResponse> =>
    processPartialResponse(
      { Records: event.Records ?? [] },
      handleRecord,
      new BatchProcessor(EventType.DynamoDBStreams, { logger }),
      {
        context: lambdaContext,
        processInParallel: false,
        // A batch whose every record failed is still a partial-batch answer, not a thrown error:
        // the mapping then bisects and retries exactly as for one failure.
        throwOnFullBatchFailure: false,
      },
    ) as Promise<DynamoDBBatchResponse>;

  return middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>(base).use(
    observe<DynamoDBStreamEvent, DynamoDBBatchResponse>(),
  );
}
