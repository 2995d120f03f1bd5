import { Skeleton } from '@/components/ui/skeleton';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { SettingsSwitch } from './settings-switch';

/**
 * /settings → Notificaciones: the switch of question, answer and deal mails (docs/decisions/020), saved
 * at once with the spec's confirmation or error; on an error it moves back.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  if (settings.isError)
    return <p className="muted">No se pudo cargar tu configuración de notificaciones. Recarga la página.</p>;
  if (!settings.data) return <Skeleton className="profile-card__skeleton" />;

  const on = settings.data.questions;
  return (
    <SettingsSwitch
      id="notify-questions"
      label="Correos de preguntas, respuestas y compras"
      help="Te avisamos cuando alguien pregunta en tus productos y cuando el vendedor responde tus preguntas (como mucho un correo cada 15 minutos por producto), y cuando un vendedor te pide confirmar una compra."
      on={on}
      next={{ questions: !on }}
      save={update}
    />
  );
}
