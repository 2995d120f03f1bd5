import type { AuditEntityType } from '#shared/admin';
import { Skeleton } from '@/components/ui/skeleton';
import { useEntityAudit } from '../api/get-audit';
import { toAuditItem } from '../audit';
import { AuditList } from './audit-list';

/** An entity's history: every admin action on it, newest first (the audit records). */
export function EntityHistory({ type, id }: { type: AuditEntityType; id: string }) {
  const history = useEntityAudit(type, id);
  return (
    <section className="admin-history" aria-label="Historial">
      <h3 className="admin-history__title">Historial</h3>
      {history.isPending ? (
        <Skeleton className="skeleton--text" />
      ) : history.isError ? (
        <p className="field__error">No se pudo cargar el historial.</p>
      ) : (
        <AuditList entries={history.data.items.map(toAuditItem)} empty="Sin cambios registrados." />
      )}
    </section>
  );
}
