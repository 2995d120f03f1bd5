import type * as z from 'zod/mini';
import { ENTITY_ATTRIBUTE, type Entity as EntityName, INDEX_LIST, KEY, TTL_ATTRIBUTE } from '#shared/table';
import { logger } from '../../commons/observability';
import type { Expr, Item, Key, Query, Table, WriteOp } from './table';

/**
 * One declaration per kind of stored item (docs/decisions/056-entities.md): its name, its key, its
 * index attributes and its shape. Everything a repository does with such an item comes from it:
 * the item to write, the value read back (or null, logged, for an item that is not one), and the
 * writes as data (put, create if absent, update, delete, condition check) that the table sends
 * alone or in a transaction. Keys stay those of `shared/table.ts`, the one source the CDK table,
 * the stream dispatcher and the local stack read too.
 */

/** Key, index, entity and TTL attributes: present on items, never on the values they hold. */
const STORAGE_ATTRIBUTES = new Set<string>([
  KEY.pk,
  KEY.sk,
  ENTITY_ATTRIBUTE,
  TTL_ATTRIBUTE,
  ...INDEX_LIST.flatMap((i) => [i.pk, i.sk]),
]);

/** An item without its storage attributes: the value it holds. */
export function heldValue(item: Item): Item {
  const out: Item = {};
  for (const [k, v] of Object.entries(item)) if (!STORAGE_ATTRIBUTES.has(k)) out[k] = v;
  return out;
}

export interface EntityDeclaration<V, K> {
  readonly name: EntityName;
  /** The shape of the value an item holds (the API's schema where the API has the same fields). */
  readonly schema: z.ZodMiniType<V>;
  /** The item's key from what identifies it. */
  readonly key: (k: K) => Key;
  /** What identifies a value (by default the value itself is passed to `key`). */
  readonly id?: (v: V) => K;
  /** The index attributes of a value (sparse indexes: only those that apply now). */
  readonly indexes?: (v: V) => Record<string, string>;
  /** When the item expires, epoch seconds (DynamoDB's TTL; expiry is still checked in code). */
  readonly ttl?: (v: V) => number | undefined;
  /**
   * The attributes written for a value, when they are not the value itself: a field that is not set
   * is left out rather than stored as null, so conditions can test `attribute_not_exists`.
   */
  readonly attributes?: (v: V) => Item;
}

/** "The item does not exist": the condition of a create. */
export const absent: Expr = { expression: 'attribute_not_exists(#ckpk)', names: { '#ckpk': KEY.pk } };
/** "The item exists": the condition of an update that must not create. */
export const present: Expr = { expression: 'attribute_exists(#ckpk)', names: { '#ckpk': KEY.pk } };

/** Both conditions must hold. */
export function both(a: Expr | undefined, b: Expr | undefined): Expr | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    expression: `(${a.expression}) AND (${b.expression})`,
    names: { ...a.names, ...b.names },
    values: { ...a.values, ...b.values },
  };
}

/**
 * An update expression from the attributes to set, remove and add to (numbers), with placeholders
 * of its own (`#u0`, `:u0`…) that a condition's cannot collide with.
 */
export function changes(c: { set?: Item; remove?: readonly string[]; add?: Record<string, number> }): Expr {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let n = 0;
  const set: string[] = [];
  const add: string[] = [];
  for (const [k, v] of Object.entries(c.set ?? {})) {
    if (v === undefined) continue;
    names[`#u${n}`] = k;
    values[`:u${n}`] = v;
    set.push(`#u${n} = :u${n}`);
    n += 1;
  }
  for (const [k, v] of Object.entries(c.add ?? {})) {
    names[`#u${n}`] = k;
    values[`:u${n}`] = v;
    add.push(`#u${n} :u${n}`);
    n += 1;
  }
  const remove: string[] = [];
  for (const k of c.remove ?? []) {
    names[`#u${n}`] = k;
    remove.push(`#u${n}`);
    n += 1;
  }
  const parts = [
    set.length > 0 ? `SET ${set.join(', ')}` : '',
    add.length > 0 ? `ADD ${add.join(', ')}` : '',
    remove.length > 0 ? `REMOVE ${remove.join(', ')}` : '',
  ].filter(Boolean);
  if (parts.length === 0) throw new Error('An update changes nothing');
  return { expression: parts.join(' '), names, values };
}

