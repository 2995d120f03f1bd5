import type { Dashboard } from '#shared/admin';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '../charts/palette';

/** The dashboard's counts: products (active of total), profiles, pending reports, universities. */
export function StatCards({ counts }: { counts: Dashboard['counts'] | undefined }) {
  const items: { label: string; value: number | undefined; note?: string }[] = [
    {
      label: 'Productos',
      value: counts?.products_total,
      note: counts ? `${formatCount(counts.products_active)} activos` : undefined,
    },
    { label: 'Perfiles', value: counts?.profiles },
    { label: 'Reportes pendientes', value: counts?.pending_reports },
    { label: 'Universidades', value: counts?.universities },
  ];
  return (
    <dl className="admin-stats" aria-busy={counts ? undefined : true}>
      {items.map((item) => (
        <div key={item.label} className="admin-card admin-stat">
          <dt>{item.label}</dt>
          <dd>
            {item.value === undefined ? (
              <Skeleton className="skeleton--text" />
            ) : (
              <>
                {formatCount(item.value)}
                {item.note && <span className="admin-stat__note">{item.note}</span>}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
