import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { filterChips, MAX_SAVED_SEARCHES } from '#shared/alert-texts';
import { RequireSession } from '@/components/layout/require-session';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, type ApiOutput } from '@/lib/api-client';
import { useAlerts } from '@/lib/api/get-alerts';
import { useDocumentMeta } from '@/lib/document-meta';
import { setSelectedUniversity } from '@/lib/storage';
import { useDeleteAlert } from '../api/delete-alert';
import { useMarkAlertSeen } from '../api/mark-alert-seen';
import { useUpdateAlert } from '../api/update-alert';
import '../alerts.css';

type SavedSearch = ApiOutput<'listAlerts'>['items'][number];

/**
 * /alertas: the signed-in user's saved searches (docs/decisions/031), each with its filters as
 * chips, its switch, 'Ver resultados' and 'Eliminar'; 'Nuevos para ti' counts the listings that
 * matched since the user last opened that search's results.
 */
export function Component() {
  useDocumentMeta('Mis Alertas');
  return <RequireSession>{() => <AlertsPage />}</RequireSession>;
}

/** The marketplace with the saved search's text and filters (the URL keeps them, as when it was saved). */
export function resultsHref(s: SavedSearch): string {
  const params = new URLSearchParams();
  if (s.q) params.set('q', s.q);
  if (s.category) params.set('category', s.category);
  if (s.career) params.set('career', s.career);
  if (s.condition) params.set('condition', s.condition);
  if (s.minPrice !== undefined) params.set('min', String(s.minPrice));
  if (s.maxPrice !== undefined) params.set('max', String(s.maxPrice));
  const query = params.toString();
  return `${paths.marketplace.getHref()}${query ? `?${query}` : ''}`;
}

function AlertsPage() {
  const { data, isLoading, isError } = useAlerts();
  const items = data?.items ?? [];
  const fresh = items.reduce((n, s) => n + s.new_count, 0);

  return (
    <div className="container page">
      <h1 className="page-title">Mis Alertas</h1>
      <p className="muted">
        Te avisamos por correo cuando publiquen algo que coincida con tus búsquedas guardadas: el primer
        producto del día al momento y el resto en un resumen a la mañana siguiente.
      </p>
      {isError ? (
        <p className="muted">No se pudieron cargar tus alertas. Recarga la página.</p>
      ) : isLoading ? (
        <Skeleton className="alert-card" />
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p>Aún no tienes alertas. Busca algo en el Marketplace y toca «Crear alerta».</p>
          <Link className={buttonClass('primary')} to={paths.marketplace.getHref()}>
            Ir al Marketplace
          </Link>
        </div>
      ) : (
        <>
          <div className="alerts__summary" aria-live="polite">
            <span className="muted">
              {items.length} de {MAX_SAVED_SEARCHES} alertas
            </span>
            {fresh > 0 && <span className="alert-card__new">Nuevos para ti: {fresh}</span>}
          </div>
          <ul className="alerts__list">
            {items.map((s) => (
              <AlertCard key={s.id} search={s} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function AlertCard({ search }: { search: SavedSearch }) {
  const chips = filterChips(search);
  const label = chips.join(', ');
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const seen = useMarkAlertSeen();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const labelId = `alert-${search.id}`;

  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: err instanceof ApiError ? err.message : undefined, variant: 'destructive' });

  const toggle = () => {
    if (update.isPending) return;
    update.mutate(
      { id: search.id, enabled: !search.enabled },
      {
        onSuccess: (s) => toast({ title: s.enabled ? 'Alerta activada' : 'Alerta desactivada' }),
        onError: failed('No se pudo cambiar la alerta'),
      },
    );
  };

  const openResults = () => {
    // The results open at once; 'Nuevos para ti' is cleared on the way.
    if (search.new_count > 0) seen.mutate(search.id);
    setSelectedUniversity(search.university);
    navigate(resultsHref(search));
  };

  return (
    <li className="alert-card">
      <ul className="alert-card__chips" id={labelId} aria-label="Filtros de la alerta">
        {chips.map((chip) => (
          <li key={chip} className="alert-card__chip">
            {chip}
          </li>
        ))}
      </ul>
      {search.new_count > 0 && <span className="alert-card__new">Nuevos para ti: {search.new_count}</span>}
      <div className="alert-card__actions">
        <button
          type="button"
          role="switch"
          className="alert-switch"
          aria-checked={search.enabled}
          aria-label={`Alerta ${label}`}
          aria-busy={update.isPending}
          onClick={toggle}
        >
          <span className="alert-switch__track" aria-hidden="true">
            <span className="alert-switch__thumb" />
          </span>
          <span aria-hidden="true">{search.enabled ? 'Activada' : 'Desactivada'}</span>
        </button>
        <button type="button" className={buttonClass('outline', 'sm')} onClick={openResults}>
          Ver resultados
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          aria-label={`Eliminar la alerta ${label}`}
          onClick={() => setConfirming(true)}
        >
          Eliminar
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        busy={remove.isPending}
        title="¿Eliminar esta alerta?"
        description={`Dejarás de recibir correos de «${label}».`}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(search.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Alerta eliminada' });
            },
            onError: failed('No se pudo eliminar la alerta'),
          })
        }
      />
    </li>
  );
}
