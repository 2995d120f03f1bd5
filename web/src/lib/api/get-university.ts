import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** getUniversity: one university (marketplace header, product page, profile, publishing). */
export const getUniversity = (id: string, signal?: AbortSignal) =>
  apiCall('getUniversity', { params: { id }, signal });

/** One query for every screen, so the marketplace's copy serves the product page too. */
export const getUniversityQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['universities', 'detail', id],
    queryFn: ({ signal }) => getUniversity(id as string, signal),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });

export const useUniversity = (id: string | null) => useQuery(getUniversityQueryOptions(id));
