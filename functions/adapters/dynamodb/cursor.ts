import * as z from 'zod/mini';
import { API_MESSAGES } from '#shared/messages';
import { type IndexDef, KEY } from '#shared/table';
import { decodeJsonCursor, encodeJsonCursor } from '../../commons/cursor';
import { BadRequestError } from '../../commons/errors';

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

/** What a cursor keeps of an item read from `index`: the table's key and the index's. */
export function cursorKeyOf(index: IndexDef, item: Record<string, unknown>): Record<string, unknown> {
  return {
    [KEY.pk]: item[KEY.pk],
    [KEY.sk]: item[KEY.sk],
    [index.pk]: item[index.pk],
    [index.sk]: item[index.sk],
  };
}

/**
 * A job's cursor: a last evaluated key as base64url JSON. A job keeps it in memory or in its own
 * item, never in a URL, so it is not checked as a client's cursor is.
 */
export const encodeJobCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? encodeJsonCursor(key) : null;
export const decodeJobCursor = (cursor: string | null | undefined): Record<string, unknown> | undefined =>
  cursor ? (decodeJsonCursor(cursor) as Record<string, unknown>) : undefined;

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
