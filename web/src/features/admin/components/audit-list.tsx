import { formatDateTime } from '../format';

export interface AuditEntry {
  id: string;
  /** Who acted (their e-mail). */
  actor: string;
  /** What they did, in Spanish ('Desactivó el producto', 'Creó la universidad'…). */
  action: string;
  /** What it was done to ('Bicicleta de montaña (#12)'). */
  target: string;
  created_at: string;
  notes?: string | null;
}

/** Audit records, newest first: who did what to what, and when. */
export function AuditList({ entries, empty }: { entries: AuditEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ol className="admin-audit">
      {entries.map((e) => (
        <li key={e.id} className="admin-audit__item">
          <p className="admin-audit__what">
            <strong>{e.action}</strong> {e.target}
          </p>
          <p className="muted admin-audit__meta">
            {e.actor} · <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
          </p>
          {e.notes && <p className="admin-audit__notes">{e.notes}</p>}
        </li>
      ))}
    </ol>
  );
}
