import type { TestProject } from 'vitest/node';
import { ensureTable, localDynamoClient, startDynamoDbLocal } from '../../scripts/local/parts/dynamodb';
import { freePort } from '../../scripts/local/ports';

/**
 * Integration tests' global setup: DynamoDB Local IN MEMORY on a free port, the table created from
 * shared/table.ts (stream on). Tests read the values with `inject(...)`. Teardown stops Java.
 * Other parts (cognito-local, the SES emulator) can be added here the same way, each providing its
 * own keys.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    tableName: string;
    streamArn: string;
  }
}

export const TEST_TABLE_NAME = 'mercado-test';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const port = await freePort();
  const dynamo = await startDynamoDbLocal({ port });
  try {
    const client = localDynamoClient(dynamo.endpoint);
    const streamArn = await ensureTable(client, TEST_TABLE_NAME);
    client.destroy();
    project.provide('dynamoEndpoint', dynamo.endpoint);
    project.provide('tableName', TEST_TABLE_NAME);
    project.provide('streamArn', streamArn);
  } catch (err) {
    await dynamo.stop();
    throw err;
  }
  return () => dynamo.stop();
}
