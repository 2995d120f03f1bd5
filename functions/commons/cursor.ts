import * as z from 'zod/mini';
import { API_MESSAGES } from '#shared/messages';
import { BadRequestError } from './errors';

/**
 * Opaque page cursors: base64url JSON tagged with their kind, so a cursor of one pagination path
 * can never be mistaken for another's:
 * - `{ k: 'd', ... }` a DynamoDB Query's LastEvaluatedKey (adapters/dynamodb/cursor.ts);
 * - `{ k: 'o', o }` an offset into a ranked result (search index or the DynamoDB fallback).
 */
export function encodeJsonCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Decodes base64url JSON, or throws the 400 invalid-cursor error. */
export function decodeJsonCursor(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) throw new BadRequestError(API_MESSAGES.invalidCursor);
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestError(API_MESSAGES.invalidCursor);
  }
}

export type CursorKind = 'd' | 'o';

export function cursorKind(cursor: string): CursorKind {
  const parsed = z.object({ k: z.enum(['d', 'o']) }).safeParse(decodeJsonCursor(cursor));
  if (!parsed.success) throw new BadRequestError(API_MESSAGES.invalidCursor);
  return parsed.data.k;
}

/** Deep pages of a ranked result are not served (OpenSearch's max_result_window is 10,000). */
export const MAX_OFFSET = 10_000;
const offsetCursorSchema = z.strictObject({
  k: z.literal('o'),
  o: z.int().check(z.gte(0), z.lte(MAX_OFFSET)),
});

export const encodeOffsetCursor = (offset: number) => encodeJsonCursor({ k: 'o', o: offset });

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const parsed = offsetCursorSchema.safeParse(decodeJsonCursor(cursor));
  if (!parsed.success) throw new BadRequestError(API_MESSAGES.invalidCursor);
  return parsed.data.o;
}
