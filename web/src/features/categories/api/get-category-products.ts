import { useInfiniteQuery } from '@tanstack/react-query';
import { type ApiInput, apiCall } from '../../../lib/api-client';

export type ProductsQuery = NonNullable<ApiInput<'listProducts'>['query']>;

/**
 * GET /api/products scoped to one university and one category, cursor-paginated ('Cargar más').
 * Same query key shape as the marketplace listings, so identical queries share the cache.
 */
export const useCategoryProducts = (query: ProductsQuery) =>
  useInfiniteQuery({
    queryKey: ['products', 'infinite', query],
    queryFn: ({ pageParam, signal }) =>
      apiCall('listProducts', { query: { ...query, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
