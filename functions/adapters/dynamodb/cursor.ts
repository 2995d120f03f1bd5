import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { API_MESSAGES } from '#shared/messages';
import { type IndexDef, KEY } from '#shared/table';
import { decodeJsonCursor, encodeJsonCursor } from '../../commons/cursor';
import { BadRequestError } from '../../commons/errors';
import type { TableAccess } from './client';

/**
 * DynamoDB page cursors: the LastEvaluatedKey of a Query, tagged `k: 'd'`. On the way in a cursor
 * must belong to the SAME index and partition as the Query it continues; anything else is refused
 * (400), so a tampered cursor can neither read another partition nor crash the request.
 */
const dynamoCursorSchema = z.strictObject({
  k: z.literal('d'),
  i: z.string().check(z.minLength(1), z.maxLength(20)),
  key: z.record(z.string().check(z.maxLength(20)), z.string().check(z.minLength(1), z.maxLength(300))),
});

/** The table's own key, as an "index" for cursors: a page of a partition of the table itself. */
export const TABLE_KEY_INDEX: IndexDef = { name: 'table', pk: KEY.pk, sk: KEY.sk };

export function encodeDynamoCursor(
  index: IndexDef,
  lastKey: Record<string, unknown> | undefined,
): string | null {
  if (!lastKey) return null;
  const key: Record<string, string> = {};
  for (const [k, v] of Object.entries(lastKey)) key[k] = String(v);
  return encodeJsonCursor({ k: 'd', i: index.name, key });
}

/** The ExclusiveStartKey of a cursor, checked against the index and partition being queried. */
export function decodeDynamoCursor(cursor: string, index: IndexDef, pk: string): Record<string, string> {
  const parsed = dynamoCursorSchema.safeParse(decodeJsonCursor(cursor));
  if (!parsed.success) throw new BadRequestError(API_MESSAGES.invalidCursor);
  const { i, key } = parsed.data;
  const expected = [...new Set([KEY.pk, KEY.sk, index.pk, index.sk])].sort();
  const names = Object.keys(key).sort();
  const sameShape = names.length === expected.length && names.every((n, j) => n === expected[j]);
  if (i !== index.name || !sameShape || key[index.pk] !== pk)
    throw new BadRequestError(API_MESSAGES.invalidCursor);
  return key;
}

/**
 * One page of an index partition, newest or oldest first by the index's sort key, and the cursor
 * of the next page. One item more than asked tells whether another page exists, so the last page
 * never hands out a cursor to an empty page.
 */
export async function queryIndexPage(
  { doc, tableName }: TableAccess,
  query: { index: IndexDef; pk: string; newestFirst: boolean; limit: number; cursor?: string },
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const { index, pk, limit } = query;
  const res = await doc.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.pk },
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: !query.newestFirst,
      Limit: limit + 1,
      ...(query.cursor ? { ExclusiveStartKey: decodeDynamoCursor(query.cursor, index, pk) } : {}),
    }),
  );
  const raw = res.Items ?? [];
  const items = raw.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    raw.length > limit && last
      ? encodeDynamoCursor(index, {
          [KEY.pk]: last[KEY.pk],
          [KEY.sk]: last[KEY.sk],
          [index.pk]: last[index.pk],
          [index.sk]: last[index.sk],
        })
      : null;
  return { items, nextCursor };
}

/**
 * Every item of a partition whose sort key starts with `prefix`, in key order, read page after
 * page (up to `max` items when given): a product's questions, its reports.
 */
export async function queryPartitionPrefix(
  { doc, tableName }: TableAccess,
  query: { pk: string; prefix: string; max?: number; keysOnly?: boolean; consistent?: boolean },
  onPage?: (items: Record<string, unknown>[]) => Promise<void>,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res: QueryCommandOutput = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': KEY.pk, '#sk': KEY.sk },
        ExpressionAttributeValues: { ':pk': query.pk, ':prefix': query.prefix },
        ...(query.keysOnly ? { ProjectionExpression: '#pk, #sk' } : {}),
        ...(query.max !== undefined ? { Limit: query.max - out.length } : {}),
        ConsistentRead: query.consistent === true,
        ExclusiveStartKey: start,
      }),
    );
    const page = res.Items ?? [];
    if (onPage) await onPage(page);
    out.push(...page);
    start = res.LastEvaluatedKey;
  } while (start && (query.max === undefined || out.length < query.max));
  return out;
}

/** Every item of one index partition, page after page (small partitions: universities, a product's favorites). */
export async function queryIndexAll(
  { doc, tableName }: TableAccess,
  index: IndexDef,
  pk: string,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res: QueryCommandOutput = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.pk },
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}
