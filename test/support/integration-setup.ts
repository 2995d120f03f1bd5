import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureTable, localDynamoClient, startDynamoDbLocal } from '../../scripts/local/parts/dynamodb';
import { type OpenSearchLocal, startOpenSearchLocal } from '../../scripts/local/parts/opensearch';
import { freePort } from '../../scripts/local/ports';

/**
 * Integration tests' global setup: DynamoDB Local IN MEMORY on a free port, the table created from
 * shared/table.ts (stream on), and a real OpenSearch 2.19 node (docs/decisions/044) with its data in
 * a temporary folder, both started at once. Tests read the values with `inject(...)`; they stop,
 * start, pause and resume the node through the control endpoint (test/support/opensearch.ts).
 * Teardown stops Java.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    tableName: string;
    streamArn: string;
    /** The OpenSearch node, spoken to unsigned. */
    openSearchEndpoint: string;
    /** POST /stop, /start, /pause or /resume: the node's state for the engine-outage tests. */
    openSearchControl: string;
  }
}

export const TEST_TABLE_NAME = 'mercado-test';
const CONTROL_ACTIONS = ['stop', 'start', 'pause', 'resume'] as const;
type ControlAction = (typeof CONTROL_ACTIONS)[number];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [dynamoPort, searchPort] = [await freePort(), await freePort()];
  const home = mkdtempSync(join(tmpdir(), 'mercado-opensearch-'));
  const log = (message: string) => process.stdout.write(`[integration] ${message}\n`);
  const started = await Promise.allSettled([
    startDynamoDbLocal({ port: dynamoPort }),
    startOpenSearchLocal({ port: searchPort, home, log }),
  ]);
  let node: OpenSearchLocal | undefined = started[1].status === 'fulfilled' ? started[1].value : undefined;
  const stopAll = async () => {
    await Promise.all([
      started[0].status === 'fulfilled' ? started[0].value.stop() : undefined,
      node?.stop(),
    ]);
    rmSync(home, { recursive: true, force: true });
  };
  let control: Server | undefined;
  try {
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const dynamo = started[0].status === 'fulfilled' ? started[0].value : undefined;
    if (!dynamo || !node) throw new Error('unreachable');
    log(
      `OpenSearch ${node.version} ready on ${node.endpoint} in ${(node.readyInMs / 1000).toFixed(1)} s ` +
        `(heap ${node.heapMb} MB, classes: ${node.classData})`,
    );
    const client = localDynamoClient(dynamo.endpoint);
    const streamArn = await ensureTable(client, TEST_TABLE_NAME);
    client.destroy();

    // One action at a time; a start reuses the port and the data (the indexes survive a stop).
    let queue: Promise<unknown> = Promise.resolve();
    const act = async (action: ControlAction) => {
      if (action === 'pause') node?.pause();
      else if (action === 'resume') node?.resume();
      else if (action === 'stop') await node?.stop();
      else node = await startOpenSearchLocal({ port: searchPort, home, log });
    };
    control = createServer((req, res) => {
      const action = req.url?.slice(1) as ControlAction;
      if (req.method !== 'POST' || !CONTROL_ACTIONS.includes(action)) {
        res.writeHead(404).end();
        return;
      }
      const done = queue.then(() => act(action));
      queue = done.catch(() => undefined);
      done.then(
        () => res.writeHead(204).end(),
        (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
      );
    });
    await new Promise<void>((ready) => control?.listen(0, '127.0.0.1', ready));

    project.provide('dynamoEndpoint', dynamo.endpoint);
    project.provide('tableName', TEST_TABLE_NAME);
    project.provide('streamArn', streamArn);
    project.provide('openSearchEndpoint', node.endpoint);
    project.provide('openSearchControl', `http://127.0.0.1:${(control.address() as AddressInfo).port}`);
  } catch (err) {
    control?.close();
    await stopAll();
    throw err;
  }
  return async () => {
    control?.close();
    if (node) await reportHeap(node, log);
    await stopAll();
  };
}

/** What the run asked of the node's heap (the figure that sized it: docs/decisions/044). */
async function reportHeap(node: OpenSearchLocal, log: (message: string) => void): Promise<void> {
  try {
    const res = await fetch(`${node.endpoint}/_nodes/_local/stats/jvm`, {
      signal: AbortSignal.timeout(2000),
    });
    const stats = (await res.json()) as {
      nodes: Record<
        string,
        {
          jvm: { mem: { heap_used_in_bytes: number; pools: Record<string, { peak_used_in_bytes: number }> } };
        }
      >;
    };
    const { mem } = Object.values(stats.nodes)[0].jvm;
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const peak = Object.values(mem.pools).reduce((sum, pool) => sum + pool.peak_used_in_bytes, 0);
    log(
      `OpenSearch heap: ${mb(mem.heap_used_in_bytes)} MB in use at the end, at most ${mb(peak)} MB of ${node.heapMb} MB at its peak`,
    );
  } catch {
    // A node a test left stopped has nothing to say.
  }
}
