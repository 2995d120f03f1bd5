import { Link } from '@/components/ui/link';
import { ALERT_MESSAGES } from '#shared/alert-texts';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useHashTokenOnce } from '@/hooks/use-hash-token-once';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useUnsubscribeAlerts } from '../api/unsubscribe-alerts';

/**
 * /alertas/baja#token=…: the link of every alert mail. It turns the person's alerts off at once,
 * without signing in, and says so; /alertas turns them back on.
 */
export function Component() {
  useDocumentMeta('Alertas por correo');
  const unsubscribe = useUnsubscribeAlerts();
  const { mutate } = unsubscribe;
  const token = useHashTokenOnce(mutate);

  const alertsLink = (
    <Link to={paths.alerts.getHref()} className={buttonClass('outline')}>
      Ir a Mis Alertas
    </Link>
  );
  const refused = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;

  return (
    <div className="container page">
      <div className="empty-state" aria-live="polite">
        <h1 className="page-title">Alertas por correo</h1>
        {!token || refused ? (
          <>
            <p>{ALERT_MESSAGES.invalidUnsubscribeLink}</p>
            {alertsLink}
          </>
        ) : unsubscribe.isSuccess ? (
          <>
            <p>Listo: desactivamos tus alertas y no te enviaremos más correos de ellas.</p>
            <p className="muted">
              Tus búsquedas siguen guardadas: puedes activarlas de nuevo en Mis Alertas.
            </p>
            {alertsLink}
          </>
        ) : unsubscribe.isError ? (
          <>
            <p>
              {unsubscribe.error instanceof ApiError
                ? unsubscribe.error.message
                : 'No pudimos completar tu solicitud. Inténtalo de nuevo.'}
            </p>
            <button type="button" className={buttonClass('primary')} onClick={() => mutate(token)}>
              Intentar de nuevo
            </button>
          </>
        ) : (
          <Spinner label="Procesando tu solicitud..." />
        )}
      </div>
    </div>
  );
}
