import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  ScanCommand,
  type ScanCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type IndexDef, KEY } from '#shared/table';
import type { TableAccess } from './client';
import { cursorKeyOf, decodeDynamoCursor, encodeDynamoCursor, TABLE_KEY_INDEX } from './cursor';

/**
 * The single table, spoken to in one place (docs/decisions/056-entities.md): every raw SDK command
 * of the application is built and sent here. Callers describe writes as data (`WriteOp`, usually
 * made by an entity: entity.ts), so one write can be sent alone or inside a transaction with the
 * writes of other domains (an admin's audit record, an idempotent create's answer). A failed
 * condition is an answer, never an exception: `write` returns false, `transact` the reasons.
 */

export interface Key {
  readonly pk: string;
  readonly sk: string;
}

export type Item = Record<string, unknown>;

/** A condition or update expression with the placeholders it uses (`#name`, `:value`). */
export interface Expr {
  readonly expression: string;
  readonly names?: Readonly<Record<string, string>>;
  readonly values?: Readonly<Record<string, unknown>>;
}

export type WriteOp =
  | { readonly type: 'put'; readonly item: Item; readonly condition?: Expr }
  | {
      readonly type: 'update';
      readonly key: Key;
      readonly update: Expr;
      readonly condition?: Expr;
    }
  | { readonly type: 'delete'; readonly key: Key; readonly condition?: Expr }
  | { readonly type: 'check'; readonly key: Key; readonly condition: Expr };

/** Why each item of a cancelled transaction was refused, in the transaction's order. */
export type CancellationCode =
  | 'None'
  | 'ConditionalCheckFailed'
  | 'TransactionConflict'
  | 'ItemCollectionSizeLimitExceeded'
  | 'ThrottlingError'
  | 'ProvisionedThroughputExceeded'
  | 'ValidationError'
  | (string & {});

export type TransactOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** One per item of the transaction (DynamoDB's CancellationReasons). */
      readonly reasons: readonly (CancellationCode | undefined)[];
      /** The index of the first item whose condition failed; -1 when none did (a conflict). */
      readonly failed: number;
      /** Another transaction held one of the items: the same transaction may be sent again. */
      readonly conflict: boolean;
    };

/** A transaction's answer as written or not; anything but a failed condition is an error. */
export function settled(outcome: TransactOutcome): boolean {
  if (outcome.ok) return true;
  if (outcome.failed >= 0) return false;
  throw new Error(`transaction cancelled: ${outcome.reasons.join(', ') || 'conflict'}`);
}

/** A key condition on the sort key (of the table or of an index). */
export type SortCondition =
  | { readonly beginsWith: string }
  | { readonly eq: string }
  | { readonly lt: string }
  | { readonly lte: string }
  | { readonly gt: string }
  | { readonly gte: string }
  | { readonly between: readonly [string, string] };

export interface Query {
  /** The index queried; the table's own key when absent. */
  readonly index?: IndexDef;
  readonly pk: string;
  readonly sk?: SortCondition;
  /** Descending sort key order (newest first for time-ordered keys). */
  readonly newestFirst?: boolean;
  readonly consistent?: boolean;
  readonly filter?: Expr;
  /** Only the table's key attributes (deleting a collection). */
  readonly keysOnly?: boolean;
}

export class TransactionTooLargeError extends Error {
  constructor(size: number) {
    super(`A transaction holds at most ${MAX_TRANSACTION_ITEMS} items (${size} given)`);
    this.name = 'TransactionTooLargeError';
  }
}

/** TransactWriteItems' limit. */
export const MAX_TRANSACTION_ITEMS = 100;
/** BatchGetItem reads at most 100 keys a call, BatchWriteItem writes 25 items. */
const BATCH_GET_KEYS = 100;
const BATCH_WRITE_ITEMS = 25;
/** Tries of a batch's unprocessed writes before it is an error. */
const UNPROCESSED_RETRIES = 5;

const isError = (err: unknown, name: string) => err instanceof Error && err.name === name;

/**
 * Merges the placeholders of several expressions. The same placeholder bound to two different
 * names or values is a programming error (one expression would read the other's value).
 */
function merge(...exprs: (Expr | undefined)[]): {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const e of exprs) {
    for (const [k, v] of Object.entries(e?.names ?? {})) {
      if (k in names && names[k] !== v) throw new Error(`Placeholder ${k} bound twice`);
      names[k] = v;
    }
    for (const [k, v] of Object.entries(e?.values ?? {})) {
      if (k in values && values[k] !== v) throw new Error(`Placeholder ${k} bound twice`);
      values[k] = v;
    }
  }
  return {
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  };
}

