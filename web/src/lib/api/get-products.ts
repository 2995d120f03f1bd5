import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ApiInput, apiCall } from '../api-client';

export type ProductsQuery = NonNullable<ApiInput<'listProducts'>['query']>;

export const getProducts = (query: ProductsQuery, signal?: AbortSignal) =>
  apiCall('listProducts', { query, signal });

export const productsQueryOptions = (query: ProductsQuery) =>
  queryOptions({
    queryKey: ['products', 'list', query],
    queryFn: ({ signal }) => getProducts(query, signal),
  });

/** One page (section previews, the global strip). */
export const useProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...productsQueryOptions(query), enabled: options.enabled ?? true });

/** Cursor-paginated listing ('Cargar más'). */
export const useInfiniteProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({
    queryKey: ['products', 'infinite', query],
    queryFn: ({ pageParam, signal }) => getProducts({ ...query, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
  });
