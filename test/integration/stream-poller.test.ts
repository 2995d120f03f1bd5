import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