const conditionOf = (c: Expr | undefined) => (c ? { ConditionExpression: c.expression } : {});

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function transactItem(TableName: string, op: WriteOp): TransactItem {
  switch (op.type) {
    case 'put':
      return { Put: { TableName, Item: op.item, ...conditionOf(op.condition), ...merge(op.condition) } };
    case 'update':
      return {
        Update: {
          TableName,
          Key: { [KEY.pk]: op.key.pk, [KEY.sk]: op.key.sk },
          UpdateExpression: op.update.expression,
          ...conditionOf(op.condition),
          ...merge(op.update, op.condition),
        },
      };
    case 'delete':
      return {
        Delete: {
          TableName,
          Key: { [KEY.pk]: op.key.pk, [KEY.sk]: op.key.sk },
          ...conditionOf(op.condition),
          ...merge(op.condition),
        },
      };
    case 'check':
      return {
        ConditionCheck: {
          TableName,
          Key: { [KEY.pk]: op.key.pk, [KEY.sk]: op.key.sk },
          ConditionExpression: op.condition.expression,
          ...merge(op.condition),
        },
      };
  }
}

function sortKeyCondition(name: string, c: SortCondition): Expr {
  const names = { '#sk': name };
  if ('beginsWith' in c)
    return { expression: 'begins_with(#sk, :sk)', names, values: { ':sk': c.beginsWith } };
  if ('between' in c)
    return {
      expression: '#sk BETWEEN :sk AND :sk2',
      names,
      values: { ':sk': c.between[0], ':sk2': c.between[1] },
    };
  const [op, value] =
    'eq' in c
      ? ['=', c.eq]
      : 'lt' in c
        ? ['<', c.lt]
        : 'lte' in c
          ? ['<=', c.lte]
          : 'gt' in c
            ? ['>', c.gt]
            : ['>=', c.gte];
  return { expression: `#sk ${op} :sk`, names, values: { ':sk': value } };
}

export type Table = ReturnType<typeof createTable>;

const tables = new WeakMap<TableAccess, Table>();

/** The table of an access (one per access: repositories built from the same access share it). */
export function tableOf(access: TableAccess): Table {
  let table = tables.get(access);
  if (!table) {
    table = createTable(access);
    tables.set(access, table);
  }
  return table;
}

