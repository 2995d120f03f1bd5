import { ADMIN_MESSAGES } from '#shared/admin-messages';
import type { AdminProductsQuery } from '#shared/admin';
import type { Product } from '#shared/schemas';
import { fold } from '#shared/text';
import type { AuthContext } from '../../commons/auth';
import { ConflictError, NotFoundError } from '../../commons/errors';
import { logger } from '../../commons/observability';
import type { ImageStore } from '../../ports/images';
import type { Page, ProductRepository } from '../../ports/repositories';
import { auditOf, ROUNDS, requireAdmin } from '../admin/audit';
import { ownImageKeys } from './images';

/**
 * Any listing, as the staff manage it (docs/decisions/025): found among every product of every
 * status, deactivated or reactivated, deleted. Each change goes through the product repository
 * under the same conditions as a seller's (the product still as read), with its audit record in
 * the same transaction.
 */
export interface ListingDeps {
  products: ProductRepository;
  now: () => Date;
  newId: () => string;
}

const CANONICAL_ID = /^[1-9][0-9]{0,14}$/;

export async function listEveryProduct(
  deps: ListingDeps,
  auth: AuthContext | null,
  query: AdminProductsQuery,
): Promise<Page<Product>> {
  requireAdmin(auth);
  const q = query.q?.trim();
  if (q && CANONICAL_ID.test(q.replace(/^#/, ''))) {
    // A product id: one GetItem, whatever the filters say of it.
    const p = await deps.products.get(Number(q.replace(/^#/, '')));
    const fits =
      p &&
      (!query.status || p.status === query.status) &&
      (!query.university || p.university_id === query.university);
    if (fits || !query.cursor) return { items: fits && p ? [p] : [], nextCursor: null };
  }
  const words = q ? fold(q).split(/\s+/).filter(Boolean) : undefined;
  return deps.products.listEvery(
    { status: query.status, university: query.university, words },
    query.limit,
    query.cursor,
  );
}

export async function getAnyProduct(
  deps: ListingDeps,
  auth: AuthContext | null,
  id: number,
): Promise<Product> {
  requireAdmin(auth);
  const p = await deps.products.get(id, { consistent: true });
  if (!p) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
  return p;
}

/** The admin's toggle: active ↔ inactive (a sold product stays sold). The index follows by the stream. */
export async function setAnyProductStatus(
  deps: ListingDeps,
  auth: AuthContext | null,
  id: number,
  status: 'active' | 'inactive',
): Promise<Product> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const p = await deps.products.get(id, { consistent: true });
    if (!p) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
    if (p.status === 'sold') throw new ConflictError(ADMIN_MESSAGES.soldStatus);
    if (p.status === 'expired') throw new ConflictError(ADMIN_MESSAGES.expiredStatus);
    // A reserved listing is on offer: 'active' leaves it reserved (the seller's choice).
    if (p.status === status || (status === 'active' && p.status === 'reserved')) return p;
    const next: Product = { ...p, status };
    const audit = auditOf(deps, admin, {
      action: 'product.status',
      entityType: 'product',
      entityId: String(id),
      before: { status: p.status },
      after: { status },
    });
    if (await deps.products.replace(p, next, [audit])) return next;
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

/**
 * Deletes any product: the item and its audit record at once; then its photos (a failure leaves
 * files, never a broken product). Its questions and favorites go through the stream dispatcher;
 * its reports stay, with their snapshot.
 */
export async function deleteAnyProduct(
  deps: ListingDeps & { images: ImageStore },
  auth: AuthContext | null,
  id: number,
): Promise<{ id: number; deleted: true }> {
  const admin = requireAdmin(auth);
  for (let round = 0; round < ROUNDS; round++) {
    const p = await deps.products.get(id, { consistent: true });
    if (!p) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
    const audit = auditOf(deps, admin, {
      action: 'product.delete',
      entityType: 'product',
      entityId: String(id),
      before: productSnapshot(p),
      after: null,
    });
    if (await deps.products.remove(p, [audit])) {
      await deps.images
        .delete(ownImageKeys(id, p.images))
        .catch((e: unknown) => logger.warn('product images not deleted', { id, error: String(e) }));
      return { id, deleted: true };
    }
  }
  throw new ConflictError(ADMIN_MESSAGES.unexpected);
}

const productSnapshot = (p: Product) => ({
  title: p.title,
  price: p.price,
  category: p.category,
  status: p.status,
  university_id: p.university_id,
  seller_name: p.seller_name,
  seller_email: p.seller_email,
  owner_id: p.owner_id,
  held_at: p.held_at ?? null,
  created_at: p.created_at,
});
