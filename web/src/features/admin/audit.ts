import { AUDIT_ACTION_LABELS } from '#shared/admin-messages';
import type { AuditEntry } from '#shared/admin';
import { PRODUCT_STATUS_LABELS } from '#shared/statuses';
import { formatAmount } from '#shared/money';
import type { AuditEntry as AuditItem } from './components/audit-list';

const ENTITY_LABELS: Record<AuditEntry['entity_type'], string> = {
  product: 'Producto',
  report: 'Reporte',
  user: 'Usuario',
  university: 'Universidad',
  universityRequest: 'Solicitud',
  index: 'Índice de búsqueda',
  exchangeRate: 'Tasa BCV',
  review: 'Reseña',
};

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** What changed, in a few words, from the record's before and after (status, verification, role). */
function change(e: AuditEntry): string {
  const after = e.after ?? {};
  const status = str(after.status);
  if (e.action === 'product.status' && status && status in PRODUCT_STATUS_LABELS)
    return `→ ${PRODUCT_STATUS_LABELS[status as keyof typeof PRODUCT_STATUS_LABELS]}`;
  if (status) return `→ ${status}`;
  if (typeof after.university_email_verified === 'boolean')
    return after.university_email_verified ? '→ verificado' : '→ no verificado';
  if (typeof after.admin === 'boolean') return after.admin ? '→ administrador' : '→ sin rol de administrador';
  if (typeof after.rate === 'number') {
    const before = typeof e.before?.rate === 'number' ? `Bs. ${formatAmount(e.before.rate)} ` : '';
    return `${before}→ Bs. ${formatAmount(after.rate)}`;
  }
  return '';
}

/** An audit record as the lists show it: who, what (Spanish label), on what, when, the notes. */
export function toAuditItem(e: AuditEntry): AuditItem {
  const name = str(e.after?.title) ?? str(e.before?.title) ?? str(e.after?.name) ?? str(e.before?.name);
  const target =
    `${ENTITY_LABELS[e.entity_type]} ${name ? `«${name}» ` : ''}(${e.entity_id}) ${change(e)}`.trim();
  return {
    id: e.id,
    actor: e.actor_email ?? e.actor_id,
    action: AUDIT_ACTION_LABELS[e.action] ?? e.action,
    target,
    created_at: e.at,
    notes: e.notes,
  };
}
