import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall, registerApiRoutes } from '@/lib/api-client';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';
import { useIsAdmin } from '@/lib/session';
import type { ProductDetail } from '#shared/schemas';

const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/**
 * getProduct: an active product; null when there is none (the API's 404), an answer like any other,
 * so a page rendered on the server carries it in its state (an ApiError would not survive the
 * serialisation) and shows 'Producto no encontrado'. Other failures throw. For an admin, a product
 * the public may not see (inactive, sold, held for review) is read through the admin route instead,
 * so the admin area's 'Ver' opens its page (the API refuses that route to anyone else).
 */
export async function getProduct(
  id: number,
  signal?: AbortSignal,
  asAdmin = false,
): Promise<ProductDetail | null> {
  try {
    return await apiCall('getProduct', { params: { id }, signal });
  } catch (err) {
    if (!isNotFound(err)) throw err;
    if (!asAdmin) return null;
  }
  // The admin routes load with the admin area, never on this page's first load.
  registerApiRoutes((await import('virtual:api-routes/admin')).apiRoutes);
  return apiCall('adminGetProduct', { params: { id }, signal }).catch((err: unknown) => {
    if (isNotFound(err)) return null;
    throw err;
  });
}

/** Under the products' key root, so a change to one's listings refreshes it too. */
export const getProductQueryOptions = (id: number | null, asAdmin = false) =>
  queryOptions({
    queryKey: [productsQueryKeyRoot, 'detail', id, asAdmin],
    queryFn: ({ signal }) => getProduct(id as number, signal, asAdmin),
    enabled: id !== null,
  });

/** Of the session, only whether the person is an admin: the screen is not drawn again for anyone else's. */
export function useProduct(id: number | null) {
  return useQuery(getProductQueryOptions(id, useIsAdmin()));
}
