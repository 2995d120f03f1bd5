import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { ENTITY_ATTRIBUTE, entityKey, KEY, keys, TTL_ATTRIBUTE } from '#shared/table';
import {
  type CountStore,
  type MarkerPage,
  MAX_MOVE_ITEMS,
  type Membership,
  type SourceGuard,
} from '../../ports/counts';
import type { TableAccess } from './client';
import { batchGetItems } from './items';

const VALUE = 'value';
const COUNTS = 'counts';
const VERSION = 'version';
const MEMBERS = 'members';
/** A marker in no count lingers this long (a late record finds it), then TTL removes it. */
const EMPTY_MARKER_TTL_S = 7 * 86_400;
/** BatchGetItem reads at most 100 keys per call. */
const BATCH = 100;

function membership(item: Record<string, unknown> | undefined): Membership {
  if (!item) return { counts: [], version: 0 };
  const counts = item[COUNTS];
  const version = item[VERSION];
  return {
    counts: Array.isArray(counts) ? counts.filter((c): c is string => typeof c === 'string') : [],
    version: typeof version === 'number' ? version : 0,
  };
}

function markerPage(page: string, item: Record<string, unknown> | undefined): MarkerPage {
  const version = item?.[VERSION];
  const raw = item?.[MEMBERS];
  const members: Record<string, string[]> = {};
  if (raw && typeof raw === 'object')
    for (const [m, counts] of Object.entries(raw))
      if (Array.isArray(counts)) members[m] = counts.filter((c): c is string => typeof c === 'string');
  return { page, version: typeof version === 'number' ? version : 0, members };
}

/** The condition that an item is still at the version read (0: absent). */
function atVersion(version: number) {
  return version === 0
    ? { ConditionExpression: `attribute_not_exists(${KEY.pk})` }
    : {
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': VERSION },
        ExpressionAttributeValues: { ':version': version },
      };
}

/** One Update per count: its change added. */
function countUpdate(tableName: string, name: string, delta: number) {
  return {
    Update: {
      TableName: tableName,
      Key: keys.count(name),
      UpdateExpression: 'ADD #v :d SET #e = :entity',
      ExpressionAttributeNames: { '#v': VALUE, '#e': ENTITY_ATTRIBUTE },
      ExpressionAttributeValues: { ':d': delta, ':entity': 'count' },
    },
  };
}

/** A transaction refused by a condition (or by a concurrent transaction on the same items). */
function isRefused(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err.name === 'TransactionCanceledException' || err.name === 'TransactionConflictException')
  );
}

/** The condition that the source item still holds what a move was derived from. */
function guardCheck(guard: SourceGuard) {
  const attributes = guard.attributes ?? {};
  const names = Object.keys(attributes);
  const present = names.filter((n) => attributes[n] !== null);
  return guard.attributes
    ? {
        // A null guard value means the attribute must be absent (e.g. a product not held).
        ConditionExpression: names
          .map((n, i) => (attributes[n] === null ? `attribute_not_exists(#g${i})` : `#g${i} = :g${i}`))
          .join(' AND '),
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#g${i}`, n])),
        ...(present.length > 0
          ? {
              ExpressionAttributeValues: Object.fromEntries(
                names.flatMap((n, i) => (attributes[n] === null ? [] : [[`:g${i}`, attributes[n]]])),
              ),
            }
          : {}),
      }
    : { ConditionExpression: `attribute_not_exists(${KEY.pk})` };
}

/** Products' own markers (before pages): COUNTMEMBER#PRODUCT#<id>. */
const PRODUCT_MARKER = keys.countMember('PRODUCT#').pk;

