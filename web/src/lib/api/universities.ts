import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client';

export const getUniversities = (signal?: AbortSignal) => apiCall('listUniversities', { signal });

export const universitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['universities'],
    queryFn: ({ signal }) => getUniversities(signal).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

export const useUniversities = () => useQuery(universitiesQueryOptions());

export const getUniversity = (id: string, signal?: AbortSignal) =>
  apiCall('getUniversity', { params: { id }, signal });

/** One university (header, profile); cached with the list's freshness. */
export const useUniversity = (id: string | null) =>
  useQuery({
    queryKey: ['universities', id],
    queryFn: ({ signal }) => getUniversity(id as string, signal),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
