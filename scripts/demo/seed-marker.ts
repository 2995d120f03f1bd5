import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { absent } from '../../functions/adapters/dynamodb/entity';
import { type Key, tableOf } from '../../functions/adapters/dynamodb/table';

/**
 * The markers of the demo's one-time seeds (META#seed / META#<seed>-v<n>): a seed whose marker is
 * in ran to the end once, and later starts leave its data as people changed it. The marker goes in
 * last, so an interrupted seed runs again.
 */

/** Whether the seed of `marker` ran already. */
export async function isSeeded(table: TableAccess, marker: Key): Promise<boolean> {
  return (await tableOf(table).get(marker, { consistent: true })) !== undefined;
}

/** Writes the marker unless it is in (another start wrote it meanwhile: false, left as it is). */
export function markSeeded(table: TableAccess, marker: Key, now: Date): Promise<boolean> {
  return tableOf(table).write({
    type: 'put',
    item: { ...marker, entity: 'seedMarker', seeded_at: now.toISOString() },
    condition: absent,
  });
}
