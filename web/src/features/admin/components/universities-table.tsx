import type { University } from '#shared/schemas';
import { Button } from '@/components/ui/button';
import { AdminTable } from './admin-table';
import { formatDate } from '../format';

export const UNIVERSITIES_TEXTS = {
  title: 'Gestión de Universidades',
  search: 'Buscar universidades...',
  add: 'Agregar Universidad',
  empty: 'No se encontraron universidades',
  columns: ['Universidad', 'Nombre completo', 'Dominio de correo', 'Fecha de creación', 'Acciones'],
} as const;

/** The spec's loading skeleton: 5 rows. */
export { SKELETON_ROWS } from './admin-table';

export interface UniversitiesTableProps {
  universities: University[];
  loading: boolean;
  /** Ids being deleted in the background: their row says so and takes no second action. */
  deleting?: ReadonlySet<string>;
  onEdit: (university: University) => void;
  onDelete: (university: University) => void;
  /** Opens the university's safe meeting points (decision 032). */
  onMeetingPoints?: (university: University) => void;
}

function Logo({ university }: { university: University }) {
  if (university.logo)
    return <img className="admin-logo" src={university.logo} alt="" width={36} height={36} loading="lazy" />;
  return (
    <span className="admin-logo admin-logo--initials" aria-hidden="true">
      {university.name.slice(0, 2).toUpperCase()}
    </span>
  );
}

/** The universities table: logo, short name and id; full name; e-mail domain; creation date; actions. */
export function UniversitiesTable({
  universities,
  loading,
  deleting,
  onEdit,
  onDelete,
  onMeetingPoints,
}: UniversitiesTableProps) {
  const [university, fullName, domain, created, actions] = UNIVERSITIES_TEXTS.columns;
  return (
    <AdminTable
      columns={UNIVERSITIES_TEXTS.columns}
      loading={loading}
      isEmpty={universities.length === 0}
      empty={UNIVERSITIES_TEXTS.empty}
    >
      {universities.map((u) => {
        const busy = deleting?.has(u.id) ?? false;
        return (
          <tr key={u.id}>
            <td data-label={university}>
              <div className="admin-entity">
                <Logo university={u} />
                <div>
                  <p className="admin-entity__name">{u.name}</p>
                  <p className="admin-entity__id muted">{u.id}</p>
                </div>
              </div>
            </td>
            <td data-label={fullName}>{u.full_name}</td>
            <td data-label={domain}>{u.email_domain}</td>
            <td data-label={created}>{formatDate(u.created_at)}</td>
            <td data-label={actions}>
              <div className="admin-actions">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onEdit(u)}
                  disabled={busy}
                  aria-label={`Editar ${u.name}`}
                >
                  Editar
                </Button>
                {onMeetingPoints && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onMeetingPoints(u)}
                    disabled={busy}
                    aria-label={`Puntos de encuentro de ${u.name}`}
                  >
                    Puntos de encuentro
                  </Button>
                )}
                <Button
                  variant="destructive"
                  size="sm"
                  onClick={() => onDelete(u)}
                  disabled={busy}
                  aria-label={`Eliminar ${u.name}`}
                >
                  {busy ? 'Eliminando...' : 'Eliminar'}
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
