import type { AdminProduct } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { isOnOffer, PRODUCT_STATUS_LABELS, type ProductStatus } from '#shared/statuses';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { AdminTable } from '../components/admin-table';
import { MoreButton } from '../components/more-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDebounced } from '../use-debounced';
import { useDocumentMeta } from '@/lib/document-meta';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts } from '../api/get-admin-products';
import { useAdminUniversities } from '../api/get-admin-universities';
import { useSetProductStatus } from '../api/set-product-status';
import { EntityHistory } from '../components/entity-history';
import { messageOf } from '../errors';
import { formatDate } from '../format';
import { formatUsd } from '#shared/money';

const TITLE = 'Productos';
const COLUMNS = ['Producto', 'Precio', 'Estado', 'Universidad', 'Vendedor', 'Fecha', 'Acciones'];

export function ProductStatusBadge({ product }: { product: Pick<AdminProduct, 'status' | 'held_at'> }) {
  return (
    <span className="admin-actions">
      <Badge variant="outline" className={`admin-status admin-status--${product.status}`}>
        {PRODUCT_STATUS_LABELS[product.status]}
      </Badge>
      {product.held_at && (
        <Badge variant="outline" className="admin-status admin-status--pending">
          En revisión
        </Badge>
      )}
    </span>
  );
}

/**
 * Every product of every status, newest first, a page at a time; search by title or id, filter by
 * status and university; view (the product page opens for admins whatever its status), toggle
 * active ↔ inactive, delete after confirming, and each product's history.
 */
export default function Products() {
  useDocumentMeta(TITLE);
  const { toast } = useToast();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<ProductStatus | ''>('');
  const [university, setUniversity] = useState('');
  const term = useDebounced(q.trim(), 300);
  const list = useAdminProducts({ q: term, status, university });
  const universities = useAdminUniversities();
  const setStatusMutation = useSetProductStatus();
  const remove = useDeleteProduct();
  const [toDelete, setToDelete] = useState<AdminProduct | null>(null);
  const [history, setHistory] = useState<AdminProduct | null>(null);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const names = new Map((universities.data?.items ?? []).map((u) => [u.id, u.name]));

  const toggle = (p: AdminProduct) => {
    const next = isOnOffer(p.status) ? 'inactive' : 'active';
    setStatusMutation.mutate(
      { id: p.id, status: next },
      {
        onSuccess: () =>
          toast({
            title: ADMIN_MESSAGES.productUpdated,
            description: `${p.title}: ${PRODUCT_STATUS_LABELS[next]}`,
          }),
        onError: (err) =>
          toast({
            title: 'Error al actualizar el estado',
            description: messageOf(err),
            variant: 'destructive',
          }),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast({ title: ADMIN_MESSAGES.productDeleted }),
      onError: (err) =>
        toast({
          title: 'Error al eliminar el producto',
          description: messageOf(err),
          variant: 'destructive',
        }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <div className="admin-page">
      <h1 className="page-title">{TITLE}</h1>
      <div className="admin-toolbar">
        <input
          type="search"
          className="input"
          placeholder="Buscar por título o ID..."
          aria-label="Buscar por título o ID"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <select
          className="select"
          aria-label="Filtrar por estado"
          value={status}
          onChange={(e) => setStatus(e.target.value as ProductStatus | '')}
        >
          <option value="">Todos los estados</option>
          {(Object.keys(PRODUCT_STATUS_LABELS) as ProductStatus[]).map((s) => (
            <option key={s} value={s}>
              {PRODUCT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <select
          className="select"
          aria-label="Filtrar por universidad"
          value={university}
          onChange={(e) => setUniversity(e.target.value)}
        >
          <option value="">Todas las universidades</option>
          {(universities.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
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
          empty={'No se encontraron productos'}
        >
          {items.map((p) => (
            <tr key={p.id}>
              <td data-label={COLUMNS[0]}>
                <p className="admin-entity__name">{p.title}</p>
                <p className="admin-entity__id muted">#{p.id}</p>
              </td>
              <td data-label={COLUMNS[1]}>{formatUsd(p.price)}</td>
              <td data-label={COLUMNS[2]}>
                <ProductStatusBadge product={p} />
              </td>
              <td data-label={COLUMNS[3]}>{names.get(p.university_id) ?? p.university_id}</td>
              <td data-label={COLUMNS[4]}>
                <p>{p.seller_name}</p>
                <p className="muted admin-entity__id">{p.seller_email}</p>
              </td>
              <td data-label={COLUMNS[5]}>{formatDate(p.created_at)}</td>
              <td data-label={COLUMNS[6]}>
                <div className="admin-actions">
                  <Link
                    className="btn btn--ghost btn--sm"
                    to={paths.product.getHref(p.id)}
                    aria-label={`Ver ${p.title}`}
                  >
                    Ver
                  </Link>
                  {p.status !== 'sold' && p.status !== 'expired' && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={setStatusMutation.isPending}
                      onClick={() => toggle(p)}
                      aria-label={`${isOnOffer(p.status) ? 'Desactivar' : 'Activar'} ${p.title}`}
                    >
                      {isOnOffer(p.status) ? 'Desactivar' : 'Activar'}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setHistory(p)}
                    aria-label={`Historial de ${p.title}`}
                  >
                    Historial
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setToDelete(p)}
                    aria-label={`Eliminar ${p.title}`}
                  >
                    Eliminar
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <MoreButton
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="¿Eliminar producto?"
        description={
          toDelete
            ? `Se eliminará «${toDelete.title}» con sus fotos y preguntas. Esta acción no se puede deshacer.`
            : ''
        }
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <Dialog open={history !== null} onClose={() => setHistory(null)} title={history ? history.title : ''}>
        {history && <EntityHistory type="product" id={String(history.id)} />}
      </Dialog>
    </div>
  );
}
