import { apiCall } from '@/lib/api-client';
import type { ReviewSide } from '#shared/reviews';

/** listSellerReviews: the next page of a seller's reviews (issue 40). */
export const getSellerReviewsPage = (sellerId: string, cursor: string) =>
  apiCall('listSellerReviews', { params: { id: sellerId }, query: { cursor } });

/** replyToReview: the reviewed person's one reply. */
export const replyToReview = (productId: number, side: ReviewSide, text: string) =>
  apiCall('replyToReview', { params: { id: productId, side }, body: { text } });

/** reportReview: 'Reportar reseña' (issue 40), with an optional comment. */
export const reportReview = (productId: number, side: ReviewSide, comment: string | null) =>
  apiCall('reportReview', { params: { id: productId, side }, body: { comment } });
