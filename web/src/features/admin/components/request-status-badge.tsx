import { REQUEST_STATUS_LABELS, UNKNOWN_STATUS_LABEL } from '#shared/statuses';
import { Badge } from '@/components/ui/badge';

const isKnown = (status: string): status is keyof typeof REQUEST_STATUS_LABELS =>
  Object.hasOwn(REQUEST_STATUS_LABELS, status);

/** The spec's badges: 'Pendiente', 'Aprobada', 'Rechazada'; any other value 'Desconocido'. */
export function requestStatusLabel(status: string): string {
  return isKnown(status) ? REQUEST_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="outline" className={`admin-status admin-status--${isKnown(status) ? status : 'unknown'}`}>
      {requestStatusLabel(status)}
    </Badge>
  );
}
