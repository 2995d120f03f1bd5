import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** listUniversities: the active universities (selection page, institutional e-mail). */
export const getUniversities = (signal?: AbortSignal) => apiCall('listUniversities', { signal });

export const getUniversitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['universities', 'list'],
    queryFn: ({ signal }) => getUniversities(signal).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

export const useUniversities = () => useQuery(getUniversitiesQueryOptions());
