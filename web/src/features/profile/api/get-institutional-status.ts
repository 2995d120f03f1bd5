import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** institutionalStatus: whether the signed-in user's institutional e-mail is verified yet. */
export const getInstitutionalStatus = (signal?: AbortSignal) => apiCall('institutionalStatus', { signal });

/** Keyed by user; always fresh (it is polled while a code is out). */
export const getInstitutionalStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['institutional-status', userId],
    queryFn: ({ signal }) => getInstitutionalStatus(signal),
    staleTime: 0,
  });

/** Polled every `pollMs` while `enabled` (a code was sent and the address is not verified yet). */
export const useInstitutionalStatus = (
  userId: string,
  { enabled, pollMs }: { enabled: boolean; pollMs: number },
) => useQuery({ ...getInstitutionalStatusQueryOptions(userId), enabled, refetchInterval: pollMs });
