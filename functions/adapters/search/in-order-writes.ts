import type { IndexWrite, RefusedWrite, SearchIndex } from '../../ports/search-index';

/**
 * A stream batch's writes on an index that holds documents in memory: applied in order (a delete
 * after an update of one product deletes), runs of the same kind at once. Such an index refuses
 * nothing: a failure is a bug, thrown.
 */
export async function writeInOrder(
  index: Pick<SearchIndex, 'upsert' | 'remove'>,
  writes: IndexWrite[],
): Promise<RefusedWrite[]> {
  for (let i = 0; i < writes.length; ) {
    const kind = writes[i].kind;
    let end = i;
    while (end < writes.length && writes[end].kind === kind) end++;
    const run = writes.slice(i, end);
    if (kind === 'upsert')
      await index.upsert(run.map((w) => (w as Extract<IndexWrite, { kind: 'upsert' }>).doc));
    else await index.remove(run.map((w) => (w as Extract<IndexWrite, { kind: 'remove' }>).id));
    i = end;
  }
  return [];
}
