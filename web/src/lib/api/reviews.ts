import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewSide } from '#shared/reviews';
import { apiCall } from '@/lib/api-client';
import { invalidateListings } from '@/lib/api/get-own-products';
import { useSignedInUserId } from '@/lib/session';

/**
 * Reviews (issue 40), wherever they are written: 'Mis Compras' (the buyer), 'Mis Productos' (the
 * seller), the seller page (the seller's replies). Settled either way, every list that shows a
 * deal's reviews or a seller's figures is read again.
 */
function invalidateReviewed(queryClient: QueryClient, userId: string | null) {
  return Promise.all([
    // The roots of 'Mis Compras' (features/purchases) and of every seller's page (get-seller.ts).
    queryClient.invalidateQueries({ queryKey: ['purchases'] }),
    queryClient.invalidateQueries({ queryKey: ['sellers'] }),
    invalidateListings(queryClient, userId),
  ]);
}

/** reviewDeal: one side's review of the other, once (the server answers whether it is visible yet). */
export function useReviewDeal() {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: ({ productId, stars, text }: { productId: number; stars: number; text: string | null }) =>
      apiCall('reviewDeal', { params: { id: productId }, body: { stars, text } }),
    onSettled: () => invalidateReviewed(queryClient, userId),
  });
}

/** replyToReview: the reviewed person's one reply. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: ({ productId, side, text }: { productId: number; side: ReviewSide; text: string }) =>
      apiCall('replyToReview', { params: { id: productId, side }, body: { text } }),
    onSettled: () => invalidateReviewed(queryClient, userId),
  });
}
