import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiInput, apiCall, takeEarlyAnswer } from '@/lib/api-client';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';

export type ProductsQuery = NonNullable<ApiInput<'listProducts'>['query']>;

/** listProducts: one page of active products (search, filters, cursor). */
export const getProducts = (query: ProductsQuery, signal?: AbortSignal) =>
  apiCall('listProducts', { query, signal });

export const getProductsQueryOptions = (query: ProductsQuery) =>
  queryOptions({
    queryKey: [productsQueryKeyRoot, 'list', query],
    queryFn: ({ signal }) => getProducts(query, signal),
    // A first screen's page may already be in from the early script (decisions 034 and 036): the
    // screen then renders it at once, in place of the early paint, not a skeleton between the two.
    initialData: () => takeEarlyAnswer('listProducts', { query }),
  });

/** One page (section previews, the global strip). */
export const useProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getProductsQueryOptions(query), enabled: options.enabled ?? true });
