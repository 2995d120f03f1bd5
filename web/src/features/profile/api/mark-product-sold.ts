import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

/** A status change, with the buyer it names (issue 40): null for nobody or someone outside the app. */
export type OwnStatusChange = { id: number; status: 'active' | 'reserved' | 'sold'; buyerId?: string | null };

/**
 * setOwnProductStatus: the seller marks a listing sold (it leaves the public listings), reserved
 * (it stays, with its badge) or available again, naming whom it is reserved for or sold to. The
 * server decides which change is allowed.
 */
export const setOwnProductStatus = ({ id, status, buyerId }: OwnStatusChange) =>
  apiCall('setOwnProductStatus', {
    params: { id },
    body: { status, ...(buyerId !== undefined ? { buyer_id: buyerId } : {}) },
  });

/** Settled either way, the seller's own list and the public listings are refreshed. */
export const setOwnProductStatusMutationOptions = (queryClient: QueryClient, userId: string | null) =>
  mutationOptions({
    mutationFn: setOwnProductStatus,
    onSettled: () => invalidateListings(queryClient, userId),
  });

export const useSetOwnProductStatus = () =>
  useMutation(setOwnProductStatusMutationOptions(useQueryClient(), useSignedInUserId()));
