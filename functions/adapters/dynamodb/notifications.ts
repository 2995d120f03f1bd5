import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { entityKey, INDEXES, KEY, keys, TTL_ATTRIBUTE } from '#shared/table';
import { logger } from '../../commons/observability';
import type {
  NotificationSettingsStore,
  NotifyWindow,
  NotifyWindowKey,
  NotifyWindowStore,
} from '../../ports/notifications';
import type { TableAccess } from './client';
import { isConditionalCheckFailed } from './items';

/** A window item outlives its last change by this much: longer than a stream record can be replayed (24 h). */
const WINDOW_ITEM_TTL_SECONDS = 2 * 24 * 60 * 60;

const windowItemSchema = z.object({
  recipient: z.string(),
  product_id: z.number(),
  kind: z.enum(['question', 'answer']),
  version: z.number(),
  window_ends_at: z.optional(z.nullable(z.number())),
  pending: z.array(z.string()),
  seen: z.array(z.string()),
});

const EMPTY: NotifyWindow = { version: 0, windowEndsAt: null, pending: [], seen: [] };

/**
 * The notification windows (shared/table.ts: notifyWindow), one item per person, product and kind.
 * Every write is a whole-item Put conditioned on the version read; while the item holds gathered
 * questions it carries gsi1 `NOTIFY_DUE` / `<due ISO time>#…`, so the sweep finds the due ones with
 * one Query of that sparse partition.
 */
export function createNotifyWindowStore({ doc, tableName }: TableAccess): NotifyWindowStore {
  return {
    async get(key) {
      const res = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.notifyWindow(key.recipient, key.productId, key.kind),
          ConsistentRead: true,
        }),
      );
      if (!res.Item) return EMPTY;
      const parsed = windowItemSchema.safeParse(res.Item);
      if (!parsed.success) {
        // Never written otherwise; starting over costs at most one early mail.
        logger.warn('malformed notification window replaced', { pk: res.Item.pk, sk: res.Item.sk });
        return { ...EMPTY, version: typeof res.Item.version === 'number' ? res.Item.version : 0 };
      }
      const w = parsed.data;
      return { version: w.version, windowEndsAt: w.window_ends_at ?? null, pending: w.pending, seen: w.seen };
    },

    async save(key, version, next, dueAt, now) {
      const itemKey = keys.notifyWindow(key.recipient, key.productId, key.kind);
      const due = next.pending.length > 0 && dueAt !== null;
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...entityKey('notifyWindow', itemKey),
              recipient: key.recipient,
              product_id: key.productId,
              kind: key.kind,
              version: version + 1,
              window_ends_at: next.windowEndsAt,
              pending: next.pending,
              seen: next.seen,
              ...(due
                ? {
                    [INDEXES.gsi1.pk]: keys.notifyDuePartition,
                    [INDEXES.gsi1.sk]: `${new Date(dueAt).toISOString()}#${itemKey.pk}#${itemKey.sk}`,
                  }
                : {}),
              [TTL_ATTRIBUTE]:
                Math.ceil(Math.max(now, next.windowEndsAt ?? 0) / 1000) + WINDOW_ITEM_TTL_SECONDS,
            },
            ConditionExpression: version === 0 ? `attribute_not_exists(${KEY.pk})` : 'version = :version',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async due(now, limit) {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEXES.gsi1.name,
          KeyConditionExpression: '#pk = :pk AND #sk < :bound',
          ExpressionAttributeNames: { '#pk': INDEXES.gsi1.pk, '#sk': INDEXES.gsi1.sk },
          // Every entry due at or before `now` (entries of one instant differ after the time).
          ExpressionAttributeValues: {
            ':pk': keys.notifyDuePartition,
            ':bound': new Date(now + 1).toISOString(),
          },
          ScanIndexForward: true,
          Limit: limit,
        }),
      );
      const found: NotifyWindowKey[] = [];
      for (const item of res.Items ?? []) {
        const parsed = windowItemSchema.safeParse(item);
        if (parsed.success)
          found.push({
            recipient: parsed.data.recipient,
            productId: parsed.data.product_id,
            kind: parsed.data.kind,
          });
      }
      return found;
    },
  };
}

const recipientSchema = z.object({
  email: z.string(),
  full_name: z.optional(z.nullable(z.string())),
  notify_questions: z.optional(z.boolean()),
});

/**
 * The notification switch lives on the profile item (`notify_questions`, on when absent), with the
 * address mails go to.
 */
export function createNotificationSettingsStore({ doc, tableName }: TableAccess): NotificationSettingsStore {
  return {
    async recipient(userId) {
      const res = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.profile(userId),
          ConsistentRead: true,
          ProjectionExpression: 'email, full_name, notify_questions',
        }),
      );
      if (!res.Item) return null;
      const parsed = recipientSchema.safeParse(res.Item);
      if (!parsed.success) return null;
      return {
        email: parsed.data.email,
        name: parsed.data.full_name ?? null,
        questions: parsed.data.notify_questions !== false,
      };
    },

    async setQuestions(userId, on) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.profile(userId),
            UpdateExpression: 'SET notify_questions = :on',
            ConditionExpression: `attribute_exists(${KEY.pk})`,
            ExpressionAttributeValues: { ':on': on },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },
  };
}
