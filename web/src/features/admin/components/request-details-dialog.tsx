import { type ReactNode, useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '../format';
import { NotesField } from './notes-field';
import { type RequestCardData, requesterEmail, requesterName } from './request-card';
import { RequestStatusBadge } from './request-status-badge';

export interface RequestDetails extends RequestCardData {
  email_domain: string;
  city: string;
  additional_info?: string | null;
  admin_notes?: string | null;
  created_at: string;
}

export type RequestDecision = 'approved' | 'rejected';

export interface RequestDetailsDialogProps {
  request: RequestDetails | null;
  /** The decision being saved, if any. */
  busy: RequestDecision | null;
  notesMax: number;
  /** The server's refusal of the last decision (a request no longer pending, notes too long…). */
  error?: string | null;
  onDecide: (decision: RequestDecision, notes: string) => void;
  onClose: () => void;
  /** Below the decision (the request's history). */
  children?: ReactNode;
}

/** A request's details; only a pending request offers 'Aprobar' or 'Rechazar' with notes. */
export function RequestDetailsDialog({
  request,
  busy,
  notesMax,
  error,
  onDecide,
  onClose,
  children,
}: RequestDetailsDialogProps) {
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different request starts with empty notes
  useEffect(() => {
    setNotes('');
    setNotesError(undefined);
  }, [request?.id]);

  if (!request) return null;
  const pending = request.status === 'pending';
  const decide = (decision: RequestDecision) => {
    if (notes.trim().length > notesMax) {
      setNotesError(`Las notas no pueden superar los ${notesMax} caracteres.`);
      return;
    }
    setNotesError(undefined);
    onDecide(decision, notes.trim());
  };

  const rows: [string, string][] = [
    ['Nombre', request.university_name],
    ['Nombre completo', request.university_full_name],
    ['Dominio de correo', request.email_domain],
    ['Ciudad', request.city],
    ['Información adicional', request.additional_info?.trim() || '—'],
    ['Solicitante', requesterName(request)],
    ['Correo institucional', requesterEmail(request)],
    ['Fecha de solicitud', formatDateTime(request.created_at)],
  ];
  if (!pending) rows.push(['Notas del administrador', request.admin_notes?.trim() || '—']);

  return (
    <Dialog open onClose={onClose} title="Detalles de la solicitud" className="admin-dialog">
      <dl className="admin-details">
        <div>
          <dt>Estado</dt>
          <dd>
            <RequestStatusBadge status={request.status} />
          </dd>
        </div>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {pending && <NotesField value={notes} onChange={setNotes} max={notesMax} error={notesError} />}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__footer">
        {pending ? (
          <>
            <button
              type="button"
              className={buttonClass('destructive')}
              disabled={busy !== null}
              onClick={() => decide('rejected')}
            >
              {busy === 'rejected' ? 'Rechazando...' : 'Rechazar'}
            </button>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy !== null}
              onClick={() => decide('approved')}
            >
              {busy === 'approved' ? 'Aprobando...' : 'Aprobar'}
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass('outline')} onClick={onClose}>
            Cerrar
          </button>
        )}
      </div>
      {children}
    </Dialog>
  );
}
