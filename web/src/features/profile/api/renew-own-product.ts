import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

/**
 * renewOwnProduct: 'Renovar' in the seller's lists (decision 030). An expired listing is on offer
 * again at once; an active or reserved one gets a new full period.
 */
export const renewOwnProduct = (id: number) => apiCall('renewOwnProduct', { params: { id } });

/** Settled either way, the seller's own list and the public listings are refreshed. */
export const renewOwnProductMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: renewOwnProduct,
    onSettled: () => invalidateListings(queryClient, userId),
  });

export const useRenewOwnProduct = () =>
  useMutation(renewOwnProductMutationOptions(useQueryClient(), useSignedInUserId()));
