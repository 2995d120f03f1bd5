import {
  type AttributeValue,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue as LambdaAttributeValue, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import * as z from 'zod';
import { logger, sdkLogger } from '../../functions/commons/observability';
import { type FilterPattern, passesFilters } from '../../functions/stream/filter';
import { createSleeper, pauseAfter } from './pause';

/**
 * The local stand-in for Lambda's DynamoDB event source mapping: reads the table's stream on
 * DynamoDB Local, builds exactly the DynamoDBStreamEvent Lambda delivers, invokes the SAME handler,
 * and honours the partial-failure contract like a mapping with reportBatchItemFailures,
 * maximumRetryAttempts and an on-failure destination: a reported record is retried (with every
 * record after it, in order) a bounded number of times, then "sent to the on-failure destination"
 * (logged) and skipped, so one poison record never blocks the shard.
 *
 * Like a mapping with filter criteria, it drops the records no pattern matches before batching, so
 * a batch is up to `batchSize` kept records, gathered over as many reads as the shard has ready
 * (it does not wait for more: a batching window of 0).
 *
 * Start it BEFORE a full reindex: shards start at LATEST, so writes made meanwhile are not missed.
 */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<unknown>;

export interface StreamPollerOptions {
  endpoint: string;
  streamArn: string;
  handler: StreamHandler;
  /** Records per invocation (after the filters). @default 100 */
  batchSize?: number;
  /**
   * The mapping's event filter patterns (Lambda's rule: a record is kept when any matches); the
   * records dropped are read past and never delivered. @default none: every record
   */
  filters?: readonly FilterPattern[];
  /** Pause between polls of an idle stream. @default 200 */
  intervalMs?: number;
  /** Retries of a failed record before it goes to the on-failure destination. @default 3 */
  maxRetryAttempts?: number;
  /** Longest pause between polls while the stream cannot be read. @default 10000 */
  maxBackoffMs?: number;
  /** The stream client's attempts per call (the SDK's own retries). @default the SDK's */
  maxAttempts?: number;
  region?: string;
}

export interface StreamPoller {
  /**
   * Stops delivering (a backlog builds up in the stream, as while a mapping is disabled or its
   * function failing); resolves once the poll under way, if any, has delivered.
   */
  hold(): Promise<void>;
  /** Delivers again, starting with the backlog. */
  release(): void;
  stop(): Promise<void>;
}

interface ShardState {
  id: string;
  iterator: string | undefined;
  lastSequence?: string;
  closed: boolean;
}

const batchResponseSchema = z
  .object({ batchItemFailures: z.array(z.object({ itemIdentifier: z.string() })).optional() })
  .nullish();

/** SDK attribute values → the JSON shape Lambda delivers (binary as base64 text). */
function toLambdaValue(value: AttributeValue): LambdaAttributeValue {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaValue) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  return { NULL: true };
}

function toLambdaImage(image: Record<string, AttributeValue>): Record<string, LambdaAttributeValue> {
  const out: Record<string, LambdaAttributeValue> = {};
  for (const [k, v] of Object.entries(image)) out[k] = toLambdaValue(v);
  return out;
}

