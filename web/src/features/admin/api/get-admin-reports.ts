import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReportStatus } from '#shared/statuses';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** adminListReports: the reports of one status (pending by default), newest first. */
export const getAdminReports = (status: ReportStatus, cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('adminListReports', { query: { status, cursor, limit: 20 }, signal });

export const getAdminReportsQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: [ADMIN_KEY, 'reports', status],
    queryFn: ({ pageParam, signal }) => getAdminReports(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useAdminReports = (status: ReportStatus) =>
  useInfiniteQuery(getAdminReportsQueryOptions(status));
