import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** adminListUniversities: every university (those being deleted too, with their job). */
export const getAdminUniversities = (signal?: AbortSignal) => apiCall('adminListUniversities', { signal });

export const getAdminUniversitiesQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'universities'],
    queryFn: ({ signal }) => getAdminUniversities(signal),
    staleTime: 0,
  });

export const useAdminUniversities = () => useQuery(getAdminUniversitiesQueryOptions());
