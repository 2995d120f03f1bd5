import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';

/** getProduct: an active product; 404 (ApiError) when there is none. */
export const getProduct = (id: number, signal?: AbortSignal) =>
  apiCall('getProduct', { params: { id }, signal });

/** Under the products' key root, so a change to one's listings refreshes it too. */
export const getProductQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: [productsQueryKeyRoot, 'detail', id],
    queryFn: ({ signal }) => getProduct(id as number, signal),
    enabled: id !== null,
  });

export const useProduct = (id: number | null) => useQuery(getProductQueryOptions(id));
