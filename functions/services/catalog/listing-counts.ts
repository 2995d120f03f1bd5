import type { Product } from '#shared/schemas';
import { ADMIN_COUNTS, keys, productListingKey, productListingPartitions } from '#shared/table';
import { type CountStore, type MarkerPage, MAX_MOVE_ITEMS, type PagedMoves } from '../../ports/counts';
import type { ProductListingScope, ProductRepository } from '../../ports/repositories';

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

const sameCounts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c) => b.includes(c));

/** Products per marker page: a few KB per page item, a batch of new listings in a few pages. */
export const PRODUCTS_PER_MARKER_PAGE = 50;
const pageOf = (id: number) => `PRODUCTS#${Math.floor(id / PRODUCTS_PER_MARKER_PAGE)}`;

/** Rounds of reading and moving: a refused transaction (a concurrent settle) reads again. */
const MAX_ROUNDS = 8;

/**
 * Makes a product counted in exactly the listings it is in NOW (its item read consistently):
 * idempotent, so a stream record replayed, delivered twice or out of order changes nothing more;
 * exact under concurrency (see settleProductCountsOf).
 */
export async function settleProductCounts(deps: ListingCountDeps, id: number): Promise<void> {
  const { failures } = await settle(deps, [id]);
  if (failures.has(id)) throw failures.get(id);
}

/**
 * settleProductCounts for a stream batch's products at once (docs/decisions/051): each product's
 * marker lives in a page of 50 (CountStore's MarkerPage), so the batch's moves are a few page
 * writes plus each shared count's summed change, in as few transactions as DynamoDB takes.
 * Exact under replays, crashes and concurrency because:
 * - every settle moves a product from what its page says to what the product is NOW, so a replayed,
 *   duplicated or out-of-order record finds nothing to move; each transaction carries its pages
 *   with their counts, so a crash between two transactions leaves each product either moved or not;
 * - the pages are read BEFORE the products, and a transaction applies only if its pages are still at
 *   the versions read. A settle whose product read is stale read its page even earlier, so any later
 *   settle of that product (the stream brings one after every change) either moved the page since
 *   — and the stale one is refused and reads again — or comes after it and corrects it.
 * Resolves with the products that could not be settled and why.
 */
export async function settleProductCountsOf(
  deps: ListingCountDeps,
  ids: readonly number[],
): Promise<Map<number, unknown>> {
  return (await settle(deps, ids)).failures;
}

interface ProductMove {
  id: number;
  from: readonly string[];
  to: readonly string[];
  legacyVersion?: number;
}

async function settle(
  { products, counts }: ListingCountDeps,
  ids: readonly number[],
): Promise<{ failures: Map<number, unknown>; moved: number }> {
  const failures = new Map<number, unknown>();
  const moved = new Set<number>();
  let pending = [...new Set(ids)];
  // Until the fold is recorded, a product its page does not hold may still have its own marker.
  const ownMarkers = pending.length > 0 && !(await counts.productMarkersFolded());
  for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
    // A refused round (a concurrent settle of a page) waits a little, so two settles do not keep colliding.
    if (round > 0) await new Promise((r) => setTimeout(r, Math.random() * 20 * round));
    // Pages first, products after (see above: what makes a stale product read harmless). A product
    // its page does not hold may have its own marker (written before pages) until the fold is
    // recorded, read beside the products: only old code wrote those, and retiring one is
    // conditioned on the version read.
    const pages = await counts.markerPages([...new Set(pending.map(pageOf))]);
    const entry = (id: number) => pages.get(pageOf(id))?.members[member(id)];
    const unpaged = ownMarkers ? pending.filter((id) => !entry(id)) : [];
    const [own, current] = await Promise.all([
      unpaged.length > 0 ? counts.memberships(unpaged.map(member)) : [],
      products.getMany(pending, { consistent: true }),
    ]);
    const legacyOf = new Map(unpaged.flatMap((id, i) => (own[i].counts.length > 0 ? [[id, own[i]]] : [])));
    const moves: ProductMove[] = [];
    pending.forEach((id, i) => {
      const product = current[i];
      const to = product ? productCounts(product) : [];
      const legacy = legacyOf.get(id);
      const from = entry(id) ?? legacy?.counts ?? [];
      if (!sameCounts(from, to) || legacy)
        moves.push({ id, from, to, ...(legacy ? { legacyVersion: legacy.version } : {}) });
    });
    const refused: number[] = [];
    let error: unknown;
    for (const chunk of transactions(moves, pages)) {
      const ids = chunk.moves.map((m) => m.id);
      // After a refusal its pages are behind, after an error nothing more is tried this time.
      if (error !== undefined || refused.length > 0) {
        refused.push(...ids);
        continue;
      }
      try {
        if (!(await counts.movePaged(chunk.write))) refused.push(...ids);
        else for (const m of chunk.moves) if (!sameCounts(m.from, m.to)) moved.add(m.id);
      } catch (err) {
        error = err;
        refused.push(...ids);
      }
    }
    // An error (not a refusal) is not retried here: the stream retries the records.
    if (error !== undefined) {
      for (const id of refused) failures.set(id, error);
      return { failures, moved: moved.size };
    }
    pending = refused;
  }
  for (const id of pending)
    failures.set(
      id,
      new Error(`the listing counts of product ${id} kept changing under ${MAX_ROUNDS} attempts`),
    );
  return { failures, moved: moved.size };
}

