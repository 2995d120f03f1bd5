import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, apiCall, revalidatePublicReads } from '../api-client';
import { useSession } from '../session';

/** The signed-in seller's listings (every status), keyed by user like the other personal data. */
export const ownProductsQueryKey = (userId: string | null) => ['own-products', userId] as const;

export function useOwnProducts() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  return useQuery({
    queryKey: ownProductsQueryKey(userId),
    queryFn: ({ signal }) => apiCall('listOwnProducts', { signal }),
    enabled: userId !== null,
  });
}

/**
 * After a change to one's listings, the own list and every public listing are stale (spec:
 * "refresh the user's list and the general product list").
 */
function useRefreshListings() {
  const queryClient = useQueryClient();
  return () => {
    revalidatePublicReads();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['own-products'] }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
  };
}

export function useMarkSold() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (id: number) => apiCall('markProductSold', { params: { id }, body: { status: 'sold' } }),
    onSettled: refresh,
  });
}

export function useDeleteOwnProduct() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (id: number) => apiCall('deleteOwnProduct', { params: { id } }),
    onSettled: refresh,
  });
}

export function usePublishProduct() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (body: ApiInput<'createProduct'>['body']) => apiCall('createProduct', { body }),
    onSuccess: refresh,
  });
}
