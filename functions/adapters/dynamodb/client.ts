import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV, optionalEnv, requireEnv } from '../../commons/env';
import { sdkLogger } from '../../commons/observability';

export interface TableAccess {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

/**
 * The document client, from the environment: in AWS the region and credentials of the Lambda;
 * locally DynamoDB Local's endpoint (it checks no credentials, but the SDK wants some).
 */
export function createTableAccess(
  opts: { endpoint?: string; tableName?: string; region?: string } = {},
): TableAccess {
  const endpoint = opts.endpoint ?? optionalEnv(ENV.dynamoEndpoint);
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const client = new DynamoDBClient({
    region,
    logger: sdkLogger,
    ...(endpoint
      ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 3 }
      : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
    unmarshallOptions: { wrapNumbers: false },
  });
  return { doc, tableName: opts.tableName ?? requireEnv(ENV.tableName) };
}
