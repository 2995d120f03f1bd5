import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { CAREERS, CATEGORIES, CONDITIONS } from '#shared/enums';
import { entityKey, INDEXES, KEY, keys, TTL_ATTRIBUTE } from '#shared/table';
import { logger } from '../../commons/observability';
import type {
  AlertState,
  AlertStateStore,
  SavedSearchRepository,
  StoredSavedSearch,
} from '../../ports/alerts';
import type { TableAccess } from './client';
import { transactCreate } from './idempotency';
import { legacyOp, type TransactItem } from './table';
import { batchGetItems, isConditionalCheckFailed } from './items';
import { universityOpenCheck } from './universities';

/** Saved searches and the alert mails' state (shared/table.ts; docs/decisions/031). */

const savedSearchItemSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  university: z.string(),
  q: z.optional(z.string()),
  category: z.optional(z.enum(CATEGORIES)),
  career: z.optional(z.enum(CAREERS)),
  condition: z.optional(z.enum(CONDITIONS)),
  minPrice: z.optional(z.number()),
  maxPrice: z.optional(z.number()),
  enabled: z.boolean(),
  created_at: z.string(),
  new_ids: z.optional(z.unknown()),
});

/** 'Nuevos para ti' is a number set (ADD is idempotent under replays); the document client gives a Set. */
function newIdsOf(value: unknown): number[] {
  if (value instanceof Set) return [...value].map(Number).filter(Number.isFinite);
  if (Array.isArray(value)) return value.map(Number).filter(Number.isFinite);
  return [];
}

function toStored(item: Record<string, unknown>): StoredSavedSearch | null {
  const parsed = savedSearchItemSchema.safeParse(item);
  if (!parsed.success) {
    logger.warn('malformed saved search skipped', { pk: item.pk, sk: item.sk });
    return null;
  }
  const { new_ids, ...rest } = parsed.data;
  return { ...rest, new_ids: newIdsOf(new_ids) };
}

function cancellationCodes(err: unknown): (string | undefined)[] | null {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return null;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code);
}

export function createSavedSearchRepository(table: TableAccess): SavedSearchRepository {
  const { doc, tableName } = table;
  async function listAll(userId: string): Promise<StoredSavedSearch[]> {
    const out: StoredSavedSearch[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': keys.savedSearch(userId, '').pk,
            ':prefix': keys.savedSearchPrefix,
          },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of res.Items ?? []) {
        const s = toStored(item);
        if (s) out.push(s);
      }
      start = res.LastEvaluatedKey;
    } while (start);
    return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  return {
    list: listAll,

    async get(userId, id) {
      const res = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.savedSearch(userId, id), ConsistentRead: true }),
      );
      return res.Item ? toStored(res.Item) : null;
    },

    async create(search, max, terms) {
      const { new_ids: _ignored, ...stored } = search;
      const refused = await transactCreate(
        table,
        (
          [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...entityKey('savedSearch', keys.savedSearch(search.user_id, search.id)),
                  [INDEXES.gsi1.pk]: keys.savedSearchesPartition,
                  [INDEXES.gsi1.sk]: search.id,
                  ...stored,
                },
                ConditionExpression: `attribute_not_exists(${KEY.pk})`,
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: keys.savedSearchCount(search.user_id),
                UpdateExpression: 'SET #e = :entity ADD #n :one',
                ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
                ExpressionAttributeNames: { '#n': 'count', '#e': 'entity' },
                ExpressionAttributeValues: { ':one': 1, ':max': max, ':entity': 'savedSearchCount' },
              },
            },
            // None for a university being deleted: its deletion job could miss it (decision 042).
            universityOpenCheck(tableName, search.university),
          ] as TransactItem[]
        ).map(legacyOp),
        terms,
      );
      if (refused === 0) return 'duplicate';
      if (refused === 1) return 'limit';
      if (refused === 2) return 'closed';
      return 'created';
    },

    async setEnabled(userId, id, enabled) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.savedSearch(userId, id),
            UpdateExpression: 'SET enabled = :e',
            ConditionExpression: `attribute_exists(${KEY.pk})`,
            ExpressionAttributeValues: { ':e': enabled },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async remove(userId, id) {
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.savedSearch(userId, id),
                  ConditionExpression: `attribute_exists(${KEY.pk})`,
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.savedSearchCount(userId),
                  UpdateExpression: 'ADD #n :minus',
                  ConditionExpression: '#n > :zero',
                  ExpressionAttributeNames: { '#n': 'count' },
                  ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (err) {
        const codes = cancellationCodes(err);
        if (codes?.[0] === 'ConditionalCheckFailed') return false;
        throw err;
      }
    },

    async removeAllOfUser(userId) {
      const all = await listAll(userId);
      // Idempotent deletes: a replayed stream record finds nothing left.
      for (const s of all)
        await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.savedSearch(userId, s.id) }));
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.savedSearchCount(userId) }));
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.alertState(userId) }));
      return all.length;
    },

    async addNew(userId, id, productIds, max) {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return;
      // Bounded: past `max` unseen listings the count stops growing. A batch's listings go at
      // once while they all fit; near the bound (or the search gone), one by one.
      const whole =
        ids.length === 1
          ? {
              condition: 'size(new_ids) < :max OR contains(new_ids, :n)',
              values: { ':max': max, ':n': ids[0] },
            }
          : { condition: 'size(new_ids) <= :room', values: { ':room': max - ids.length } };
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.savedSearch(userId, id),
            UpdateExpression: 'ADD new_ids :ids',
            ConditionExpression: `attribute_exists(${KEY.pk}) AND (attribute_not_exists(new_ids) OR ${whole.condition})`,
            ExpressionAttributeValues: { ':ids': new Set(ids), ...whole.values },
          }),
        );
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
        if (ids.length > 1) for (const n of ids) await this.addNew(userId, id, [n], max);
      }
    },

    async markSeen(userId, id) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.savedSearch(userId, id),
            UpdateExpression: 'REMOVE new_ids',
            ConditionExpression: `attribute_exists(${KEY.pk})`,
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async disableAll(userId) {
      let n = 0;
      for (const s of await listAll(userId)) {
        if (!s.enabled) continue;
        await this.setEnabled(userId, s.id, false);
        n += 1;
      }
      return n;
    },

    async page(cursor, limit) {
      const res = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEXES.gsi1.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': INDEXES.gsi1.pk },
          ExpressionAttributeValues: { ':pk': keys.savedSearchesPartition },
          Limit: limit,
          ...(cursor ? { ExclusiveStartKey: JSON.parse(Buffer.from(cursor, 'base64url').toString()) } : {}),
        }),
      );
      const items = (res.Items ?? []).map(toStored).filter((s): s is StoredSavedSearch => s !== null);
      return {
        items,
        cursor: res.LastEvaluatedKey
          ? Buffer.from(JSON.stringify(res.LastEvaluatedKey)).toString('base64url')
          : null,
      };
    },
  };
}

