import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

/**
 * /settings → Notificaciones: the switch of question and answer mails (docs/decisions/020). A
 * button with role="switch" (Space and Enter toggle it; screen readers say on or off), saved at
 * once with the spec's confirmation or error; on an error it moves back.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const { toast } = useToast();

  if (settings.isError)
    return <p className="muted">No se pudo cargar tu configuración de notificaciones. Recarga la página.</p>;
  if (!settings.data) return <Skeleton className="profile-card__skeleton" />;

  const on = settings.data.questions;
  // Not `disabled` while saving: a disabled button would drop the keyboard focus.
  const toggle = () => {
    if (update.isPending) return;
    update.mutate(
      { questions: !on },
      {
        onSuccess: () => toast({ title: ACCOUNT_MESSAGES.settingsSaved }),
        onError: (err) =>
          toast({
            title: ACCOUNT_MESSAGES.settingsSaveFailed,
            description: err instanceof ApiError ? err.message : undefined,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <span id="notify-questions-label" className="switch-row__label">
          Correos de preguntas y respuestas
        </span>
        <span id="notify-questions-help" className="muted">
          Te avisamos cuando alguien pregunta en tus productos y cuando el vendedor responde tus preguntas:
          como mucho un correo cada 15 minutos por producto.
        </span>
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-labelledby="notify-questions-label"
        aria-describedby="notify-questions-help"
        aria-busy={update.isPending}
        onClick={toggle}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="switch__state" aria-hidden="true">
          {on ? 'Activado' : 'Desactivado'}
        </span>
      </button>
    </div>
  );
}
