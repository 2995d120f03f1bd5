import type { TableAccess } from './client';
import { productCounterEntity } from './entities';
import { tableOf } from './table';

/** True when the table answers a GetItem (the cheapest read, with the read permission handlers have). */
export function createTableProbe(access: TableAccess): () => Promise<boolean> {
  const table = tableOf(access);
  return async () => {
    try {
      await table.get(productCounterEntity.key({}));
      return true;
    } catch {
      // Any failure (unreachable, no permission, no table): not ready.
      return false;
    }
  };
}
