import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ENTITY_ATTRIBUTE, INDEX_LIST, KEY } from '#shared/table';
import type { TableAccess } from './client';

/** Key, index and entity attributes of the single table: present on items, never on what they hold. */
const KEY_ATTRIBUTES = new Set<string>([
  KEY.pk,
  KEY.sk,
  ENTITY_ATTRIBUTE,
  ...INDEX_LIST.flatMap((i) => [i.pk, i.sk]),
]);

export function stripKeys(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!KEY_ATTRIBUTES.has(k)) out[k] = v;
  return out;
}

export function isConditionalCheckFailed(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

/** BatchGetItem reads at most 100 keys a call. */
const BATCH_GET_KEYS = 100;

/**
 * Many items by key in BatchGetItem calls (100 keys each, side by side; the keys DynamoDB leaves
 * unprocessed under load asked again): the item of each key in order, undefined when absent. One
 * call instead of a GetItem per key (the stream's batches read a few hundred items at once).
 */
export async function batchGetItems(
  { doc, tableName }: TableAccess,
  keyList: readonly { pk: string; sk: string }[],
  opts?: { consistent?: boolean },
): Promise<(Record<string, unknown> | undefined)[]> {
  const id = (k: Record<string, unknown>) => `${String(k[KEY.pk])}\u0000${String(k[KEY.sk])}`;
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keyList.map((k) => [id(k), { [KEY.pk]: k.pk, [KEY.sk]: k.sk }])).values()];
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_KEYS) chunks.push(unique.slice(i, i + BATCH_GET_KEYS));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] | undefined = chunk;
      while (pending && pending.length > 0) {
        const res: BatchGetCommandOutput = await doc.send(
          new BatchGetCommand({
            RequestItems: { [tableName]: { Keys: pending, ConsistentRead: opts?.consistent === true } },
          }),
        );
        for (const item of res.Responses?.[tableName] ?? []) found.set(id(item), item);
        pending = res.UnprocessedKeys?.[tableName]?.Keys;
      }
    }),
  );
  return keyList.map((k) => found.get(id({ [KEY.pk]: k.pk, [KEY.sk]: k.sk })));
}
