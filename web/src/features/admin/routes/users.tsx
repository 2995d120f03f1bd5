import type { AdminUser } from '#shared/admin';
import { ADMIN_MESSAGES, ROLE_LABELS } from '#shared/admin-messages';
import { useState } from 'react';
import { MoreButton } from '../components/more-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AdminTable } from '../components/admin-table';
import { useToast } from '@/components/ui/toast';
import { useDebounced } from '../use-debounced';
import { useDocumentMeta } from '@/lib/document-meta';
import { useSession } from '@/lib/session';
import { useAdminUsers } from '../api/get-admin-users';
import { useSetUserAdmin } from '../api/set-user-admin';
import { useSetUserVerification } from '../api/set-user-verification';
import { EntityHistory } from '../components/entity-history';
import { messageOf } from '../errors';
import { formatDate } from '../format';

const TITLE = 'Usuarios';
const COLUMNS = ['Usuario', 'Correo institucional', 'Roles', 'Registro', 'Acciones'];

/**
 * Profiles with their roles, a page at a time, searched by e-mail; toggle the institutional
 * e-mail's verification; grant the admin role (super_admin only; never on oneself or a super_admin,
 * which the server refuses too).
 */
export default function Users() {
  useDocumentMeta(TITLE);
  const { toast } = useToast();
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user : null;
  const [q, setQ] = useState('');
  const term = useDebounced(q.trim().toLowerCase(), 300);
  const list = useAdminUsers(term);
  const verify = useSetUserVerification();
  const role = useSetUserAdmin();
  const [history, setHistory] = useState<AdminUser | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const toggleVerified = (u: AdminUser) =>
    verify.mutate(
      { userId: u.user_id, verified: !u.university_email_verified },
      {
        onSuccess: () => toast({ title: ADMIN_MESSAGES.verificationUpdated, description: u.email }),
        onError: (err) =>
          toast({
            title: 'Error al actualizar la verificación',
            description: messageOf(err),
            variant: 'destructive',
          }),
      },
    );

  const grantAdmin = (u: AdminUser) =>
    role.mutate(
      { userId: u.user_id, admin: true },
      {
        onSuccess: (result) => toast({ title: ADMIN_MESSAGES.roleGranted, description: result.message }),
        onError: (err) =>
          toast({ title: 'Error al cambiar el rol', description: messageOf(err), variant: 'destructive' }),
      },
    );

  return (
    <div className="admin-page">
      <h1 className="page-title">{TITLE}</h1>
      <div className="admin-toolbar">
        <input
          type="search"
          className="input"
          placeholder="Buscar por correo..."
          aria-label="Buscar por correo"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      {list.isError ? (
        <p className="field__error" role="alert">
          {messageOf(list.error)}
        </p>
      ) : (
        <AdminTable
          columns={COLUMNS}
          loading={list.isPending}
          isEmpty={items.length === 0}
          empty={'No se encontraron usuarios'}
        >
          {items.map((u) => {
            const self = me?.id === u.user_id;
            const superAdmin = u.roles.includes('super_admin');
            const isAdmin = superAdmin || u.roles.includes('admin');
            return (
              <tr key={u.user_id}>
                <td data-label={COLUMNS[0]}>
                  <p className="admin-entity__name">{u.full_name || u.email}</p>
                  <p className="admin-entity__id muted">{u.email}</p>
                </td>
                <td data-label={COLUMNS[1]}>
                  {u.university_email ? (
                    <>
                      <p>{u.university_email}</p>
                      <Badge
                        variant="outline"
                        className={`admin-status admin-status--${u.university_email_verified ? 'approved' : 'unknown'}`}
                      >
                        {u.university_email_verified ? 'Verificado' : 'No verificado'}
                      </Badge>
                    </>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td data-label={COLUMNS[2]}>
                  {u.roles.length === 0 ? (
                    <span className="muted">Usuario</span>
                  ) : (
                    <span className="admin-actions">
                      {u.roles.map((r) => (
                        <Badge key={r} variant="secondary">
                          {ROLE_LABELS[r]}
                        </Badge>
                      ))}
                    </span>
                  )}
                </td>
                <td data-label={COLUMNS[3]}>{formatDate(u.created_at)}</td>
                <td data-label={COLUMNS[4]}>
                  <div className="admin-actions">
                    {u.university_email && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={verify.isPending}
                        onClick={() => toggleVerified(u)}
                        aria-label={`${u.university_email_verified ? 'Quitar verificación de' : 'Verificar correo de'} ${u.email}`}
                      >
                        {u.university_email_verified ? 'Quitar verificación' : 'Verificar correo'}
                      </Button>
                    )}
                    {me?.isSuperAdmin && !isAdmin && !self && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={role.isPending}
                        onClick={() => grantAdmin(u)}
                        aria-label={`Hacer administrador a ${u.email}`}
                      >
                        Hacer administrador
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setHistory(u)}
                      aria-label={`Historial de ${u.email}`}
                    >
                      Historial
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <MoreButton
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
      <Dialog open={history !== null} onClose={() => setHistory(null)} title={history ? history.email : ''}>
        {history && <EntityHistory type="user" id={history.user_id} />}
      </Dialog>
    </div>
  );
}
