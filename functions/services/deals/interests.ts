import {
  type BuyerDeal,
  type InterestedPerson,
  PURCHASES_MAX,
  type PurchaseEntry,
  type PurchaseState,
  shownName,
} from '#shared/deals';
import type { Product } from '#shared/schemas';
import { API_MESSAGES } from '#shared/messages';
import type { AuthContext } from '../../commons/auth';
import { NotFoundError } from '../../commons/errors';
import type { ProfileRepository } from '../../ports/accounts';
import type { Deal, DealRepository, InterestRepository, ReviewRepository } from '../../ports/deals';
import { buyerView, liveDeal } from './deals';
import type { ProductRepository } from '../../ports/repositories';
import { productSummary } from '../catalog/product-summary';

/**
 * Who came for a listing (issue 40): the signed-in people who asked for its seller's number or
 * asked a question. Only the seller sees them, with their names as they are now ('Usuario
 * eliminado' for an account that is gone) and whether their institutional e-mail is verified; the
 * newest first. Anyone else's listing is "not found", as for every own-listing route.
 */
export interface InterestDeps {
  interests: InterestRepository;
  products: Pick<ProductRepository, 'get' | 'getMany'>;
  profiles: Pick<ProfileRepository, 'get'>;
}

export async function listInterested(
  deps: InterestDeps,
  auth: AuthContext,
  productId: number,
): Promise<{ items: InterestedPerson[] }> {
  const product = await deps.products.get(productId, { consistent: true });
  if (!product || product.owner_id !== auth.userId) throw new NotFoundError(API_MESSAGES.productNotFound);
  const interests = await deps.interests.listOfProduct(productId);
  const people = await Promise.all(
    interests.map(async (i): Promise<InterestedPerson> => {
      const profile = await deps.profiles.get(i.user_id);
      return {
        user_id: i.user_id,
        name: shownName(profile),
        verified: profile?.university_email_verified === true,
        contacted_at: i.contacted_at,
        asked_at: i.asked_at,
        last_at: i.last_at,
      };
    }),
  );
  return { items: people.sort((a, b) => b.last_at.localeCompare(a.last_at)) };
}

/**
 * Where a listing stands for someone who came for it: held or sold for them when they are the
 * buyer named in its deal (the deal of the listing as it stands now).
 */
export function purchaseState(p: Product, myDeal: Deal | undefined): PurchaseState {
  if (p.held_at) return 'unavailable';
  if (p.status === 'active') return 'available';
  if (p.status === 'reserved') return myDeal?.state === 'reserved' ? 'reserved_for_you' : 'reserved';
  if (p.status === 'sold') return myDeal && myDeal.state !== 'reserved' ? 'sold_to_you' : 'sold';
  return 'unavailable';
}

/**
 * 'Mis Compras': the listings the caller contacted or asked about, their latest first, each with
 * where it stands now (a listing deleted since is left out: nothing of it is left to show); then
 * the caller's deals as buyer, those waiting for their answer first.
 */
export async function listPurchases(
  deps: Pick<InterestDeps, 'interests' | 'profiles'> & {
    products: Pick<ProductRepository, 'getMany'>;
    deals: Pick<DealRepository, 'listOfBuyer'>;
    reviews: Pick<ReviewRepository, 'ofDeal'>;
    now: () => Date;
  },
  auth: AuthContext,
): Promise<{ items: PurchaseEntry[]; deals: BuyerDeal[] }> {
  const [interests, deals] = await Promise.all([
    deps.interests.listOfPerson(auth.userId, PURCHASES_MAX),
    deps.deals.listOfBuyer(auth.userId, PURCHASES_MAX),
  ]);
  const products = await deps.products.getMany(interests.map((i) => i.product_id));
  const myDeals = new Map(deals.map((d) => [d.product_id, d]));
  const items: PurchaseEntry[] = [];
  for (const [n, i] of interests.entries()) {
    const p = products[n];
    if (!p) continue;
    items.push({
      product: productSummary(p),
      state: purchaseState(p, myDeals.get(p.id)),
      contacted_at: i.contacted_at,
      asked_at: i.asked_at,
      last_at: i.last_at,
    });
  }
  // A reservation the listing has left behind (it expired, or an admin took it down) is no deal.
  const reserved = await deps.products.getMany(
    deals.filter((d) => d.state === 'reserved').map((d) => d.product_id),
  );
  const listing = new Map(reserved.flatMap((p) => (p ? [[p.id, p] as const] : [])));
  const live = await Promise.all(
    deals
      .filter((d) => liveDeal(listing.get(d.product_id), d))
      // The seller's review of the buyer, once visible, is theirs to read (and reply to) here.
      .map(async (d) =>
        buyerView(deps, d, d.state === 'confirmed' ? (await deps.reviews.ofDeal(d.product_id)).seller : null),
      ),
  );
  // What waits for the buyer's answer first, then the rest, newest first (a stable sort).
  const waiting = (v: BuyerDeal) => (v.stage === 'to_confirm' ? 0 : 1);
  return { items, deals: live.sort((a, b) => waiting(a) - waiting(b)) };
}
