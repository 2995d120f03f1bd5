import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewSide } from '#shared/reviews';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY, invalidateAfterAdminChange } from './admin-keys';

/** adminListReviewReports: the pending reports of reviews (issue 40), newest first. */
export const useAdminReviewReports = () =>
  useQuery({
    queryKey: [ADMIN_KEY, 'review-reports', 'pending'],
    queryFn: ({ signal }) =>
      apiCall('adminListReviewReports', { query: { status: 'pending', limit: 50 }, signal }),
    staleTime: 0,
  });

/** adminDecideReview: hide the review or keep it; its pending reports are decided with it, audited. */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      productId,
      side,
      action,
      notes,
    }: {
      productId: number;
      side: ReviewSide;
      action: 'hide' | 'keep';
      notes: string | null;
    }) => apiCall('adminDecideReview', { params: { id: productId, side }, body: { action, notes } }),
    onSettled: () => invalidateAfterAdminChange(queryClient),
  });
}
