import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { entityKey, KEY, keys } from '#shared/table';
import { logger } from '../../commons/observability';
import type { QuestionRepository, StoredQuestion } from '../../ports/questions';
import type { TableAccess } from './client';
import { queryPartitionPrefix } from './cursor';
import { transactCreate } from './idempotency';
import { legacyOp } from './table';
import { isConditionalCheckFailed, stripKeys } from './items';

const storedQuestionSchema = z.object({
  id: z.string(),
  product_id: z.number(),
  product_title: z.string(),
  seller_id: z.string(),
  asker_id: z.string(),
  asker_name: z.string(),
  question_text: z.string(),
  created_at: z.string(),
  answer_text: z.optional(z.string()),
  answered_at: z.optional(z.string()),
});

/** An item back to the question; a malformed one is logged and skipped. */
function toQuestion(item: Record<string, unknown> | undefined): StoredQuestion | null {
  if (!item) return null;
  const parsed = storedQuestionSchema.safeParse(stripKeys(item));
  if (parsed.success) return parsed.data;
  logger.warn('skipping malformed question item', { pk: item.pk, sk: item.sk });
  return null;
}

/** The item: exactly the attributes of StoredQuestion, its keys and its entity. */
export function questionItem(q: StoredQuestion): Record<string, unknown> {
  return { ...entityKey('question', keys.question(q.product_id, q.id)), ...q };
}

/** BatchWriteItem takes at most 25 requests. */
const BATCH = 25;
const UNPROCESSED_RETRIES = 5;

export function createQuestionRepository(table: TableAccess): QuestionRepository {
  const { doc, tableName } = table;
  async function get(productId: number, questionId: string): Promise<StoredQuestion | null> {
    const res = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.question(productId, questionId),
        ConsistentRead: true,
      }),
    );
    return toQuestion(res.Item);
  }

  async function classify(productId: number, questionId: string, sellerId: string) {
    const current = await get(productId, questionId);
    if (!current) return { kind: 'missing' as const };
    if (current.seller_id !== sellerId) return { kind: 'notSeller' as const };
    return { kind: 'alreadyAnswered' as const };
  }

  /** Deletes the keys in batches of 25, retrying what DynamoDB leaves unprocessed. */
  async function deleteKeys(list: { pk: string; sk: string }[]): Promise<void> {
    for (let i = 0; i < list.length; i += BATCH) {
      let requests = list.slice(i, i + BATCH).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests.length > 0; attempt += 1) {
        if (attempt > UNPROCESSED_RETRIES)
          throw new Error(`${requests.length} question deletes left unprocessed`);
        if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const res: BatchWriteCommandOutput = await doc.send(
          new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
        );
        requests = (res.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  }

  return {
    async list(productId, limit) {
      const items = await queryPartitionPrefix(table, {
        pk: keys.productPartition(productId),
        prefix: keys.questionPrefix,
        max: limit,
      });
      return items.map(toQuestion).filter((q): q is StoredQuestion => q !== null);
    },

    get,

    async create(question, terms) {
      const put = {
        TableName: tableName,
        Item: questionItem(question),
        ConditionExpression: 'attribute_not_exists(pk)',
      };
      if (terms) return (await transactCreate(table, [legacyOp({ Put: put })], terms)) === null;
      try {
        await doc.send(new PutCommand(put));
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async answer(productId, questionId, sellerId, text, answeredAt) {
      try {
        const res = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.question(productId, questionId),
            UpdateExpression: 'SET answer_text = :text, answered_at = :at',
            // Exists, is this seller's, and is still unanswered: the one answer wins, any other fails.
            ConditionExpression:
              'attribute_exists(pk) AND seller_id = :seller AND attribute_not_exists(answer_text)',
            ExpressionAttributeValues: { ':text': text, ':at': answeredAt, ':seller': sellerId },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const question = toQuestion(res.Attributes);
        if (!question) throw new Error(`question ${questionId} of product ${productId} is malformed`);
        return { kind: 'answered', question };
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
        return classify(productId, questionId, sellerId);
      }
    },

    async deleteByAsker(productId, questionId, askerId) {
      try {
        const res = await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.question(productId, questionId),
            ConditionExpression: 'attribute_exists(pk) AND asker_id = :asker',
            ExpressionAttributeValues: { ':asker': askerId },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return res.Attributes ? { kind: 'deleted' } : { kind: 'missing' };
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
        const current = await get(productId, questionId);
        return current ? { kind: 'notAsker' } : { kind: 'missing' };
      }
    },

    async deleteAllOf(productId) {
      // Only the keys are read; pages of the Query are deleted as they come.
      const found = await queryPartitionPrefix(
        table,
        {
          pk: keys.productPartition(productId),
          prefix: keys.questionPrefix,
          keysOnly: true,
          consistent: true,
        },
        (page) => deleteKeys(page.map((i) => ({ pk: String(i[KEY.pk]), sk: String(i[KEY.sk]) }))),
      );
      return found.length;
    },
  };
}
