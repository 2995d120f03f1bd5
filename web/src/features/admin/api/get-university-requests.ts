import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestStatus } from '#shared/statuses';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** adminListUniversityRequests: newest first, with the requester looked up (or the spec's fallbacks). */
export const getUniversityRequests = (
  status: RequestStatus | '',
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  apiCall('adminListUniversityRequests', {
    query: { status: status || undefined, cursor, limit: 20 },
    signal,
  });

export const getUniversityRequestsQueryOptions = (status: RequestStatus | '') =>
  infiniteQueryOptions({
    queryKey: [ADMIN_KEY, 'university-requests', status],
    queryFn: ({ pageParam, signal }) => getUniversityRequests(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useUniversityRequests = (status: RequestStatus | '') =>
  useInfiniteQuery(getUniversityRequestsQueryOptions(status));