export function toLambdaRecord(record: _Record, streamArn: string, region: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? region,
    dynamodb: {
      ...(d.ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(d.ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
      ...(d.Keys ? { Keys: toLambdaImage(d.Keys) } : {}),
      ...(d.NewImage ? { NewImage: toLambdaImage(d.NewImage) } : {}),
      ...(d.OldImage ? { OldImage: toLambdaImage(d.OldImage) } : {}),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
    eventSourceARN: streamArn,
  };
}

export async function startStreamPoller(opts: StreamPollerOptions): Promise<StreamPoller> {
  const region = opts.region ?? 'us-east-1';
  const batchSize = opts.batchSize ?? 100;
  const filters = opts.filters ?? [];
  const intervalMs = opts.intervalMs ?? 200;
  const maxRetries = opts.maxRetryAttempts ?? 3;
  const maxBackoffMs = opts.maxBackoffMs ?? 10_000;
  const client = new DynamoDBStreamsClient({
    endpoint: opts.endpoint,
    // Without it the SDK masks a copy of every read (a thousand records with their images) for a
    // default logger that drops it: a fifth of the local stack's CPU while a backlog drains.
    logger: sdkLogger,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
  });
  const shards = new Map<string, ShardState>();
  let stopped = false;
  let held = false;
  /** Resolves the hold() calls waiting for the poll under way. */
  const idle: (() => void)[] = [];
  const sleeper = createSleeper();

  async function listShards(): Promise<Shard[]> {
    const all: Shard[] = [];
    let start: string | undefined;
    do {
      const res = await client.send(
        new DescribeStreamCommand({ StreamArn: opts.streamArn, ExclusiveStartShardId: start }),
      );
      all.push(...(res.StreamDescription?.Shards ?? []));
      start = res.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return all;
  }

  async function iterator(
    shardId: string,
    type: 'LATEST' | 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER',
    sequence?: string,
  ): Promise<string | undefined> {
    const res = await client.send(
      new GetShardIteratorCommand({
        StreamArn: opts.streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        ...(sequence ? { SequenceNumber: sequence } : {}),
      }),
    );
    return res.ShardIterator;
  }

  /** Shards present at start begin at LATEST; shards that appear later are read from their start. */
  async function discover(initial: boolean): Promise<void> {
    for (const shard of await listShards()) {
      if (!shard.ShardId || shards.has(shard.ShardId)) continue;
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      if (initial && !open) {
        shards.set(shard.ShardId, { id: shard.ShardId, iterator: undefined, closed: true });
        continue;
      }
      shards.set(shard.ShardId, {
        id: shard.ShardId,
        iterator: await iterator(shard.ShardId, initial ? 'LATEST' : 'TRIM_HORIZON'),
        closed: false,
      });
    }
  }

  /** Invokes the handler with the records, honouring batchItemFailures with bounded retries. */
  async function deliver(records: DynamoDBRecord[]): Promise<void> {
    let pending = records;
    let attempts = 0;
    while (pending.length > 0 && !stopped) {
      let failedAt = -1;
      try {
        const result = batchResponseSchema.parse(await opts.handler({ Records: pending }));
        const failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        if (failed.size > 0) {
          failedAt = pending.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
          // An identifier that names no record of the batch fails the whole batch, as in Lambda.
          if (failedAt === -1) failedAt = 0;
        }
      } catch (error) {
        logger.warn('stream handler threw; retrying the batch', { error });
        failedAt = 0;
      }
      if (failedAt === -1) return;
      if (failedAt > 0) {
        // Records before the first failure are checkpointed; the retry starts at the failure.
        pending = pending.slice(failedAt);
        attempts = 0;
      }
      attempts += 1;
      if (attempts <= maxRetries) {
        // A short, growing pause between retries, as Lambda backs off.
        await new Promise((r) => setTimeout(r, Math.min(intervalMs * attempts, 1000)));
      } else {
        logger.error('stream record sent to the on-failure destination', {
          streamArn: opts.streamArn,
          sequenceNumber: pending[0].dynamodb?.SequenceNumber,
          eventName: pending[0].eventName,
          keys: pending[0].dynamodb?.Keys,
          attempts,
        });
        pending = pending.slice(1);
        attempts = 0;
      }
    }
  }

  /**
   * Reads the shard until a batch of kept records is full or the shard has nothing more ready
   * (records read are in hand: the iterator moves past them, to be delivered by the caller).
   */
  async function readBatch(shard: ShardState): Promise<{ read: number; kept: DynamoDBRecord[] }> {
    let read = 0;
    const kept: DynamoDBRecord[] = [];
    while (!shard.closed && shard.iterator && kept.length < batchSize) {
      let res: GetRecordsCommandOutput;
      try {
        // DynamoDB Streams returns at most 1,000 records a read.
        res = await client.send(
          new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: Math.min(1000, batchSize) }),
        );
      } catch (error) {
        if (error instanceof Error && /ExpiredIterator|TrimmedDataAccess/.test(error.name)) {
          shard.iterator = shard.lastSequence
            ? await iterator(shard.id, 'AFTER_SEQUENCE_NUMBER', shard.lastSequence)
            : await iterator(shard.id, 'TRIM_HORIZON');
          break;
        }
        throw error;
      }
      const records = res.Records ?? [];
      read += records.length;
      for (const r of records) {
        const record = toLambdaRecord(r, opts.streamArn, region);
        if (passesFilters(record, filters)) kept.push(record);
      }
      if (records.length > 0) shard.lastSequence = records[records.length - 1].dynamodb?.SequenceNumber;
      shard.iterator = res.NextShardIterator;
      if (!shard.iterator) shard.closed = true;
      if (records.length === 0) break;
    }
    return { read, kept };
  }

  /**
   * Delivers the shard's ready records batch after batch, in order, reading the next batch while
   * the current one is handled (as the event source mapping reads ahead of its invocations), until
   * the shard has nothing more ready or the poller is held or stopped (a batch read is still
   * delivered). Resolves with the records read.
   */
  async function pollShard(shard: ShardState): Promise<number> {
    let batch = await readBatch(shard);
    let read = batch.read;
    while (batch.kept.length > 0) {
      const ahead = stopped || held ? null : readBatch(shard);
      // Awaited below; a read that fails while the batch is delivered is not an unhandled rejection.
      ahead?.catch(() => undefined);
      for (let at = 0; at < batch.kept.length; at += batchSize)
        await deliver(batch.kept.slice(at, at + batchSize));
      if (!ahead) break;
      batch = await ahead;
      read += batch.read;
    }
    return read;
  }

  await discover(true);

  const loop = (async () => {
    let sinceDiscovery = 0;
    // While the stream cannot be read (DynamoDB Local stopped, say), polls back off exponentially
    // up to maxBackoffMs, and the failure is logged when it starts and when it ends, not per poll.
    let failures = 0;
    while (!stopped) {
      for (const done of idle.splice(0)) done();
      if (held) {
        await sleeper.sleep(intervalMs);
        continue;
      }
      let got = 0;
      try {
        for (const shard of shards.values()) {
          if (stopped) break;
          got += await pollShard(shard);
        }
        sinceDiscovery += 1;
        // New shards appear when one closes (or every few hours): look for them now and then.
        if ([...shards.values()].some((s) => s.closed) || sinceDiscovery >= 25) {
          await discover(false);
          sinceDiscovery = 0;
        }
        if (failures > 0) logger.info('stream readable again', { failedPolls: failures });
        failures = 0;
      } catch (error) {
        failures += 1;
        if (!stopped && failures === 1)
          logger.warn('stream poll failed; backing off until it answers', { error });
      }
      if (got === 0 && !stopped) {
        await sleeper.sleep(pauseAfter(failures, intervalMs, maxBackoffMs));
      }
    }
  })();

  return {
    hold() {
      held = true;
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        sleeper.wake();
      });
    },
    release() {
      held = false;
      sleeper.wake();
    },
    async stop() {
      stopped = true;
      for (const done of idle.splice(0)) done();
      sleeper.wake();
      await loop;
      client.destroy();
    },
  };
}
