import { averageOf } from '#shared/reviews';
import type { Product, SellerRating } from '#shared/schemas';
import { isOnOffer } from '#shared/statuses';
import { isListed } from '#shared/table';
import type { ReputationSums, ReviewRepository } from '../../ports/deals';
import type { ProductRepository } from '../../ports/repositories';
import { MalformedRecordError, type StreamChange } from '../../ports/stream';
import { productIdOf } from '../search/indexer';

/**
 * The seller's rating on their listings (issue 40: reputation where people decide). Each listing
 * on offer carries it (`seller_rating`), so a card shows it whichever store answered: the search
 * index (both engines take it from the product's change in the stream), the table's listing
 * indexes, the database fallback. Two steps of the stream keep it right:
 * - when a seller's average or number of reviews moves (a review made visible, or hidden by an
 *   admin), each of their listings on offer is stamped anew; each stamp is a product change, so
 *   the index follows;
 * - when a listed product changes, its stamp is checked against its seller's reputation, read
 *   then: a listing published while the average moved, back on offer, or rewritten whole from an
 *   older read is stamped again. That stamp's own change finds it right and stops there.
 * Both are idempotent under replays: a stamp that is already right is not written.
 */

export interface ListingRatingDeps {
  products: Pick<ProductRepository, 'listByOwner' | 'setSellerRating'>;
  reviews: Pick<ReviewRepository, 'reputations'>;
}

/** Products of one seller read at most (far above what one person lists here in years). */
export const RATED_LISTINGS_MAX = 2000;
/** Stamps written side by side. */
const STAMPS_AT_ONCE = 10;

interface Stamp {
  id: number;
  ownerId: string;
  rating: SellerRating | null;
}

/** The rating a listing carries from its seller's sums: none while they have no counted review. */
export function sellerRatingOf(
  sums: Pick<ReputationSums, 'seller_stars' | 'seller_reviews'>,
): SellerRating | null {
  const average = averageOf(sums.seller_stars, sums.seller_reviews);
  return average === null ? null : { average, reviews: sums.seller_reviews };
}

const sameRating = (a: SellerRating | null | undefined, b: SellerRating | null) =>
  a && b ? a.average === b.average && a.reviews === b.reviews : !a && !b;

const sumsIn = (image: Record<string, unknown> | undefined) => ({
  seller_stars: Number(image?.seller_stars ?? 0),
  seller_reviews: Number(image?.seller_reviews ?? 0),
});

/** Writes the stamps, a few at a time; resolves with those that failed, each with its error. */
async function stampAll(deps: ListingRatingDeps, stamps: readonly Stamp[]): Promise<Map<Stamp, unknown>> {
  const failed = new Map<Stamp, unknown>();
  for (let i = 0; i < stamps.length; i += STAMPS_AT_ONCE)
    await Promise.all(
      stamps.slice(i, i + STAMPS_AT_ONCE).map((s) =>
        deps.products.setSellerRating(s.id, s.ownerId, s.rating).catch((error: unknown) => {
          failed.set(s, error);
        }),
      ),
    );
  return failed;
}

/** Whether a reputation change moved the person's rating as a seller (what their listings show). */
export function sellerRatingMoved(change: StreamChange): boolean {
  if (!change.newImage) return false;
  return !sameRating(sellerRatingOf(sumsIn(change.oldImage)), sellerRatingOf(sumsIn(change.newImage)));
}

/** A reputation change: each of the seller's listings on offer carries their new rating. */
export async function rateListingsOfSeller(deps: ListingRatingDeps, change: StreamChange): Promise<void> {
  const sellerId = change.newImage?.user_id;
  if (typeof sellerId !== 'string') throw new MalformedRecordError('reputation without user_id');
  // The image, not a read: one person's changes arrive in order, so the last one handled is the latest.
  const rating = sellerRatingOf(sumsIn(change.newImage));
  const products = await deps.products.listByOwner(sellerId, RATED_LISTINGS_MAX);
  const failed = await stampAll(
    deps,
    products
      .filter((p) => isOnOffer(p.status) && !sameRating(p.seller_rating, rating))
      .map((p) => ({ id: p.id, ownerId: sellerId, rating })),
  );
  const [first] = failed.values();
  if (failed.size > 0) throw first;
}

/**
 * A run of product changes: each listed product whose stamp is not its seller's current rating is
 * stamped again (the run's sellers read at once, consistently). Resolves with the changes it failed.
 */
export async function restampListings(
  deps: ListingRatingDeps,
  changes: readonly StreamChange[],
): Promise<Map<StreamChange, unknown>> {
  const failures = new Map<StreamChange, unknown>();
  // Each product's last change in the run: the state the product is in now.
  const last = new Map<number, { change: StreamChange; product: Product }>();
  for (const change of changes) {
    let id: number | null;
    try {
      id = productIdOf(change);
    } catch (error) {
      failures.set(change, error);
      continue;
    }
    if (id === null) continue;
    last.delete(id);
    const p = change.newImage as Product | undefined;
    // A malformed product is the indexer's to report; a stamp needs an owner.
    if (change.eventName !== 'REMOVE' && p && typeof p.owner_id === 'string' && isListed(p))
      last.set(id, { change, product: p });
  }
  const listed = [...last.entries()];
  const sellers = [...new Set(listed.map(([, { product }]) => product.owner_id as string))];
  if (sellers.length === 0) return failures;
  let ratings: Map<string, SellerRating | null>;
  try {
    const sums = await deps.reviews.reputations(sellers);
    ratings = new Map(sellers.map((id, i) => [id, sellerRatingOf(sums[i])]));
  } catch (error) {
    for (const [, { change }] of listed) failures.set(change, error);
    return failures;
  }
  const changeOf = new Map<Stamp, StreamChange>();
  for (const [id, { change, product }] of listed) {
    const ownerId = product.owner_id as string;
    const rating = ratings.get(ownerId) ?? null;
    if (!sameRating(product.seller_rating, rating)) changeOf.set({ id, ownerId, rating }, change);
  }
  for (const [stamp, error] of await stampAll(deps, [...changeOf.keys()]))
    failures.set(changeOf.get(stamp) as StreamChange, error);
  return failures;
}
