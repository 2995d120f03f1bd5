import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';

/** relatedProducts: up to 4 active products of the same category and university. */
export const getRelatedProducts = (id: number, signal?: AbortSignal) =>
  apiCall('relatedProducts', { params: { id }, signal });

/** Under the products' key root, so a change to one's listings refreshes it too. */
export const getRelatedProductsQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: [productsQueryKeyRoot, 'related', id],
    queryFn: ({ signal }) => getRelatedProducts(id as number, signal),
    enabled: id !== null,
  });

export const useRelatedProducts = (id: number | null) => useQuery(getRelatedProductsQueryOptions(id));
