import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminJob } from '#shared/admin';
import { apiCall } from '@/lib/api-client';
import { ADMIN_KEY, invalidateAfterAdminChange } from './admin-keys';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

const finished = (job: AdminJob | undefined) => job?.status === 'succeeded' || job?.status === 'failed';

/** adminGetJob: a background job's state, polled while it runs; the admin views refresh when it ends. */
export const getJob = (jobId: string, signal?: AbortSignal) => apiCall('adminGetJob', { params: { jobId }, signal });

export const getJobQueryOptions = (jobId: string | null) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'job', jobId],
    queryFn: ({ signal }) => getJob(jobId ?? '', signal),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (finished(query.state.data) ? false : JOB_POLL_MS),
  });

export const useJob = (jobId: string | null) => useQuery(getJobQueryOptions(jobId));

/** adminStartReindex: 202 with the job (409 while one runs). */
export const startReindex = () => apiCall('adminStartReindex', {});

export function useStartReindex() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startReindex, onSettled: () => invalidateAfterAdminChange(queryClient) });
}

export { finished as jobFinished };
