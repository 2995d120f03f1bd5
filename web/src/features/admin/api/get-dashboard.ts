import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** adminDashboard: counts, latest reports, the charts' data, latest actions and jobs. */
export const getDashboard = (signal?: AbortSignal) => apiCall('adminDashboard', { signal });

export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
