import { Button } from '@/components/ui/button';
import { RequestStatusBadge } from './request-status-badge';

/** The spec's fallbacks when the requester is unknown or has no institutional e-mail. */
export const ANONYMOUS_REQUESTER = 'Usuario anónimo';
export const EMAIL_UNAVAILABLE = 'No disponible';

export interface RequestCardData {
  id: string;
  university_name: string;
  university_full_name: string;
  status: string;
  requester_name?: string | null;
  requester_email?: string | null;
}

export const requesterName = (r: { requester_name?: string | null }): string =>
  r.requester_name?.trim() || ANONYMOUS_REQUESTER;
export const requesterEmail = (r: { requester_email?: string | null }): string =>
  r.requester_email?.trim() || EMAIL_UNAVAILABLE;

/** One university request: names, who asked (or the fallbacks), its status, and 'Ver detalles'. */
export function RequestCard({ request, onOpen }: { request: RequestCardData; onOpen: () => void }) {
  const headingId = `request-${request.id}`;
  return (
    <article className="admin-card admin-request" aria-labelledby={headingId}>
      <header className="admin-request__header">
        <h2 id={headingId} className="admin-request__name">
          {request.university_name}
        </h2>
        <RequestStatusBadge status={request.status} />
      </header>
      <p>{request.university_full_name}</p>
      <dl className="admin-request__meta">
        <div>
          <dt>Solicitante</dt>
          <dd>{requesterName(request)}</dd>
        </div>
        <div>
          <dt>Correo institucional</dt>
          <dd>{requesterEmail(request)}</dd>
        </div>
      </dl>
      <Button variant="outline" size="sm" onClick={onOpen} aria-label={`Ver detalles de ${request.university_name}`}>
        Ver detalles
      </Button>
    </article>
  );
}
