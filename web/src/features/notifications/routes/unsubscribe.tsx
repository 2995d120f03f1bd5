import { Link } from '@/components/ui/link';
import { NOTIFICATION_MESSAGES } from '#shared/notification-messages';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useHashTokenOnce } from '@/hooks/use-hash-token-once';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /notificaciones/baja#token=…: the link of every question or answer mail. It turns those mails off
 * at once, without signing in, and says so; /settings turns them back on.
 */
export function Component() {
  useDocumentMeta('Notificaciones por correo');
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const token = useHashTokenOnce(mutate);

  const settingsLink = (
    <Link to={paths.settings.getHref()} className={buttonClass('outline')}>
      Ir a Configuración
    </Link>
  );
  // A refused link (400) names what is wrong; anything else (a 429, an outage) may work again later.
  const refused = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;

  return (
    <div className="container page">
      <div className="empty-state" aria-live="polite">
        <h1 className="page-title">Notificaciones por correo</h1>
        {!token || refused ? (
          <>
            <p>{NOTIFICATION_MESSAGES.invalidUnsubscribeLink}</p>
            {settingsLink}
          </>
        ) : unsubscribe.isSuccess ? (
          <>
            <p>{NOTIFICATION_MESSAGES.unsubscribed}</p>
            <p className="muted">
              Los códigos de verificación y los enlaces para restablecer tu contraseña te seguirán llegando.
              Si cambias de idea, vuelve a activarlos en Configuración → Notificaciones.
            </p>
            {settingsLink}
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
