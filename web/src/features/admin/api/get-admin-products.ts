import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProductStatus } from '#shared/statuses';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

export interface AdminProductFilters {
  q: string;
  status: ProductStatus | '';
  university: string;
}

/** adminListProducts: every product of every status, newest first, a page at a time. */
export const getAdminProducts = (
  filters: AdminProductFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  apiCall('adminListProducts', {
    query: {
      q: filters.q,
      status: filters.status || undefined,
      university: filters.university,
      cursor,
      limit: 20,
    },
    signal,
  });

export const getAdminProductsQueryOptions = (filters: AdminProductFilters) =>
  infiniteQueryOptions({
    queryKey: [ADMIN_KEY, 'products', filters],
    queryFn: ({ pageParam, signal }) => getAdminProducts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useAdminProducts = (filters: AdminProductFilters) =>
  useInfiniteQuery(getAdminProductsQueryOptions(filters));
