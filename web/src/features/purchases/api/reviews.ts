import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewSide } from '#shared/reviews';
import { apiCall } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { getPurchasesQueryOptions } from './get-purchases';

/** reviewDeal: the buyer's review of the seller (issue 40); 'Mis Compras' is read again. */
export const useReviewDeal = () => {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: ({ productId, stars, text }: { productId: number; stars: number; text: string | null }) =>
      apiCall('reviewDeal', { params: { id: productId }, body: { stars, text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPurchasesQueryOptions(userId).queryKey }),
  });
};

/** replyToReview: the buyer's one reply to the seller's review of them. */
export const useReplyToReview = () => {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: ({ productId, side, text }: { productId: number; side: ReviewSide; text: string }) =>
      apiCall('replyToReview', { params: { id: productId, side }, body: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPurchasesQueryOptions(userId).queryKey }),
  });
};
