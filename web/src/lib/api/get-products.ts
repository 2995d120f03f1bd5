import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ApiInput, apiCall, fromEarlyScript, takeEarlyAnswer } from '@/lib/api-client';
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

/** The same call, cursor-paginated ('Cargar más'). */
export const getInfiniteProductsQueryOptions = (query: ProductsQuery) =>
  infiniteQueryOptions({
    queryKey: [productsQueryKeyRoot, 'infinite', query],
    queryFn: ({ pageParam, signal }) => getProducts({ ...query, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The first page, as above.
    initialData: () => {
      const first = takeEarlyAnswer('listProducts', { query });
      return first ? fromEarlyScript({ pages: [first], pageParams: [null] }) : undefined;
    },
  });

/** One page (section previews, the global strip). */
export const useProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getProductsQueryOptions(query), enabled: options.enabled ?? true });

/** Cursor-paginated listing ('Cargar más'). */
export const useInfiniteProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...getInfiniteProductsQueryOptions(query), enabled: options.enabled ?? true });
