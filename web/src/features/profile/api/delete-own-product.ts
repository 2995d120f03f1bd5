import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

/** deleteOwnProduct: removes one of the seller's listings (and its photos). */
export const deleteOwnProduct = (id: number) => apiCall('deleteOwnProduct', { params: { id } });

/** Settled either way, the seller's own list and the public listings are refreshed. */
export const deleteOwnProductMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: deleteOwnProduct,
    onSettled: () => invalidateListings(queryClient, userId),
  });

export const useDeleteOwnProduct = () =>
  useMutation(deleteOwnProductMutationOptions(useQueryClient(), useSignedInUserId()));
