import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/products/{id}/related: up to 4 active products of the same category and university. */
export const getRelatedProducts = (id: number, signal?: AbortSignal) =>
  apiCall('relatedProducts', { params: { id }, signal });

export const useRelatedProducts = (id: number | null) =>
  useQuery({
    queryKey: ['products', 'related', id],
    queryFn: ({ signal }) => getRelatedProducts(id as number, signal),
    enabled: id !== null,
  });
