import type { AdminUniversityRequest } from '#shared/admin';
import { ADMIN_MESSAGES, ADMIN_NOTES_MAX } from '#shared/admin-messages';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '#shared/statuses';
import { useState } from 'react';
import { MoreButton } from '../components/more-button';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useDocumentMeta } from '@/lib/document-meta';
import { useDecideUniversityRequest } from '../api/decide-university-request';
import { useUniversityRequests } from '../api/get-university-requests';
import { EntityHistory } from '../components/entity-history';
import { RequestCard } from '../components/request-card';
import { type RequestDecision, RequestDetailsDialog } from '../components/request-details-dialog';
import { type UniversityForm, UniversityEditor } from '../components/university-editor';
import { messageOf } from '../errors';

const TITLE = 'Solicitudes de Universidad';
const STATUS_OPTIONS: [RequestStatus | '', string][] = [
  ['', 'Todas'],
  ['pending', REQUEST_STATUS_LABELS.pending],
  ['approved', REQUEST_STATUS_LABELS.approved],
  ['rejected', REQUEST_STATUS_LABELS.rejected],
];

/**
 * A card per request (fallbacks 'Usuario anónimo' / 'No disponible' from the server), a details
 * dialog that decides pending requests only, and after an approval the offer to create the
 * university from the request, prefilled.
 */
export default function UniversityRequests() {
  useDocumentMeta(TITLE);
  const { toast } = useToast();
  const [status, setStatus] = useState<RequestStatus | ''>('');
  const list = useUniversityRequests(status);
  const decide = useDecideUniversityRequest();
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState<RequestDecision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<UniversityForm | null>(null);
  const [creating, setCreating] = useState<UniversityForm | null>(null);

  const items: AdminUniversityRequest[] = list.data?.pages.flatMap((p) => p.items) ?? [];
  const current = items.find((r) => r.id === openId) ?? null;

  const onDecide = (decision: RequestDecision, notes: string) => {
    if (!current) return;
    setBusy(decision);
    setError(null);
    decide.mutate(
      { requestId: current.id, status: decision, admin_notes: notes },
      {
        onSuccess: (result) => {
          toast({
            title: decision === 'approved' ? ADMIN_MESSAGES.requestApproved : ADMIN_MESSAGES.requestRejected,
          });
          setOpenId(null);
          const draft = result.university_draft;
          if (draft)
            setOffer({
              mode: 'create',
              requestId: draft.request_id,
              initial: {
                id: draft.id,
                name: draft.name,
                full_name: draft.full_name,
                email_domain: draft.email_domain,
                city: draft.city ?? '',
                logo: '',
              },
            });
        },
        onError: (err) => {
          setError(messageOf(err));
          toast({
            title: ADMIN_MESSAGES.requestUpdateFailed,
            description: messageOf(err),
            variant: 'destructive',
          });
        },
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1 className="page-title">{TITLE}</h1>
        <label className="admin-toolbar">
          <span className="visually-hidden">Estado</span>
          <select
            className="select"
            aria-label="Filtrar por estado"
            value={status}
            onChange={(e) => setStatus(e.target.value as RequestStatus | '')}
          >
            {STATUS_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </header>
      {list.isPending ? (
        <div className="admin-requests" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="admin-card admin-request">
              <Skeleton className="skeleton--text" />
              <Skeleton className="skeleton--text skeleton--short" />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <p className="field__error" role="alert">
          {ADMIN_MESSAGES.requestsLoadFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="empty-text">
          {status === '' || status === 'pending' ? 'No hay solicitudes pendientes' : 'No hay solicitudes'}
        </p>
      ) : (
        <div className="admin-requests">
          {items.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              onOpen={() => {
                setError(null);
                setOpenId(r.id);
              }}
            />
          ))}
        </div>
      )}
      <MoreButton
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
      <RequestDetailsDialog
        request={current}
        busy={busy}
        notesMax={ADMIN_NOTES_MAX}
        error={error}
        onDecide={onDecide}
        onClose={() => setOpenId(null)}
      >
        {current && <EntityHistory type="universityRequest" id={current.id} />}
      </RequestDetailsDialog>
      <Dialog
        open={offer !== null}
        onClose={() => setOffer(null)}
        title="¿Crear la universidad?"
        description={
          offer
            ? `La solicitud de ${offer.initial.name} fue aprobada. Puedes crear la universidad con sus datos, que podrás revisar antes de guardar.`
            : undefined
        }
      >
        <div className="dialog__footer">
          <button type="button" className={buttonClass('outline')} onClick={() => setOffer(null)}>
            Ahora no
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => {
              setCreating(offer);
              setOffer(null);
            }}
          >
            Crear universidad
          </button>
        </div>
      </Dialog>
      {creating && <UniversityEditor form={creating} onClose={() => setCreating(null)} />}
    </div>
  );
}
