import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fromEarlyScript, takeEarlyAnswer } from '@/lib/api-client';
import { getProducts, type ProductsQuery } from '@/lib/api/get-products';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';

/**
 * listProducts cursor-paginated ('Cargar más'): a module of its own, with TanStack Query's infinite
 * observer in a chunk of its own, off the first routes that show no paginated listing (decision 037).
 */
export const getInfiniteProductsQueryOptions = (query: ProductsQuery) =>
  infiniteQueryOptions({
    queryKey: [productsQueryKeyRoot, 'infinite', query],
    queryFn: ({ pageParam, signal }) => getProducts({ ...query, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A first screen's page may already be in from the early script (decision 036).
    initialData: () => {
      const first = takeEarlyAnswer('listProducts', { query });
      return first ? fromEarlyScript({ pages: [first], pageParams: [null] }) : undefined;
    },
  });

/** Cursor-paginated listing ('Cargar más'). */
export const useInfiniteProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...getInfiniteProductsQueryOptions(query), enabled: options.enabled ?? true });
