import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** adminListUsers: profiles with their roles; `q` is the start of the account e-mail. */
export const getAdminUsers = (q: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('adminListUsers', { query: { q, cursor, limit: 20 }, signal });

export const getAdminUsersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [ADMIN_KEY, 'users', q],
    queryFn: ({ pageParam, signal }) => getAdminUsers(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useAdminUsers = (q: string) => useInfiniteQuery(getAdminUsersQueryOptions(q));
