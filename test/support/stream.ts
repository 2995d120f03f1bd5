import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { inject } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { handler as dispatchStream } from '../../functions/app/stream';
import { startStreamPoller } from '../../scripts/local/stream-poller';
import { lambdaContext } from './events';

/**
 * The table stream's consumer for tests, as the local stack runs it: a poller on DynamoDB Local's
 * stream handing every batch to the real dispatcher (functions/app/stream.ts), whose parts come
 * from the test's context. `settle()` waits until everything written so far has been dispatched;
 * `pause()` holds deliveries back (the records wait in the stream) until `resume()`.
 */
export interface TestStream {
  settle(): Promise<void>;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

const SENTINEL = 'TEST#stream-sentinel#';

export async function startTestStream(table: TableAccess): Promise<TestStream> {
  const waiters = new Map<string, () => void>();
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  const poller = await startStreamPoller({
    endpoint: inject('dynamoEndpoint'),
    streamArn: inject('streamArn'),
    intervalMs: 20,
    handler: async (event: DynamoDBStreamEvent) => {
      if (gate) await gate;
      const result = await dispatchStream(event, lambdaContext('stream'));
      for (const record of event.Records) {
        const pk = record.dynamodb?.Keys?.pk?.S;
        if (pk?.startsWith(SENTINEL)) waiters.get(pk)?.();
      }
      return result;
    },
  });
  const resume = () => {
    open?.();
    gate = undefined;
    open = undefined;
  };
  return {
    async settle() {
      // Records of one table reach the poller in order: once a marker written now is dispatched,
      // so is every change written before it.
      const pk = `${SENTINEL}${randomUUID()}`;
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the stream did not catch up in 15 s')), 15_000);
        waiters.set(pk, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { pk, sk: 'SENTINEL' } }));
      try {
        await done;
      } finally {
        waiters.delete(pk);
      }
    },
    pause() {
      gate ??= new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    resume,
    async stop() {
      resume();
      await poller.stop();
    },
  };
}
