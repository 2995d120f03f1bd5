import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
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
  });

/** Cursor-paginated listing ('Cargar más'). */
export const useInfiniteProducts = (query: ProductsQuery, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...getInfiniteProductsQueryOptions(query), enabled: options.enabled ?? true });
