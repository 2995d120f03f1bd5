import { CATEGORY_LABELS } from '#shared/enums';
import { REPORT_CATEGORY_LABELS } from '#shared/statuses';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentMeta } from '@/lib/document-meta';
import { useDashboard } from '../api/get-dashboard';
import { toAuditItem } from '../audit';
import { CategoryChart } from '../charts/category-chart';
import { DailyListingsChart } from '../charts/daily-listings-chart';
import { AuditList } from '../components/audit-list';
import { ReindexControl } from '../components/reindex-control';
import { ReportStatusBadge } from '../components/report-card';
import { EMAIL_UNAVAILABLE } from '../components/request-card';
import { StatCards } from '../components/stat-cards';
import { formatDateTime } from '../format';

/**
 * Counts, the latest 5 reports (reporter name and institutional e-mail), the charts (new listings
 * per day and university over 30 days; listings by category), the latest admin actions, and the
 * search index's rebuild.
 */
export default function Dashboard() {
  useDocumentMeta('Dashboard');
  const dashboard = useDashboard();
  const data = dashboard.data;

  return (
    <div className="admin-page">
      <h1 className="page-title">Dashboard</h1>
      {dashboard.isError && (
        <p className="field__error" role="alert">
          No se pudo cargar el dashboard.
        </p>
      )}
      <StatCards counts={data?.counts} />
      <div className="admin-grid-2">
        <section className="admin-card" aria-label="Nuevas publicaciones por día">
          {data ? (
            <DailyListingsChart
              title="Nuevas publicaciones por día (últimos 30 días)"
              days={data.daily_listings.days}
              series={data.daily_listings.series.map((s) => ({
                id: s.university_id,
                label: s.name,
                values: s.counts,
              }))}
            />
          ) : (
            <Skeleton className="admin-chart-skeleton" />
          )}
        </section>
        <section className="admin-card" aria-label="Publicaciones por categoría">
          {data ? (
            <CategoryChart
              title="Publicaciones activas por categoría"
              items={data.categories
                .filter((c) => c.count > 0)
                .map((c) => ({ id: c.category, label: CATEGORY_LABELS[c.category], value: c.count }))}
            />
          ) : (
            <Skeleton className="admin-chart-skeleton" />
          )}
        </section>
      </div>
      <div className="admin-grid-2">
        <section className="admin-card" aria-labelledby="recent-reports">
          <h2 id="recent-reports" className="admin-section-title">
            Reportes recientes
          </h2>
          {!data ? (
            <Skeleton className="skeleton--text" />
          ) : data.recent_reports.length === 0 ? (
            <p className="muted">No hay reportes.</p>
          ) : (
            <ul className="admin-list">
              {data.recent_reports.map((r) => (
                <li key={r.id} className="admin-list__item">
                  <div>
                    <p className="admin-entity__name">{r.product_title}</p>
                    <p className="muted">
                      {REPORT_CATEGORY_LABELS[r.report_category]} · {r.reporter_name} ·{' '}
                      {r.reporter_university_email || EMAIL_UNAVAILABLE}
                    </p>
                    <p className="muted admin-audit__meta">{formatDateTime(r.created_at)}</p>
                  </div>
                  <ReportStatusBadge status={r.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="admin-card" aria-labelledby="recent-audit">
          <h2 id="recent-audit" className="admin-section-title">
            Actividad reciente
          </h2>
          {data ? (
            <AuditList
              entries={data.recent_audit.map(toAuditItem)}
              empty="Aún no hay acciones registradas."
            />
          ) : (
            <Skeleton className="skeleton--text" />
          )}
        </section>
      </div>
      {data && <ReindexControl latest={data.latest_jobs.find((j) => j.kind === 'reindex')} />}
    </div>
  );
}
