import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

/** markProductSold: one of the seller's listings is sold (it leaves the public listings). */
export const markProductSold = (id: number) =>
  apiCall('markProductSold', { params: { id }, body: { status: 'sold' } });

/** Settled either way, the seller's own list and the public listings are refreshed. */
export const markProductSoldMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: markProductSold,
    onSettled: () => invalidateListings(queryClient, userId),
  });

export const useMarkProductSold = () =>
  useMutation(markProductSoldMutationOptions(useQueryClient(), useSignedInUserId()));