const pendingSchema = z.object({
  productId: z.number(),
  searchIds: z.array(z.string()),
  day: z.string(),
  retry: z.optional(z.boolean()),
});
const stateItemSchema = z.object({
  user_id: z.string(),
  version: z.number(),
  mailed_day: z.optional(z.nullable(z.string())),
  pending: z.array(pendingSchema),
  seen: z.array(z.number()),
  lease_until: z.optional(z.nullable(z.number())),
});

const EMPTY: AlertState = { version: 0, mailedDay: null, pending: [], seen: [], leaseUntil: null };
/** A state item outlives its last change by three days (a digest is due the next morning at most). */
const STATE_TTL_SECONDS = 3 * 24 * 60 * 60;

function toState(item: Record<string, unknown> | undefined): AlertState {
  if (!item) return EMPTY;
  const parsed = stateItemSchema.safeParse(item);
  if (!parsed.success) {
    logger.warn('malformed alert state replaced', { pk: item.pk });
    return { ...EMPTY, version: typeof item.version === 'number' ? item.version : 0 };
  }
  const s = parsed.data;
  return {
    version: s.version,
    mailedDay: s.mailed_day ?? null,
    pending: s.pending,
    seen: s.seen,
    leaseUntil: s.lease_until ?? null,
  };
}

/** One item per person; whole-item Puts conditioned on the version (as the question windows). */
export function createAlertStateStore(table: TableAccess): AlertStateStore {
  const { doc, tableName } = table;
  return {
    async get(userId) {
      const res = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.alertState(userId), ConsistentRead: true }),
      );
      return toState(res.Item);
    },

    async getMany(userIds) {
      const items = await batchGetItems(table, userIds.map(keys.alertState), { consistent: true });
      return items.map(toState);
    },

    async save(userId, version, next, dueAt, now) {
      const key = keys.alertState(userId);
      const due = next.pending.length > 0 && dueAt !== null;
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...entityKey('alertState', key),
              user_id: userId,
              version: version + 1,
              mailed_day: next.mailedDay,
              pending: next.pending,
              seen: next.seen,
              lease_until: next.leaseUntil,
              ...(due
                ? {
                    [INDEXES.gsi1.pk]: keys.alertDuePartition,
                    [INDEXES.gsi1.sk]: `${new Date(dueAt).toISOString()}#${userId}`,
                  }
                : {}),
              [TTL_ATTRIBUTE]: Math.ceil(now / 1000) + STATE_TTL_SECONDS,
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
          ExpressionAttributeValues: {
            ':pk': keys.alertDuePartition,
            ':bound': new Date(now + 1).toISOString(),
          },
          ScanIndexForward: true,
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map((i) => i.user_id).filter((u): u is string => typeof u === 'string');
    },
  };
}
