import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

export type OwnStatusChange = { id: number; status: 'active' | 'reserved' | 'sold' };

/**
 * setOwnProductStatus: the seller marks a listing sold (it leaves the public listings), reserved
 * (it stays, with its badge) or available again. The server decides which change is allowed.
 */
export const setOwnProductStatus = ({ id, status }: OwnStatusChange) =>
  apiCall('setOwnProductStatus', { params: { id }, body: { status } });

/** Settled either way, the seller's own list and the public listings are refreshed. */
export const setOwnProductStatusMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: setOwnProductStatus,
    onSettled: () => invalidateListings(queryClient, userId),
  });

export const useSetOwnProductStatus = () =>
  useMutation(setOwnProductStatusMutationOptions(useQueryClient(), useSignedInUserId()));