export type EntityDef<V, K> = ReturnType<typeof defineEntity<V, K>>;

export function defineEntity<V, K = V>(d: EntityDeclaration<V, K>) {
  const idOf = (v: V): K => (d.id ? d.id(v) : (v as unknown as K));

  const entity = {
    name: d.name,
    key: d.key,
    schema: d.schema,

    /**
     * The whole item of a value: its attributes, key, entity name, index attributes and TTL. `k` for
     * a value that does not hold what identifies it (an idempotency record: its request's id).
     */
    item(v: V, k?: K): Item {
      const ttl = d.ttl?.(v);
      return {
        ...(d.attributes ? d.attributes(v) : (v as Item)),
        ...d.key(k ?? idOf(v)),
        [ENTITY_ATTRIBUTE]: d.name,
        ...(d.indexes ? d.indexes(v) : {}),
        ...(ttl !== undefined ? { [TTL_ATTRIBUTE]: ttl } : {}),
      };
    },

    /** The value an item holds; null (logged, never a 500 for one bad row) when it is not one. */
    parse(item: Item | undefined): V | null {
      if (!item) return null;
      const parsed = d.schema.safeParse(heldValue(item));
      if (parsed.success) return parsed.data;
      logger.warn(`skipping malformed ${d.name} item`, {
        pk: item[KEY.pk],
        sk: item[KEY.sk],
        issues: parsed.error.issues.slice(0, 3),
      });
      return null;
    },

    /** The values of many items, those that are not one skipped. */
    parseAll(items: readonly (Item | undefined)[]): V[] {
      const out: V[] = [];
      for (const item of items) {
        const v = entity.parse(item);
        if (v !== null) out.push(v);
      }
      return out;
    },

    /** Writes the whole item (replacing one with its key unless the condition says otherwise). */
    put(v: V, opts?: { condition?: Expr; key?: K }): WriteOp {
      const condition = opts?.condition;
      return { type: 'put', item: entity.item(v, opts?.key), ...(condition ? { condition } : {}) };
    },

    /** Writes the item only if none has its key (and the extra condition holds). */
    create(v: V, opts?: { condition?: Expr; key?: K }): WriteOp {
      return { type: 'put', item: entity.item(v, opts?.key), condition: both(absent, opts?.condition)! };
    },

    /** Changes attributes of an existing item (never creates one unless `upsert`). */
    update(k: K, update: Expr, opts?: { condition?: Expr; upsert?: boolean }): WriteOp {
      const condition = opts?.upsert ? opts.condition : both(present, opts?.condition);
      return { type: 'update', key: d.key(k), update, ...(condition ? { condition } : {}) };
    },

    remove(k: K, condition?: Expr): WriteOp {
      return { type: 'delete', key: d.key(k), ...(condition ? { condition } : {}) };
    },

    /** A transaction's condition on this item, which writes nothing. */
    check(k: K, condition: Expr): WriteOp {
      return { type: 'check', key: d.key(k), condition };
    },

    /** Reads the value of a key (null when absent or not one). */
    async get(table: Table, k: K, opts?: { consistent?: boolean }): Promise<V | null> {
      return entity.parse(await table.get(d.key(k), opts));
    },

    /** Every value a Query finds, page after page. */
    async queryAll(table: Table, q: Query, opts?: { max?: number }): Promise<V[]> {
      return entity.parseAll(await table.queryAll(q, opts));
    },

    /** A client's page of an index partition (values, and the cursor of the next page). */
    async queryPage(
      table: Table,
      q: Parameters<Table['queryPage']>[0],
      page: { limit: number; cursor?: string },
    ): Promise<{ items: V[]; nextCursor: string | null }> {
      const res = await table.queryPage(q, page);
      return { items: entity.parseAll(res.items), nextCursor: res.nextCursor };
    },
  };
  return entity;
}