/**
 * The moves in order, cut into transactions DynamoDB takes (one item per page written, per own
 * marker retired and per count changed). A page split over two transactions is written by both,
 * the second conditioned on the first's version.
 */
function transactions(
  moves: readonly ProductMove[],
  read: ReadonlyMap<string, MarkerPage>,
): { moves: ProductMove[]; write: PagedMoves }[] {
  const state = new Map([...read].map(([p, page]) => [p, { ...page, members: { ...page.members } }]));
  const out: { moves: ProductMove[]; write: PagedMoves }[] = [];
  let chunk: ProductMove[] = [];
  let touched = new Set<string>();
  let deltas = new Map<string, number>();
  const flush = () => {
    if (chunk.length === 0) return;
    const pages = [...touched].map((p) => state.get(p) as MarkerPage);
    const retired = chunk.flatMap((m) =>
      m.legacyVersion === undefined ? [] : [{ member: member(m.id), version: m.legacyVersion }],
    );
    out.push({
      moves: chunk,
      write: { pages: pages.map((p) => ({ ...p, members: { ...p.members } })), retired, deltas },
    });
    // The next transaction finds these pages one version later.
    for (const p of touched) {
      const page = state.get(p) as MarkerPage & { members: Record<string, readonly string[]> };
      state.set(p, { ...page, version: page.version + 1 });
    }
    chunk = [];
    touched = new Set();
    deltas = new Map();
  };
  for (const move of moves) {
    const page = pageOf(move.id);
    const mine = new Map<string, number>();
    for (const c of move.from) if (!move.to.includes(c)) mine.set(c, -1);
    for (const c of move.to) if (!move.from.includes(c)) mine.set(c, 1);
    const counted = new Set([...deltas.keys(), ...mine.keys()]).size;
    const retired =
      chunk.filter((m) => m.legacyVersion !== undefined).length + (move.legacyVersion === undefined ? 0 : 1);
    const pagesAfter = touched.size + (touched.has(page) ? 0 : 1);
    if (chunk.length > 0 && pagesAfter + retired + counted > MAX_MOVE_ITEMS) flush();
    const entries = (state.get(page) as { members: Record<string, readonly string[]> }).members;
    if (move.to.length > 0) entries[member(move.id)] = [...move.to];
    else delete entries[member(move.id)];
    touched.add(page);
    for (const [c, d] of mine) deltas.set(c, (deltas.get(c) ?? 0) + d);
    chunk.push(move);
  }
  flush();
  return out;
}

/**
 * One-off maintenance (decision 051): folds every product's own marker, written before marker
 * pages, into its page, then records that none is left, so that settles stop reading them (a
 * BatchGet of every new product of a stream batch). Each marker's product is settled, which moves
 * its counts into the page and retires the marker in one transaction; a marker whose page already
 * holds the product (an old dispatcher that ran after a new one) counted it a second time, so it
 * is retired with its counts taken back. Idempotent and safe beside the stream: every step is
 * conditioned on the versions read. Run at the local stack's start and, for a stage, by
 * `npm run counts -- fold --stage <name>` (docs/runbook.md). Returns how many markers it folded.
 */
export async function foldProductMarkers(deps: ListingCountDeps): Promise<number> {
  const { counts } = deps;
  if (await counts.productMarkersFolded()) return 0;
  let folded = 0;
  let cursor: string | undefined;
  do {
    const page = await counts.productMarkers(cursor);
    const ids = page.members.flatMap((m) => {
      const id = Number(/^PRODUCT#(\d+)$/.exec(m)?.[1]);
      return Number.isSafeInteger(id) && member(id) === m ? [id] : [];
    });
    const { failures } = await settle(deps, ids);
    const [failure] = failures.values();
    if (failure !== undefined) throw failure;
    // What settling left: markers beside their page's entry (counted twice) and empty ones.
    const left = await counts.memberships(ids.map(member));
    for (const [i, id] of ids.entries()) {
      const own = left[i];
      if (own.version === 0) continue;
      const deltas = new Map(own.counts.map((c) => [c, -1]));
      if (
        !(await counts.movePaged({
          pages: [],
          retired: [{ member: member(id), version: own.version }],
          deltas,
        }))
      )
        throw new Error(
          `the own count marker of product ${id} changed while it was folded; run the fold again`,
        );
    }
    folded += ids.length;
    cursor = page.cursor ?? undefined;
  } while (cursor);
  await counts.markProductMarkersFolded();
  return folded;
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
    const { failures, moved } = await settle(
      deps,
      page.items.map((p) => p.id),
    );
    const [failure] = failures.values();
    if (failure !== undefined) throw failure;
    corrected += moved;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return corrected;
}
