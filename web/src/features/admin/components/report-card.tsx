import { REPORT_CATEGORY_LABELS, type ReportStatus } from '#shared/statuses';
import type { ProductReport } from '#shared/reports';
import { Link } from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '../format';
import { EMAIL_UNAVAILABLE } from './request-card';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Pendiente',
  resolved: 'Resuelto',
  rejected: 'Rechazado',
};

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge variant="outline" className={`admin-status admin-status--${status}`}>
      {REPORT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

export interface ReportCardProps {
  report: ProductReport;
  /** The product's status now, when known (a deleted product has none). */
  busy: boolean;
  onResolve: () => void;
  onReject: () => void;
  onDeactivate: () => void;
}

/**
 * One report: the product as reported (title, seller), the category and comment, who reported it,
 * its status; while pending, 'Resolver', 'Rechazar' (both with notes) and one action that
 * deactivates the product.
 */
export function ReportCard({ report, busy, onResolve, onReject, onDeactivate }: ReportCardProps) {
  const headingId = `report-${report.id}`;
  const pending = report.status === 'pending';
  return (
    <article className="admin-card admin-report" aria-labelledby={headingId}>
      <header className="admin-request__header">
        <h2 id={headingId} className="admin-request__name">
          <Link to={paths.product.getHref(report.product_id)}>{report.product_title}</Link>
        </h2>
        <ReportStatusBadge status={report.status} />
      </header>
      <dl className="admin-request__meta">
        <div>
          <dt>Vendedor</dt>
          <dd>{report.seller_name}</dd>
        </div>
        <div>
          <dt>Motivo</dt>
          <dd>{REPORT_CATEGORY_LABELS[report.report_category] ?? report.report_category}</dd>
        </div>
        {report.additional_comments && (
          <div>
            <dt>Comentario</dt>
            <dd>{report.additional_comments}</dd>
          </div>
        )}
        <div>
          <dt>Reportado por</dt>
          <dd>
            {report.reporter_name} · {report.reporter_university_email || EMAIL_UNAVAILABLE}
          </dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{formatDateTime(report.created_at)}</dd>
        </div>
        {!pending && (
          <div>
            <dt>Revisado</dt>
            <dd>
              {formatDateTime(report.reviewed_at)}
              {report.admin_notes ? ` · ${report.admin_notes}` : ''}
            </dd>
          </div>
        )}
      </dl>
      {pending && (
        <div className="admin-actions">
          <Button size="sm" onClick={onResolve} disabled={busy}>
            Resolver
          </Button>
          <Button size="sm" variant="outline" onClick={onReject} disabled={busy}>
            Rechazar
          </Button>
          <Button size="sm" variant="destructive" onClick={onDeactivate} disabled={busy}>
            Desactivar producto
          </Button>
        </div>
      )}
    </article>
  );
}
