import type { Product } from '#shared/schemas';
import { ADMIN_COUNTS, keys, productListingKey, productListingPartitions } from '#shared/table';
import { type CountMove, type CountStore, MAX_MOVE_ITEMS, type Membership } from '../ports/counts';
import type { ProductListingScope, ProductRepository } from '../ports/repositories';

/**
 * How many active products each listing holds (the four listing partitions of shared/table.ts),
 * counted by the table stream's dispatcher so that a listing's total is one GetItem, whether or
 * not the search index answers (docs/decisions/016-search-fallback-and-relevance.md).
 */
export interface ListingCountDeps {
  products: Pick<ProductRepository, 'get' | 'getMany' | 'listActive'>;
  counts: CountStore;
}

const member = (id: number) => keys.product(id).pk;

/**
 * Every count a product is in now: its listings' (while listed), and for the admin's dashboard
 * (docs/decisions/025) every product and the new listings of its creation day (UTC) and university,
 * while it exists.
 */
export function productCounts(p: Product): string[] {
  return [
    ...productListingPartitions(p),
    ADMIN_COUNTS.everyProduct,
    ADMIN_COUNTS.daily(p.created_at.slice(0, 10), p.university_id),
  ];
}

/** What the counts of a product were derived from: the source item must still hold it. */
function guardOf(id: number, p: Product | null) {
  return {
    key: keys.product(id),
    attributes: p
      ? { status: p.status, university_id: p.university_id, category: p.category, held_at: p.held_at ?? null }
      : null,
  };
}

const sameCounts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c) => b.includes(c));

/** Concurrent moves of one product are rare (a replay beside a live record): a few rounds settle them. */
const MAX_ROUNDS = 8;

/**
 * Makes a product counted in exactly the listings it is in NOW (its item read consistently):
 * idempotent, so a stream record replayed, delivered twice or out of order changes nothing more;
 * exact under concurrency, since a move applies only if neither the marker nor the product changed
 * since they were read (else it reads both again).
 */
export async function settleProductCounts(
  { products, counts }: ListingCountDeps,
  id: number,
  known?: Membership,
): Promise<void> {
  let current = known;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const from = current ?? (await counts.memberships([member(id)]))[0];
    current = undefined;
    const product = await products.get(id, { consistent: true });
    const to = product ? productCounts(product) : [];
    if (sameCounts(from.counts, to)) return;
    if (await counts.move(member(id), from, to, guardOf(id, product))) return;
  }
  throw new Error(`the listing counts of product ${id} kept changing under ${MAX_ROUNDS} attempts`);
}

/**
 * settleProductCounts for a stream batch's products at once (docs/decisions/051): their markers and
 * the products (consistently) in BatchGets, and every move in as few transactions as
 * DynamoDB takes (each count's changes summed, so the batch's products touch each shared count
 * once instead of contending for it). A transaction refused (a marker or a product changed since
 * it was read) leaves nothing changed, and its products are settled one by one. Resolves with the
 * products that could not be settled and why.
 */
export async function settleProductCountsOf(
  deps: ListingCountDeps,
  ids: readonly number[],
): Promise<Map<number, unknown>> {
  const failures = new Map<number, unknown>();
  const unique = [...new Set(ids)];
  const [markers, current] = await Promise.all([
    deps.counts.memberships(unique.map(member)),
    deps.products.getMany(unique, { consistent: true }),
  ]);
  const moves: (CountMove & { id: number })[] = [];
  unique.forEach((id, i) => {
    const product = current[i];
    const to = product ? productCounts(product) : [];
    if (!sameCounts(markers[i].counts, to))
      moves.push({ id, member: member(id), from: markers[i], to, guard: guardOf(id, product) });
  });
  for (const chunk of transactions(moves)) {
    if (await deps.counts.moveMany(chunk)) continue;
    for (const { id } of chunk) {
      try {
        await settleProductCounts(deps, id);
      } catch (error) {
        failures.set(id, error);
      }
    }
  }
  return failures;
}

/** The moves in order, cut into transactions DynamoDB takes (two items each, one per count changed). */
function transactions<M extends CountMove>(moves: readonly M[]): M[][] {
  const out: M[][] = [];
  let chunk: M[] = [];
  let changed = new Set<string>();
  for (const move of moves) {
    const mine = [
      ...move.from.counts.filter((c) => !move.to.includes(c)),
      ...move.to.filter((c) => !move.from.counts.includes(c)),
    ];
    const grown = new Set([...changed, ...mine]);
    if (chunk.length > 0 && (chunk.length + 1) * 2 + grown.size > MAX_MOVE_ITEMS) {
      out.push(chunk);
      chunk = [];
      changed = new Set(mine);
    } else changed = grown;
    chunk.push(move);
  }
  if (chunk.length > 0) out.push(chunk);
  return out;
}

/** The total of a plain listing: its partition's count. */
export async function listingTotal({ counts }: Pick<ListingCountDeps, 'counts'>, scope: ProductListingScope) {
  const [value] = await counts.values([productListingKey(scope).pk]);
  return value;
}

/**
 * Maintenance (the local stack at start; a stage whose counts were never kept): walks every active
 * product (the global listing index) and settles those whose marker does not match. Products that
 * stopped being active while their stream records were lost are not found this way: re-saving
 * them settles them. Returns how many products were corrected.
 */
export async function recountListings(
  deps: ListingCountDeps & {
    /** Pages of the products to walk (the admin's every-product index); default: every active product. */
    pages?: (size: number, cursor?: string) => Promise<{ items: Product[]; nextCursor: string | null }>;
  },
  pageSize = 100,
): Promise<number> {
  let corrected = 0;
  let cursor: string | undefined;
  const pages = deps.pages ?? ((size, from) => deps.products.listActive({}, 'newest', size, from));
  do {
    const page = await pages(pageSize, cursor);
    const markers = await deps.counts.memberships(page.items.map((p) => member(p.id)));
    for (const [i, p] of page.items.entries()) {
      if (sameCounts(markers[i].counts, productCounts(p))) continue;
      await settleProductCounts(deps, p.id, markers[i]);
      corrected++;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return corrected;
}
