import { formatCount } from '../charts/palette';

export interface JobProgressData {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  processed: number;
  total?: number | null;
}

/**
 * A background job's progress (a reindex, a university's products being deleted): a progress bar
 * with its count, announced politely as it moves.
 */
export function JobProgress({ label, job }: { label: string; job: JobProgressData }) {
  const total = job.total ?? undefined;
  const text =
    total !== undefined ? `${formatCount(job.processed)} de ${formatCount(total)}` : formatCount(job.processed);
  return (
    <div className="admin-progress" role="status" aria-live="polite">
      <span>
        {label}: {text}
      </span>
      <progress max={total ?? undefined} value={total !== undefined ? job.processed : undefined} aria-label={label} />
    </div>
  );
}
