import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ENTITY_ATTRIBUTE, keys, TTL_ATTRIBUTE } from '#shared/table';
import type { TableAccess } from './client';
import { isConditionalCheckFailed } from './items';

/**
 * Sliding windows of uses per subject (`sendWindow` items: the times of the uses), exact under any
 * burst: a use is ONE conditional append that DynamoDB applies only while the list holds fewer than
 * `max` times (concurrent appends are serialised by the table, so exactly `max` win and none is lost
 * to contention). When the list is full, the times that left the window are dropped with an
 * optimistic write (by version) and the append is tried again. The append is either a write of its
 * own (SendCounter) or one item of a create's transaction (decision 041), so the use is spent only
 * when the create is written.
 */

const sendWindowSchema = z.object({ sends: z.array(z.number()), version: z.optional(z.number()) });

const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

/** The conditional append of one use at `now`: an UpdateItem's parameters (a transaction's Update too). */
export function windowUse(tableName: string, subject: string, now: number, max: number, windowMs: number) {
  return {
    TableName: tableName,
    Key: keys.sendWindow(subject),
    UpdateExpression:
      'SET sends = list_append(if_not_exists(sends, :none), :now), #entity = :entity, #ttl = :ttl ADD version :one',
    ConditionExpression: 'attribute_not_exists(sends) OR size(sends) < :max',
    ExpressionAttributeNames: { '#entity': ENTITY_ATTRIBUTE, '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':none': [],
      ':now': [now],
      ':entity': 'sendWindow',
      ':ttl': epochSeconds(now + windowMs) + 60,
      ':one': 1,
      ':max': max,
    },
  };
}

/**
 * After an append was refused for a full list: 'full' when `max` uses are inside the window (the
 * use is refused), else the times that left it are dropped ('room': append again; another caller
 * may have changed the list meanwhile, which the next append finds out).
 */
export async function pruneWindow(
  { doc, tableName }: TableAccess,
  subject: string,
  now: number,
  max: number,
  windowMs: number,
): Promise<'full' | 'room'> {
  const key = keys.sendWindow(subject);
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  const stored = sendWindowSchema.safeParse(res.Item);
  if (!stored.success) return 'room';
  const recent = stored.data.sends.filter((t) => t > now - windowMs);
  if (recent.length >= max) return 'full';
  try {
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET sends = :recent ADD version :one',
        ConditionExpression:
          stored.data.version === undefined ? 'attribute_not_exists(version)' : 'version = :v',
        ExpressionAttributeValues: {
          ':recent': recent,
          ':one': 1,
          ...(stored.data.version === undefined ? {} : { ':v': stored.data.version }),
        },
      }),
    );
  } catch (err) {
    // Another caller changed the list meanwhile: the next append reads it again.
    if (!isConditionalCheckFailed(err)) throw err;
    await new Promise((r) => setTimeout(r, Math.random() * 10));
  }
  return 'room';
}

/** Whether a use would fit now (a read only: the use itself is spent by a write). */
export async function windowHasRoom(
  { doc, tableName }: TableAccess,
  subject: string,
  now: number,
  max: number,
  windowMs: number,
): Promise<boolean> {
  const res = await doc.send(
    new GetCommand({ TableName: tableName, Key: keys.sendWindow(subject), ConsistentRead: true }),
  );
  const stored = sendWindowSchema.safeParse(res.Item);
  return !stored.success || stored.data.sends.filter((t) => t > now - windowMs).length < max;
}
