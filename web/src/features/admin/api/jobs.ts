import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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

export function useJob(jobId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery(getJobQueryOptions(jobId));
  const ended = jobId !== null && query.data?.id === jobId && finished(query.data);
  const refreshed = useRef<string | null>(null);
  // A job changes what the views show (a deleted university leaves the list, a reindex its counts)
  // only when it ends: refresh them once per job then, or its progress would stay on screen.
  useEffect(() => {
    if (!ended || refreshed.current === jobId) return;
    refreshed.current = jobId;
    void invalidateAfterAdminChange(queryClient);
  }, [ended, jobId, queryClient]);
  return query;
}

/** adminStartReindex: 202 with the job (409 while one runs). */
export const startReindex = () => apiCall('adminStartReindex', {});

export function useStartReindex() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startReindex, onSettled: () => invalidateAfterAdminChange(queryClient) });
}

export { finished as jobFinished };
