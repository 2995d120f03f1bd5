import { randomBytes } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { handler as dispatcher } from '../../functions/app/stream';
import { ENV } from '../../functions/commons/env';
import type { StoredQuestion } from '../../functions/ports/questions';
import { type NotificationSweeper, startNotificationSweeper } from '../../scripts/local/notification-sweeper';
import { entityKey, keys } from '#shared/table';
import { lambdaContext } from './events';

/**
 * Question mails against the local parts (docs/decisions/020): the local stack's sweeper on the real
 * dispatcher entry, the signing secret the local stack would generate, question items written
 * straight into the table in the contract's shape (the mailbox with headers: ./mailbox.ts).
 */

/** The local stack's secret for unsubscribe links (generated, never in the repository). */
export function useNotifySecret(): string {
  const secret = randomBytes(48).toString('base64url');
  process.env[ENV.notifySecret] = secret;
  return secret;
}

/** The sweep of due windows, as the local stack runs it, but every `intervalMs`. */
export function startTestSweeper(intervalMs = 100): NotificationSweeper {
  return startNotificationSweeper({
    handler: (event) => dispatcher(event, lambdaContext('stream')),
    intervalMs,
  });
}

let seq = 0;
/** A question id of the questions area's form (creation time, a dash, 12 hex digits). */
export const questionId = (at = Date.now()) =>
  `${String(at).padStart(13, '0')}-${(++seq).toString(16).padStart(4, '0')}${randomBytes(4).toString('hex')}`;

/** Writes a question item as the questions area stores it (entity question, its product's partition). */
export async function writeQuestion(table: TableAccess, q: StoredQuestion): Promise<void> {
  await table.doc.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...entityKey('question', keys.question(q.product_id, q.id)), ...q },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Sets a question's answer once, as the questions area does. */
export async function answerQuestion(
  table: TableAccess,
  q: Pick<StoredQuestion, 'product_id' | 'id'>,
  answer: string,
  at = new Date(),
): Promise<void> {
  await table.doc.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.question(q.product_id, q.id),
      UpdateExpression: 'SET answer_text = :a, answered_at = :t',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(answer_text)',
      ExpressionAttributeValues: { ':a': answer, ':t': at.toISOString() },
    }),
  );
}
