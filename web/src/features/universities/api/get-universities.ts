import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const getUniversities = (signal?: AbortSignal) => apiCall('listUniversities', { signal });

export const universitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['universities'],
    queryFn: ({ signal }) => getUniversities(signal).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

export const useUniversities = () => useQuery(universitiesQueryOptions());
