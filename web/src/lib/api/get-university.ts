import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, takeEarlyAnswer } from '@/lib/api-client';

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
    // The marketplace's header may already be in from the early script (decision 034).
    initialData: () => (id ? takeEarlyAnswer('getUniversity', { params: { id } }) : undefined),
  });

export const useUniversity = (id: string | null) => useQuery(getUniversityQueryOptions(id));
