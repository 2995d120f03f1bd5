import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { streamHandlers } from '../handlers/stream';
import { createStreamDispatcher } from '../stream/dispatcher';
import { createNotificationSweep, type SweepResult } from '../stream/notification-sweep';
import { isNotificationSweep, type NotificationSweepEvent } from '../stream/sweep-event';
import { lazyContextOf } from './context';
import { basicParts } from './parts/basics';
import { identityParts } from './parts/identity';
import { mailParts } from './parts/mail';
import { savedSearchIndexParts } from './parts/saved-search-index';
import { pushSenderParts } from './parts/push';
import { searchParts } from './parts/search';
import { tableParts } from './parts/table';
import { unsubscribeTokenParts } from './parts/unsubscribe-tokens';

/**
 * The stream's parts: the search index (product changes), and the table, the user pool and mail
 * (mail requests of the public account routes, question mails), and the unsubscribe links' secret
 * (question mails), and the saved searches' percolator (alerts, docs/decisions/031, on the search
 * domain's grant), and Web Push's sender (the VAPID pair's secret; issue 41). infra/stack.ts grants
 * the dispatcher exactly these.
 */
export const parts = {
  search: searchParts,
  savedSearchIndex: savedSearchIndexParts,
  table: tableParts,
  identity: identityParts,
  push: pushSenderParts,
  mail: mailParts,
  unsubscribeTokens: unsubscribeTokenParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

const dispatch = createStreamDispatcher(streamHandlers, () => context);
const sweep = createNotificationSweep(() => context);

/**
 * Lambda entry of the table stream's one consumer. The same function sweeps the question-mail
 * windows that are due when its schedule asks (docs/decisions/020): it already holds exactly what
 * those mails need (the table, the pool's lookup, SES, the links' secret).
 */
export function handler(event: DynamoDBStreamEvent, lambdaContext: Context): Promise<DynamoDBBatchResponse>;
export function handler(event: NotificationSweepEvent, lambdaContext: Context): Promise<SweepResult>;
export function handler(
  event: DynamoDBStreamEvent | NotificationSweepEvent,
  lambdaContext: Context,
): Promise<DynamoDBBatchResponse | SweepResult> {
  return isNotificationSweep(event) ? sweep(event, lambdaContext) : dispatch(event, lambdaContext);
}
