import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/products/{id}: an active product; 404 (ApiError) when there is none. */
export const getProduct = (id: number, signal?: AbortSignal) =>
  apiCall('getProduct', { params: { id }, signal });

export const useProduct = (id: number | null) =>
  useQuery({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id as number, signal),
    enabled: id !== null,
  });
