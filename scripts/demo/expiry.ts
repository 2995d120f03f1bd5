import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { isConditionalCheckFailed, stripKeys } from '../../functions/adapters/dynamodb/items';
import { productItem } from '../../functions/adapters/dynamodb/products';
import { type Product, productSchema } from '#shared/schemas';
import { keys } from '#shared/table';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Listing expiry in the demo (local stack only; decision 030), so 'Vence en N días', the reminder
 * mail and 'Vencido' + 'Renovar' can be seen at once:
 * - the demo seller's 'Parlante Bluetooth JBL Flip 5' (73) expires in 2 days (the local timer mails
 *   its reminder to the seller's mailbox within a minute);
 * - two listings of other sellers expire within 3 days;
 * - a listing the demo export had as sold (81) becomes the demo seller's, expired two days ago.
 * Listing counts do not change: nothing listed leaves, nothing unlisted comes back.
 */
export const DEMO_EXPIRING = [
  { id: 73, inDays: 2 },
  { id: 5, inDays: 1 },
  { id: 9, inDays: 3 },
] as const;
export const DEMO_EXPIRED_ID = 81;

/** Written once the demo's expiry dates are in: later starts leave them as people changed them. */
export const EXPIRY_SEED_MARKER = { pk: 'META#seed', sk: 'META#expiry-v1' } as const;

async function read(table: TableAccess, id: number): Promise<Product | null> {
  const res = await table.doc.send(
    new GetCommand({ TableName: table.tableName, Key: keys.product(id), ConsistentRead: true }),
  );
  const parsed = res.Item ? productSchema.safeParse(stripKeys(res.Item)) : null;
  return parsed?.success ? parsed.data : null;
}

/** Writes `next` over `current` unless the listing changed meanwhile. */
async function replace(table: TableAccess, current: Product, next: Product): Promise<boolean> {
  try {
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: productItem(next),
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': current.status },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Seeds the demo's expiry dates once per table; how many listings it changed, or null when done before. */
export async function seedDemoExpiryOnce(
  table: TableAccess,
  seller: { id: string; name: string; email: string },
  now: Date = new Date(),
): Promise<number | null> {
  const done = await table.doc.send(
    new GetCommand({ TableName: table.tableName, Key: EXPIRY_SEED_MARKER, ConsistentRead: true }),
  );
  if (done.Item) return null;
  let changed = 0;
  for (const { id, inDays } of DEMO_EXPIRING) {
    const p = await read(table, id);
    if (!p || (p.status !== 'active' && p.status !== 'reserved')) continue;
    const expires_at = new Date(now.getTime() + inDays * DAY_MS - 60 * 60 * 1000).toISOString();
    if (await replace(table, p, { ...p, expires_at, reminded_for: null })) changed++;
  }
  const sold = await read(table, DEMO_EXPIRED_ID);
  if (sold && !sold.owner_id) {
    const at = new Date(now.getTime() - 2 * DAY_MS).toISOString();
    const expired: Product = {
      ...sold,
      status: 'expired',
      owner_id: seller.id,
      seller_name: seller.name,
      seller_email: seller.email,
      expires_at: at,
      expired_at: at,
    };
    if (await replace(table, sold, expired)) changed++;
  }
  try {
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...EXPIRY_SEED_MARKER, entity: 'seedMarker', seeded_at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
  return changed;
}
