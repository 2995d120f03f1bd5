import {
  DELETED_ACCOUNT_NAME,
  type InterestedPerson,
  PURCHASES_MAX,
  type PurchaseEntry,
  type PurchaseState,
} from '#shared/deals';
import type { Product } from '#shared/schemas';
import { API_MESSAGES } from '#shared/messages';
import type { AuthContext } from '../../commons/auth';
import { NotFoundError } from '../../commons/errors';
import type { ProfileRepository } from '../../ports/accounts';
import type { InterestRepository } from '../../ports/deals';
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
        name: profile?.full_name?.trim() || DELETED_ACCOUNT_NAME,
        verified: profile?.university_email_verified === true,
        contacted_at: i.contacted_at,
        asked_at: i.asked_at,
        last_at: i.last_at,
      };
    }),
  );
  return { items: people.sort((a, b) => b.last_at.localeCompare(a.last_at)) };
}

/** Where a listing stands for someone who came for it. */
export function purchaseState(p: Product): PurchaseState {
  if (p.held_at) return 'unavailable';
  if (p.status === 'active') return 'available';
  if (p.status === 'reserved') return 'reserved';
  if (p.status === 'sold') return 'sold';
  return 'unavailable';
}

/**
 * 'Mis Compras': the listings the caller contacted or asked about, their latest first, each with
 * where it stands now. A listing deleted since is left out (nothing of it is left to show).
 */
export async function listPurchases(
  deps: Pick<InterestDeps, 'interests'> & { products: Pick<ProductRepository, 'getMany'> },
  auth: AuthContext,
): Promise<{ items: PurchaseEntry[] }> {
  const interests = await deps.interests.listOfPerson(auth.userId, PURCHASES_MAX);
  const products = await deps.products.getMany(interests.map((i) => i.product_id));
  const items: PurchaseEntry[] = [];
  for (const [n, i] of interests.entries()) {
    const p = products[n];
    if (!p) continue;
    items.push({
      product: productSummary(p),
      state: purchaseState(p),
      contacted_at: i.contacted_at,
      asked_at: i.asked_at,
      last_at: i.last_at,
    });
  }
  return { items };
}
