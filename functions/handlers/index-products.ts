import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { decodeStreamRecord } from '../adapters/dynamodb/stream-records';
import { getContext } from '../commons/context';
import { requestLogger } from '../commons/logger';
import { indexStreamRecords } from '../services/indexer';

/**
 * The indexer: the table's stream → the search index. Answers with the Lambda partial-failure
 * contract (`batchItemFailures`), which the event source mapping honours with
 * reportBatchItemFailures, bisect on error, bounded retries and an on-failure destination; the local
 * stream poller honours it the same way.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>(
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const { search } = await getContext();
    return indexStreamRecords(search, event.Records ?? [], decodeStreamRecord);
  },
).use(requestLogger<DynamoDBStreamEvent, DynamoDBBatchResponse>('index-products'));
