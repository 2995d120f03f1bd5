import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import type { Product } from '#shared/schemas';

/**
 * Writes products into a local table (by default the environment's) as the benchmarks and the
 * tests that need many listings load it: batches of 25, a few writers in parallel (DynamoDB Local
 * is the bottleneck anyway), unprocessed items sent again (a lost one would fail a test for the
 * wrong reason).
 */
export async function writeProducts(
  products: Product[],
  table: TableAccess = createTableAccess(),
): Promise<void> {
  const t = tableOf(table);
  const batches: Product[][] = [];
  for (let i = 0; i < products.length; i += 25) batches.push(products.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      // One BatchWriteItem call a batch; the table sends what is left unprocessed again.
      await t.batchWrite(batch.map((p) => ({ put: productEntity.item(p) })));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
