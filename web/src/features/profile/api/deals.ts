import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

/**
 * listInterested: who came for one of the seller's listings (issue 40), read when the seller closes
 * a sale or a reservation, so the names are as of that moment.
 */
export const interestedQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ['interested', productId],
    queryFn: ({ signal }) => apiCall('listInterested', { params: { id: productId }, signal }),
    staleTime: 0,
  });

/** enterHandoffCode: the buyer's code, typed by the seller at the meeting, confirms the deal. */
export const useEnterHandoffCode = () => {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      apiCall('enterHandoffCode', { params: { id }, body: { code } }),
    // A wrong code counts a try: the list shows the tries left either way.
    onSettled: () => invalidateListings(queryClient, userId),
  });
};
