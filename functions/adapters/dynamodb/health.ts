import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/table';
import type { TableAccess } from './client';

/** True when the table answers a GetItem (the cheapest read, with the read permission handlers have). */
export function createTableProbe({ doc, tableName }: TableAccess): () => Promise<boolean> {
  return async () => {
    try {
      await doc.send(new GetCommand({ TableName: tableName, Key: keys.productCounter() }));
      return true;
    } catch {
      return false;
    }
  };
}
