import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../scripts/local/stack';
import { buildWebIfStale } from '../../scripts/local/web-build';

/**
 * End-to-end tests' global setup: builds the web app when web/dist is missing or stale, starts the
 * whole local stack as `npm start` does (temporary data directory, demo data seeded, a free port),
 * waits for /api/health and provides { baseUrl, sesEndpoint, cognitoEndpoint }. Teardown stops every part, Java included.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The SES emulator, whose /store holds every mail the app sent. */
    sesEndpoint: string;
    /** What the web app signs in through (the local Cognito proxy): its refusals show in the browser. */
    cognitoEndpoint: string;
    /** DynamoDB Local and the table: tests that move a listing's clock write its expiry there. */
    dynamodbEndpoint: string;
    tableName: string;
    /** The local push service (scripts/local/push-receiver.ts): its devices and what they received. */
    pushReceiverUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  await buildWebIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'mercado-e2e-'));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  let stack: Awaited<ReturnType<typeof startLocalStack>> | undefined;
  try {
    stack = await startLocalStack({ dataDir, port: 0, seed: true, quiet: true });
    await waitForHealth(stack.url);
  } catch (err) {
    await stack?.stop();
    cleanup();
    throw err;
  }
  project.provide('baseUrl', stack.url);
  project.provide('sesEndpoint', stack.sesEndpoint);
  project.provide('cognitoEndpoint', stack.cognito.endpoint);
  project.provide('dynamodbEndpoint', stack.dynamodbEndpoint);
  project.provide('tableName', stack.tableName);
  project.provide('pushReceiverUrl', stack.pushReceiverUrl);
  const running = stack;
  return async () => {
    await running.stop();
    cleanup();
  };
}

async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${baseUrl}/api/health did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}
