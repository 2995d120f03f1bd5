import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, revalidatePublicReads } from '@/lib/api-client';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';
import { useSignedInUserId } from '@/lib/session';

/** listOwnProducts: the signed-in seller's listings (every status). */
export const getOwnProducts = (signal?: AbortSignal) => apiCall('listOwnProducts', { signal });

/** Keyed by user like the other personal data; disabled without a session. */
export const getOwnProductsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['own-products', userId],
    queryFn: ({ signal }) => getOwnProducts(signal),
    enabled: userId !== null,
  });

export const useOwnProducts = () => useQuery(getOwnProductsQueryOptions(useSignedInUserId()));

/**
 * After a change to one's listings (published, sold, deleted), the own list and every public
 * product read are stale (spec: "refresh the user's list and the general product list"); the
 * browser's own cached copies too (revalidatePublicReads). For the mutations that make such changes.
 */
export function invalidateListings(queryClient: QueryClient, userId: string | null) {
  revalidatePublicReads();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getOwnProductsQueryOptions(userId).queryKey }),
    queryClient.invalidateQueries({ queryKey: [productsQueryKeyRoot] }),
  ]);
}
