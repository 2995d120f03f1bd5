import type { AdminReport } from '#shared/admin';
import { ADMIN_MESSAGES, ADMIN_NOTES_MAX } from '#shared/admin-messages';
import type { ReportStatus } from '#shared/statuses';
import { useState } from 'react';
import { MoreButton } from '../components/more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useDocumentMeta } from '@/lib/document-meta';
import { useDecideReport } from '../api/decide-report';
import { useAdminReports } from '../api/get-admin-reports';
import { DecisionDialog } from '../components/decision-dialog';
import { REPORT_STATUS_LABELS, ReportCard } from '../components/report-card';
import { ReviewReports } from '../components/review-reports';
import { messageOf } from '../errors';

const TITLE = 'Reportes';
/** Pending first: the queue opens on what needs a decision. */
const STATUSES: ReportStatus[] = ['pending', 'resolved', 'rejected'];

type Pending = { report: AdminReport; kind: 'resolve' | 'reject' | 'deactivate' };

const DIALOG = {
  resolve: { title: 'Resolver reporte', confirm: 'Resolver', description: undefined },
  reject: { title: 'Rechazar reporte', confirm: 'Rechazar', description: undefined },
  deactivate: {
    title: 'Desactivar producto',
    confirm: 'Desactivar y resolver',
    description: 'El producto dejará de mostrarse y el reporte quedará resuelto.',
  },
} as const;

/**
 * The reports queue by status (pending first), with product title and seller; a pending report is
 * resolved or rejected with notes, or resolved by deactivating its product in one action.
 */
export default function Reports() {
  useDocumentMeta(TITLE);
  const { toast } = useToast();
  const [status, setStatus] = useState<ReportStatus>('pending');
  const list = useAdminReports(status);
  const decide = useDecideReport();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const confirm = (notes: string) => {
    if (!pending) return;
    const { report, kind } = pending;
    setError(null);
    decide.mutate(
      {
        productId: report.product_id,
        reporterId: report.reporter_id,
        status: kind === 'reject' ? 'rejected' : 'resolved',
        admin_notes: notes,
        ...(kind === 'deactivate' ? { deactivate_product: true } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: kind === 'reject' ? ADMIN_MESSAGES.reportRejected : ADMIN_MESSAGES.reportResolved });
          setPending(null);
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  };

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1 className="page-title">{TITLE}</h1>
        <select
          className="select admin-select"
          aria-label="Filtrar por estado"
          value={status}
          onChange={(e) => setStatus(e.target.value as ReportStatus)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {REPORT_STATUS_LABELS[s]}s
            </option>
          ))}
        </select>
      </header>
      {list.isPending ? (
        <div className="admin-requests" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="admin-card">
              <Skeleton className="skeleton--text" />
              <Skeleton className="skeleton--text skeleton--short" />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <p className="field__error" role="alert">
          {messageOf(list.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="empty-text">
          {status === 'pending' ? 'No hay reportes pendientes' : 'No hay reportes con este estado'}
        </p>
      ) : (
        <div className="admin-requests">
          {items.map((r) => (
            <ReportCard
              key={r.id}
              report={r}
              busy={decide.isPending}
              onResolve={() => setPending({ report: r, kind: 'resolve' })}
              onReject={() => setPending({ report: r, kind: 'reject' })}
              onDeactivate={() => setPending({ report: r, kind: 'deactivate' })}
            />
          ))}
        </div>
      )}
      <MoreButton
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
      <ReviewReports />
      <DecisionDialog
        open={pending !== null}
        title={pending ? DIALOG[pending.kind].title : ''}
        description={
          pending ? (DIALOG[pending.kind].description ?? `«${pending.report.product_title}»`) : undefined
        }
        confirmLabel={pending ? DIALOG[pending.kind].confirm : ''}
        busy={decide.isPending}
        notesMax={ADMIN_NOTES_MAX}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setPending(null);
          setError(null);
        }}
      />
    </div>
  );
}
