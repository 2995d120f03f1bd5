import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import type { Product } from '#shared/schemas';
import { isSeeded, markSeeded } from './seed-marker';

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

const read = (table: TableAccess, id: number): Promise<Product | null> =>
  productEntity.get(tableOf(table), { id }, { consistent: true });

/** Writes `next` over `current` unless the listing changed meanwhile. */
const replace = (table: TableAccess, current: Product, next: Product): Promise<boolean> =>
  tableOf(table).write(
    productEntity.put(next, {
      condition: {
        expression: '#status = :status',
        names: { '#status': 'status' },
        values: { ':status': current.status },
      },
    }),
  );

/** Seeds the demo's expiry dates once per table; how many listings it changed, or null when done before. */
export async function seedDemoExpiryOnce(
  table: TableAccess,
  seller: { id: string; name: string; email: string },
  now: Date = new Date(),
): Promise<number | null> {
  if (await isSeeded(table, EXPIRY_SEED_MARKER)) return null;
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
  await markSeeded(table, EXPIRY_SEED_MARKER, now);
  return changed;
}
