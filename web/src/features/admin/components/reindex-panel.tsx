import { Button } from '@/components/ui/button';
import { formatCount } from '../charts/palette';
import { formatDateTime } from '../format';
import { JobProgress, type JobProgressData } from './job-progress';

export const REINDEX_TEXTS = {
  title: 'Índice de búsqueda',
  description: 'Reconstruye el índice de búsqueda a partir de la base de datos, en segundo plano.',
  start: 'Reindexar',
  running: 'Reindexando...',
  progress: 'Productos indexados',
  done: (count: number) =>
    `Índice reconstruido: ${formatCount(count)} ${count === 1 ? 'producto indexado' : 'productos indexados'}.`,
  agree: 'El índice y la base de datos coinciden exactamente.',
  drift: (missing: number, extra: number) =>
    `Diferencia con la base de datos: ${formatCount(missing)} sin indexar, ${formatCount(extra)} de más.`,
  /** The spec's reindex errors ('Algolia' was the search index of the earlier app). */
  failed: 'Error al reindexar el índice de búsqueda',
  unexpected: 'Error inesperado',
} as const;

export interface ReindexJob extends JobProgressData {
  /** Documents in the rebuilt index, once done. */
  count?: number | null;
  /** What the drift check found after correcting (index against the listed products): 0/0 when they agree. */
  drift?: { missing: number; extra: number } | null;
  /** The job's own message when it failed ('Error al reindexar…' or 'Error inesperado'). */
  error?: string | null;
  finished_at?: string | null;
}

/** Starts the rebuild and follows it: its progress while it runs, the final count when done. */
export function ReindexPanel({
  job,
  starting,
  onStart,
}: {
  job: ReindexJob | null;
  starting: boolean;
  onStart: () => void;
}) {
  const running = starting || job?.status === 'queued' || job?.status === 'running';
  return (
    <section className="admin-card admin-reindex" aria-labelledby="reindex-title">
      <h2 id="reindex-title" className="admin-section-title">
        {REINDEX_TEXTS.title}
      </h2>
      <p className="muted">{REINDEX_TEXTS.description}</p>
      {job && (job.status === 'queued' || job.status === 'running') && (
        <JobProgress label={REINDEX_TEXTS.progress} job={job} />
      )}
      {job?.status === 'succeeded' && (
        <p role="status">
          {REINDEX_TEXTS.done(job.count ?? job.processed)}
          {job.finished_at && <span className="muted"> ({formatDateTime(job.finished_at)})</span>}
        </p>
      )}
      {job?.status === 'succeeded' && job.drift && (
        <p className={job.drift.missing + job.drift.extra === 0 ? 'muted' : 'field__error'}>
          {job.drift.missing + job.drift.extra === 0
            ? REINDEX_TEXTS.agree
            : REINDEX_TEXTS.drift(job.drift.missing, job.drift.extra)}
        </p>
      )}
      {job?.status === 'failed' && (
        <p className="field__error" role="alert">
          {job.error === REINDEX_TEXTS.unexpected ? REINDEX_TEXTS.unexpected : REINDEX_TEXTS.failed}
        </p>
      )}
      <Button onClick={onStart} disabled={running}>
        {running ? REINDEX_TEXTS.running : REINDEX_TEXTS.start}
      </Button>
    </section>
  );
}