export function createCountStore({ doc, tableName }: TableAccess): CountStore {
  // Once the fold is recorded it is never undone: read until seen, then kept.
  let folded = false;
  return {
    async values(names) {
      if (names.length === 1) {
        const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.count(names[0]) }));
        const value = res.Item?.[VALUE];
        return [typeof value === 'number' ? value : 0];
      }
      // Many counts (the admin dashboard's days × universities): BatchGet, 100 keys a call, in parallel.
      const found = new Map<string, number>();
      const unique = [...new Set(names)];
      const chunks: string[][] = [];
      for (let i = 0; i < unique.length; i += BATCH) chunks.push(unique.slice(i, i + BATCH));
      await Promise.all(
        chunks.map(async (chunk) => {
          let pending: Record<string, unknown>[] | undefined = chunk.map((n) => keys.count(n));
          while (pending && pending.length > 0) {
            const res: BatchGetCommandOutput = await doc.send(
              new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }),
            );
            for (const item of res.Responses?.[tableName] ?? []) {
              const value = item[VALUE];
              if (typeof value === 'number') found.set(String(item[KEY.pk]), value);
            }
            pending = res.UnprocessedKeys?.[tableName]?.Keys;
          }
        }),
      );
      return names.map((n) => found.get(keys.count(n).pk) ?? 0);
    },

    async memberships(members) {
      const found = new Map<string, Record<string, unknown>>();
      for (let i = 0; i < members.length; i += BATCH) {
        let pending: Record<string, unknown>[] | undefined = [...new Set(members.slice(i, i + BATCH))].map(
          (m) => keys.countMember(m),
        );
        // Unprocessed keys (throttling) are asked again until none is left.
        while (pending && pending.length > 0) {
          const res: BatchGetCommandOutput = await doc.send(
            new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
          );
          for (const item of res.Responses?.[tableName] ?? []) found.set(String(item[KEY.pk]), item);
          pending = res.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return members.map((m) => membership(found.get(keys.countMember(m).pk)));
    },

    move(member, from, to, guard) {
      return this.moveMany([{ member, from, to, guard }]);
    },

    async moveMany(moves) {
      if (moves.length === 0) return true;
      // Each count's changes summed: one Update per count (a transaction names an item once).
      const deltas = new Map<string, number>();
      for (const { from, to } of moves) {
        for (const c of from.counts) if (!to.includes(c)) deltas.set(c, (deltas.get(c) ?? 0) - 1);
        for (const c of to) if (!from.counts.includes(c)) deltas.set(c, (deltas.get(c) ?? 0) + 1);
      }
      const updates = [...deltas].filter(([, d]) => d !== 0);
      if (moves.length * 2 + updates.length > MAX_MOVE_ITEMS)
        throw new Error(`a count transaction of ${moves.length * 2 + updates.length} items`);
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              ...moves.flatMap(({ member, from, to, guard }) => [
                { ConditionCheck: { TableName: tableName, Key: guard.key, ...guardCheck(guard) } },
                {
                  Put: {
                    TableName: tableName,
                    Item: {
                      ...entityKey('countMember', keys.countMember(member)),
                      [COUNTS]: [...to],
                      [VERSION]: from.version + 1,
                      ...(to.length === 0
                        ? { [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + EMPTY_MARKER_TTL_S }
                        : {}),
                    },
                    ...atVersion(from.version),
                  },
                },
              ]),
              ...updates.map(([name, delta]) => countUpdate(tableName, name, delta)),
            ],
          }),
        );
        return true;
      } catch (err) {
        if (isRefused(err)) return false;
        throw err;
      }
    },

    async markerPages(pageNames) {
      const items = await batchGetItems(
        { doc, tableName },
        pageNames.map((p) => keys.countMemberPage(p)),
        { consistent: true },
      );
      return new Map(pageNames.map((p, i) => [p, markerPage(p, items[i])]));
    },

    async movePaged({ pages, retired, deltas }) {
      const updates = [...deltas].filter(([, d]) => d !== 0);
      const size = pages.length + retired.length + updates.length;
      if (size === 0) return true;
      if (size > MAX_MOVE_ITEMS) throw new Error(`a count transaction of ${size} items`);
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              ...pages.map(({ page, version, members }) => ({
                Put: {
                  TableName: tableName,
                  Item: {
                    ...entityKey('countMemberPage', keys.countMemberPage(page)),
                    [MEMBERS]: members,
                    [VERSION]: version + 1,
                  },
                  ...atVersion(version),
                },
              })),
              ...retired.map(({ member, version }) => ({
                Delete: { TableName: tableName, Key: keys.countMember(member), ...atVersion(version) },
              })),
              ...updates.map(([name, delta]) => countUpdate(tableName, name, delta)),
            ],
          }),
        );
        return true;
      } catch (err) {
        if (isRefused(err)) return false;
        throw err;
      }
    },

    async productMarkersFolded() {
      if (folded) return true;
      const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.countLayout() }));
      folded = res.Item !== undefined;
      return folded;
    },

    async markProductMarkersFolded() {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...entityKey('countLayout', keys.countLayout()), folded_at: new Date().toISOString() },
        }),
      );
      folded = true;
    },

    async productMarkers(cursor) {
      const res = await doc.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'begins_with(#pk, :prefix)',
          ProjectionExpression: '#pk',
          ExpressionAttributeNames: { '#pk': KEY.pk },
          ExpressionAttributeValues: { ':prefix': PRODUCT_MARKER },
          ConsistentRead: true,
          ...(cursor ? { ExclusiveStartKey: JSON.parse(Buffer.from(cursor, 'base64url').toString()) } : {}),
        }),
      );
      const members = (res.Items ?? []).map((item) =>
        String(item[KEY.pk]).slice(keys.countMember('').pk.length),
      );
      return {
        members,
        cursor: res.LastEvaluatedKey
          ? Buffer.from(JSON.stringify(res.LastEvaluatedKey)).toString('base64url')
          : null,
      };
    },
  };
}
