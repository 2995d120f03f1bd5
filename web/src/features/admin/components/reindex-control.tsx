import type { AdminJob } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useJob, useStartReindex } from '../api/jobs';
import { REINDEX_TEXTS, ReindexPanel } from './reindex-panel';

/**
 * Starts the search index's rebuild and follows its job until it ends (progress, then the final
 * count); a refusal or a failed job shows the spec's reindex error, anything else 'Error inesperado'.
 */
export function ReindexControl({ latest }: { latest: AdminJob | undefined }) {
  const { toast } = useToast();
  const start = useStartReindex();
  const [jobId, setJobId] = useState<string | null>(null);
  const followed = useJob(jobId ?? (latest && latest.status !== 'succeeded' && latest.status !== 'failed' ? latest.id : null));
  const job = followed.data ?? latest ?? null;
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (!jobId || followed.data?.id !== jobId || told.current === jobId) return;
    if (followed.data.status === 'failed') {
      told.current = jobId;
      toast({ title: REINDEX_TEXTS.failed, description: followed.data.error ?? undefined, variant: 'destructive' });
    } else if (followed.data.status === 'succeeded') {
      told.current = jobId;
      toast({ title: REINDEX_TEXTS.done(followed.data.indexed ?? followed.data.processed) });
    }
  }, [jobId, followed.data, toast]);

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (started) => {
        setJobId(started.id);
        toast({ title: ADMIN_MESSAGES.reindexStarted });
      },
      onError: (err) =>
        err instanceof ApiError && err.status > 0
          ? toast({ title: REINDEX_TEXTS.failed, description: err.message, variant: 'destructive' })
          : toast({ title: REINDEX_TEXTS.unexpected, variant: 'destructive' }),
    });

  return (
    <ReindexPanel
      job={job ? { ...job, count: job.indexed } : null}
      starting={start.isPending}
      onStart={onStart}
    />
  );
}
