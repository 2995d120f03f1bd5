import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_FILTERS } from '../../functions/stream/filter';
import { startStreamPoller } from '../../scripts/local/stream-poller';

/**
 * The local stand-in for the event source mapping, when the stream cannot be read (DynamoDB Local
 * stopped or failing): it backs off instead of polling (and logging) every interval, and resumes
 * at its normal pace once the stream answers. A small endpoint speaks the DynamoDB Streams API.
 */
let server: Server;
let endpoint: string;
let failing = true;
let getRecords = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop();
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(json));
      };
      if (target === 'DescribeStream')
        return send(200, {
          StreamDescription: {
            StreamArn: 'arn:local:stream',
            StreamStatus: 'ENABLED',
            Shards: [{ ShardId: 'shard-1', SequenceNumberRange: { StartingSequenceNumber: '1' } }],
          },
        });
      if (target === 'GetShardIterator') return send(200, { ShardIterator: 'iterator-1' });
      if (target === 'GetRecords') {
        getRecords += 1;
        if (failing)
          return send(500, {
            __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
            message: 'down',
          });
        return send(200, { Records: [], NextShardIterator: 'iterator-1' });
      }
      send(400, { __type: 'UnknownOperationException', message: body.slice(0, 20) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('local stream poller', () => {
  it('backs off while the stream fails and resumes its pace when it answers', async () => {
    // Prepare: a stream that fails every read.
    const poller = await startStreamPoller({
      endpoint,
      streamArn: 'arn:local:stream',
      handler: async () => ({ batchItemFailures: [] }),
      intervalMs: 50,
      maxBackoffMs: 2000,
      maxAttempts: 1,
    });
    try {
      // Act: 2.5 s of failure. Polling every 50 ms would be about 50 reads; backing off, a handful.
      await new Promise((r) => setTimeout(r, 2500));
      const whileFailing = getRecords;
      failing = false;
      // The next poll comes within the longest pause; then the normal 50 ms pace again.
      await new Promise((r) => setTimeout(r, 2200));
      const afterRecovery = getRecords - whileFailing;
      // Assess
      expect(whileFailing).toBeGreaterThanOrEqual(3);
      expect(whileFailing).toBeLessThanOrEqual(8);
      expect(afterRecovery).toBeGreaterThanOrEqual(10);
    } finally {
      await poller.stop();
    }
  });
});

/** A stream record of an item's insert. */
const item = (seq: number, pk: string, sk: string, entity: string) => ({
  eventID: `e${seq}`,
  eventName: 'INSERT',
  dynamodb: {
    Keys: { pk: { S: pk }, sk: { S: sk } },
    NewImage: { pk: { S: pk }, sk: { S: sk }, entity: { S: entity } },
    SequenceNumber: String(100 + seq),
    StreamViewType: 'NEW_AND_OLD_IMAGES',
  },
});

/**
 * One shard of a stream, spoken by a small endpoint: each GetRecords answers the next of `reads`
 * (then nothing), and its time is noted in `readAt`.
 */
async function fakeShard(reads: unknown[][]): Promise<{ stream: Server; readAt: number[] }> {
  const readAt: number[] = [];
  const stream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop();
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      if (target === 'DescribeStream')
        return res.end(
          JSON.stringify({
            StreamDescription: {
              StreamArn: 'arn:local:stream',
              StreamStatus: 'ENABLED',
              Shards: [{ ShardId: 'shard-1', SequenceNumberRange: { StartingSequenceNumber: '1' } }],
            },
          }),
        );
      if (target === 'GetShardIterator') return res.end(JSON.stringify({ ShardIterator: 'it' }));
      readAt.push(Date.now());
      res.end(JSON.stringify({ Records: reads[readAt.length - 1] ?? [], NextShardIterator: 'it' }));
    });
  });
  await new Promise<void>((resolve) => stream.listen(0, '127.0.0.1', resolve));
  return { stream, readAt };
}

describe("local stream poller's filter (the mapping's, functions/stream/filter.ts)", () => {
  it("drops the count items' records before batching and gathers the kept ones over several reads", async () => {
    // Prepare: a shard whose reads give a count item and a product, then a count marker and a
    // product, then nothing.
    const reads = [
      [item(1, 'COUNT#GLOBAL', 'COUNT', 'count'), item(2, 'PRODUCT#1', 'PRODUCT', 'product')],
      [
        item(3, 'COUNTMEMBER#PRODUCT#1', 'COUNTMEMBER', 'countMember'),
        item(4, 'PRODUCT#2', 'PRODUCT', 'product'),
      ],
    ];
    const { stream, readAt } = await fakeShard(reads);
    const read = () => readAt.length;
    const delivered: string[][] = [];
    const poller = await startStreamPoller({
      endpoint: `http://127.0.0.1:${(stream.address() as AddressInfo).port}`,
      streamArn: 'arn:local:stream',
      handler: async (event) => {
        delivered.push(event.Records.map((r) => String(r.dynamodb?.Keys?.pk?.S)));
        return { batchItemFailures: [] };
      },
      intervalMs: 50,
      batchSize: 10,
      filters: STREAM_FILTERS,
    });
    try {
      // Act
      const until = Date.now() + 5000;
      while (read() < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      // Assess: one batch, both products, no count item.
      expect(delivered).toEqual([['PRODUCT#1', 'PRODUCT#2']]);
    } finally {
      await poller.stop();
      await new Promise((resolve) => stream.close(resolve));
    }
  });

  it('reads the next batch while the current one is handled, and delivers them in order', async () => {
    // Prepare: a shard with two batches of two products, and a handler slow on the first batch.
    const record = (seq: number) => item(seq, `PRODUCT#${seq}`, 'PRODUCT', 'product');
    const reads = [
      [record(1), record(2)],
      [record(3), record(4)],
    ];
    const { stream, readAt } = await fakeShard(reads);
    const delivered: string[][] = [];
    let firstDone = 0;
    const poller = await startStreamPoller({
      endpoint: `http://127.0.0.1:${(stream.address() as AddressInfo).port}`,
      streamArn: 'arn:local:stream',
      handler: async (event) => {
        delivered.push(event.Records.map((r) => String(r.dynamodb?.Keys?.pk?.S)));
        if (delivered.length === 1) {
          await new Promise((r) => setTimeout(r, 400));
          firstDone = Date.now();
        }
        return { batchItemFailures: [] };
      },
      intervalMs: 50,
      batchSize: 2,
    });
    try {
      // Act
      const until = Date.now() + 5000;
      while (delivered.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      // Assess: the second batch was read before the first was handled, and came after it.
      expect(delivered).toEqual([
        ['PRODUCT#1', 'PRODUCT#2'],
        ['PRODUCT#3', 'PRODUCT#4'],
      ]);
      expect(readAt[1]).toBeLessThan(firstDone);
    } finally {
      await poller.stop();
      await new Promise((resolve) => stream.close(resolve));
    }
  });
});
