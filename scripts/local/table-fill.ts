import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { productItem } from '../../functions/adapters/dynamodb/products';
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
  const { doc, tableName } = table;
  const batches: Product[][] = [];
  for (let i = 0; i < products.length; i += 25) batches.push(products.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [tableName]: batch.map((p) => ({ PutRequest: { Item: productItem(p) } })),
      };
      while (request && Object.keys(request).length > 0) {
        const out = await doc.send(new BatchWriteCommand({ RequestItems: request }));
        request = out.UnprocessedItems as typeof request;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
