import { API_MESSAGES } from '#shared/messages';
import type { Product } from '#shared/schemas';
import { isListed } from '#shared/table';
import type { AuthContext } from '../../commons/auth';
import { NotFoundError } from '../../commons/errors';
import type { FavoriteRepository } from '../../ports/accounts';
import type { ProductRepository } from '../../ports/repositories';

export interface FavoriteDeps {
  favorites: FavoriteRepository;
  products: ProductRepository;
  now: () => Date;
}

export async function addFavorite(deps: FavoriteDeps, auth: AuthContext, productId: number) {
  const product = await deps.products.get(productId);
  if (!product) throw new NotFoundError(API_MESSAGES.productNotFound);
  await deps.favorites.add(auth.userId, productId, deps.now().toISOString());
  return { product_id: productId, saved: true };
}

export async function removeFavorite(deps: FavoriteDeps, auth: AuthContext, productId: number) {
  await deps.favorites.remove(auth.userId, productId);
  return { product_id: productId, saved: false };
}

/** Saved products still on sale, newest saved first. */
export async function listFavorites(deps: FavoriteDeps, auth: AuthContext): Promise<{ items: Product[] }> {
  const products = await deps.favorites.listProducts(auth.userId);
  return { items: products.filter(isListed) };
}