export function createTable({ doc, tableName }: TableAccess) {
  const TableName = tableName;

  function queryInput(q: Query, start?: Record<string, unknown>, limit?: number): QueryCommandInput {
    const pkName = q.index?.pk ?? KEY.pk;
    const skName = q.index?.sk ?? KEY.sk;
    const partition: Expr = { expression: '#pk = :pk', names: { '#pk': pkName }, values: { ':pk': q.pk } };
    const sort = q.sk ? sortKeyCondition(skName, q.sk) : undefined;
    const keysOnly: Expr | undefined = q.keysOnly
      ? { expression: '', names: { '#kpk': KEY.pk, '#ksk': KEY.sk } }
      : undefined;
    return {
      TableName,
      ...(q.index ? { IndexName: q.index.name } : {}),
      KeyConditionExpression: sort ? `${partition.expression} AND ${sort.expression}` : partition.expression,
      ...(q.filter ? { FilterExpression: q.filter.expression } : {}),
      ...(keysOnly ? { ProjectionExpression: '#kpk, #ksk' } : {}),
      ...merge(partition, sort, q.filter, keysOnly),
      ScanIndexForward: q.newestFirst !== true,
      ...(q.consistent ? { ConsistentRead: true } : {}),
      ...(limit !== undefined ? { Limit: limit } : {}),
      ...(start ? { ExclusiveStartKey: start } : {}),
    };
  }

  async function sendTransaction(items: TransactItem[]): Promise<TransactOutcome> {
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (err) {
      // DynamoDB may also refuse a transaction that collided with another one as a whole.
      if (isError(err, 'TransactionConflictException'))
        return { ok: false, reasons: [], failed: -1, conflict: true };
      if (!isError(err, 'TransactionCanceledException')) throw err;
      const reasons = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map(
        (r) => r.Code,
      );
      return {
        ok: false,
        reasons,
        failed: reasons.indexOf('ConditionalCheckFailed'),
        conflict: reasons.includes('TransactionConflict'),
      };
    }
  }

  const table = {
    name: tableName,

    async get(key: Key, opts?: { consistent?: boolean }): Promise<Item | undefined> {
      const res = await doc.send(
        new GetCommand({
          TableName,
          Key: { [KEY.pk]: key.pk, [KEY.sk]: key.sk },
          ...(opts?.consistent ? { ConsistentRead: true } : {}),
        }),
      );
      return res.Item;
    },

    /**
     * Many items by key in BatchGetItem calls (100 keys each, side by side; the keys DynamoDB leaves
     * unprocessed under load asked again): the item of each key in order, undefined when absent.
     */
    async batchGet(keyList: readonly Key[], opts?: { consistent?: boolean }): Promise<(Item | undefined)[]> {
      const id = (k: Readonly<Record<string, unknown>>) => `${String(k[KEY.pk])}\u0000${String(k[KEY.sk])}`;
      const found = new Map<string, Item>();
      const unique = [
        ...new Map(
          keyList.map((k) => [id({ [KEY.pk]: k.pk, [KEY.sk]: k.sk }), { [KEY.pk]: k.pk, [KEY.sk]: k.sk }]),
        ).values(),
      ];
      const chunks: Item[][] = [];
      for (let i = 0; i < unique.length; i += BATCH_GET_KEYS)
        chunks.push(unique.slice(i, i + BATCH_GET_KEYS));
      await Promise.all(
        chunks.map(async (chunk) => {
          let pending: Item[] | undefined = chunk;
          while (pending && pending.length > 0) {
            const res: BatchGetCommandOutput = await doc.send(
              new BatchGetCommand({
                RequestItems: { [TableName]: { Keys: pending, ConsistentRead: opts?.consistent === true } },
              }),
            );
            for (const item of res.Responses?.[TableName] ?? []) found.set(id(item), item);
            pending = res.UnprocessedKeys?.[TableName]?.Keys;
          }
        }),
      );
      return keyList.map((k) => found.get(id({ [KEY.pk]: k.pk, [KEY.sk]: k.sk })));
    },

    /** One write alone: true when written, false when its condition failed (nothing written). */
    async write(op: WriteOp): Promise<boolean> {
      return (await table.writeReturning(op)).ok;
    },

    /**
     * One write alone, with the item's attributes after an update (ALL_NEW) or before a put or
     * delete (ALL_OLD): what a counter's ADD returns, or what a delete removed.
     */
    async writeReturning(op: WriteOp): Promise<{ ok: boolean; attributes?: Item }> {
      if (op.type === 'check') throw new Error('A condition check is only meaningful in a transaction');
      try {
        if (op.type === 'put') {
          const res = await doc.send(
            new PutCommand({ ...transactItem(TableName, op).Put!, ReturnValues: 'ALL_OLD' }),
          );
          return { ok: true, attributes: res.Attributes };
        }
        if (op.type === 'update') {
          const res = await doc.send(
            new UpdateCommand({ ...transactItem(TableName, op).Update!, ReturnValues: 'ALL_NEW' }),
          );
          return { ok: true, attributes: res.Attributes };
        }
        const res = await doc.send(
          new DeleteCommand({ ...transactItem(TableName, op).Delete!, ReturnValues: 'ALL_OLD' }),
        );
        return { ok: true, attributes: res.Attributes };
      } catch (err) {
        if (isError(err, 'ConditionalCheckFailedException')) return { ok: false };
        throw err;
      }
    },

    /**
     * Several writes, all or none (TransactWriteItems). A cancelled transaction is an answer with
     * the reason of each item; any other failure is thrown. A transaction that lost a race (another
     * held one of its items, and no condition failed) is sent again up to `conflictRetries` times,
     * a moment later each time; its last answer says `conflict` if it never got through.
     */
    async transact(ops: readonly WriteOp[], opts?: { conflictRetries?: number }): Promise<TransactOutcome> {
      if (ops.length > MAX_TRANSACTION_ITEMS) throw new TransactionTooLargeError(ops.length);
      const items = ops.map((op) => transactItem(TableName, op));
      for (let attempt = 0; ; attempt += 1) {
        const outcome = await sendTransaction(items);
        const lostRace = !outcome.ok && outcome.conflict && outcome.failed < 0;
        if (!lostRace || attempt >= (opts?.conflictRetries ?? 0)) return outcome;
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 20 * (attempt + 1)));
      }
    },

    /**
     * Puts and deletes without conditions, 25 a call; what DynamoDB leaves unprocessed (under load)
     * is sent again with a growing pause, and an error says how many were left after 5 tries.
     */
    async batchWrite(ops: readonly ({ put: Item } | { delete: Key })[]): Promise<void> {
      for (let i = 0; i < ops.length; i += BATCH_WRITE_ITEMS) {
        let pending: NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string] | undefined = ops
          .slice(i, i + BATCH_WRITE_ITEMS)
          .map((op) =>
            'put' in op
              ? { PutRequest: { Item: op.put } }
              : { DeleteRequest: { Key: { [KEY.pk]: op.delete.pk, [KEY.sk]: op.delete.sk } } },
          );
        for (let attempt = 0; pending && pending.length > 0; attempt += 1) {
          if (attempt > UNPROCESSED_RETRIES)
            throw new Error(`${pending.length} batch writes left unprocessed`);
          if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
          const res: BatchWriteCommandOutput = await doc.send(
            new BatchWriteCommand({ RequestItems: { [TableName]: pending } }),
          );
          pending = res.UnprocessedItems?.[TableName];
        }
      }
    },

    /** Up to `limit` items of a Query from a start key (one call): a page of a job, the first of a range. */
    async queryOnce(
      q: Query,
      opts?: { limit?: number; start?: Record<string, unknown> },
    ): Promise<{ items: Item[]; lastKey?: Record<string, unknown> }> {
      const res: QueryCommandOutput = await doc.send(
        new QueryCommand(queryInput(q, opts?.start, opts?.limit)),
      );
      return { items: res.Items ?? [], lastKey: res.LastEvaluatedKey };
    },

    /**
     * Every item of a Query, page after page (up to `max` items when given), each page handed to
     * `onPage` as it arrives (a collection deleted while it is read).
     */
    async queryAll(
      q: Query,
      opts?: { max?: number; onPage?: (items: Item[]) => Promise<void> },
    ): Promise<Item[]> {
      const out: Item[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const max = opts?.max;
        const page = await table.queryOnce(q, {
          ...(max !== undefined ? { limit: max - out.length } : {}),
          start,
        });
        if (opts?.onPage) await opts.onPage(page.items);
        out.push(...page.items);
        start = page.lastKey;
      } while (start && (opts?.max === undefined || out.length < opts.max));
      return out;
    },

    /**
     * One page of a partition (of an index, or of the table) for a client, and the cursor of the next page. One item more
     * than asked tells whether another page exists, so the last page never hands out a cursor to an
     * empty page. A cursor must belong to the same index and partition (cursor.ts), or it is a 400.
     */
    async queryPage(
      q: Query,
      page: { limit: number; cursor?: string },
    ): Promise<{ items: Item[]; nextCursor: string | null }> {
      const { pk } = q;
      const index = q.index ?? TABLE_KEY_INDEX;
      const start = page.cursor ? decodeDynamoCursor(page.cursor, index, pk) : undefined;
      const { items: raw } = await table.queryOnce(q, { limit: page.limit + 1, start });
      const items = raw.slice(0, page.limit);
      const last = items[items.length - 1];
      const nextCursor =
        raw.length > page.limit && last ? encodeDynamoCursor(index, cursorKeyOf(index, last)) : null;
      return { items, nextCursor };
    },

    /**
     * One page of a Scan (jobs only: a reindex, a backfill; never a request). Without `limit`, the
     * page is what DynamoDB reads in one call (1 MB).
     */
    async scanOnce(opts: {
      limit?: number;
      start?: Record<string, unknown>;
      filter?: Expr;
      /** Only the table's key attributes. */
      keysOnly?: boolean;
      consistent?: boolean;
    }): Promise<{ items: Item[]; lastKey?: Record<string, unknown> }> {
      const keysOnly: Expr | undefined = opts.keysOnly
        ? { expression: '', names: { '#kpk': KEY.pk, '#ksk': KEY.sk } }
        : undefined;
      const res: ScanCommandOutput = await doc.send(
        new ScanCommand({
          TableName,
          ...(opts.limit !== undefined ? { Limit: opts.limit } : {}),
          ...(opts.start ? { ExclusiveStartKey: opts.start } : {}),
          ...(opts.filter ? { FilterExpression: opts.filter.expression } : {}),
          ...(keysOnly ? { ProjectionExpression: '#kpk, #ksk' } : {}),
          ...merge(opts.filter, keysOnly),
          ...(opts.consistent ? { ConsistentRead: true } : {}),
        }),
      );
      return { items: res.Items ?? [], lastKey: res.LastEvaluatedKey };
    },
  };
  return table;
}
