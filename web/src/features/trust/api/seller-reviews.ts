import { apiCall } from '@/lib/api-client';
import type { ReviewSide } from '#shared/reviews';

/** listSellerReviews: the next page of a seller's reviews (issue 40). */
export const getSellerReviewsPage = (sellerId: string, cursor: string) =>
  apiCall('listSellerReviews', { params: { id: sellerId }, query: { cursor } });

/** reportReview: 'Reportar reseña' (issue 40), with an optional comment. */
export const reportReview = (productId: number, side: ReviewSide, comment: string | null) =>
  apiCall('reportReview', { params: { id: productId, side }, body: { comment } });
