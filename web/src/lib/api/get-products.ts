import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiInput, apiCall } from '@/lib/api-client';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';

export type ProductsQuery = NonNullable<ApiInput<'listProducts'>['query']>;

/** listProducts: one page of active products (search, filters, cursor). */
export const getProducts = (query: ProductsQuery, signal?: AbortSignal) =>
  apiCall('listProducts', { query, signal });

export const getProductsQueryOptions = (query: ProductsQuery) =>
  queryOptions({
    queryKey: [productsQueryKeyRoot, 'list', query],
    queryFn: ({ signal }) => getProducts(query, signal),
  });

/** One page (section previews, the global strip). */
export const useProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getProductsQueryOptions(query), enabled: options.enabled ?? true });
