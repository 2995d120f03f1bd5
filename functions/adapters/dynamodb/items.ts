import { ENTITY_ATTRIBUTE, INDEX_LIST, KEY } from '#shared/table';

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
