import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind, type PushSettings as PushSwitches } from '#shared/push';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PUSH_TEXTS, useDisablePush, useEnablePush, usePushDevice } from '@/lib/push/use-push';
import { usePushSettings } from '../api/get-push-settings';
import { useUpdatePushSettings } from '../api/update-push-settings';
import { SettingsSwitch } from './settings-switch';

export const NEEDS_INSTALL_TEXT =
  'Para recibir notificaciones en tu iPhone o iPad, agrega Mercado Universitario a tu pantalla de inicio: toca Compartir y luego «Agregar a inicio».';

const KIND_HELP: Record<PushKind, string> = {
  answers: 'Cuando un vendedor responde una pregunta que hiciste.',
  questions: 'Cuando alguien pregunta en uno de tus productos.',
  alerts: 'Cuando publican algo que coincide con una de tus alertas.',
  deals: 'Cuando un vendedor te pide confirmar una compra o recibes una reseña.',
  reports: 'Cuando el equipo decide sobre un reporte de una de tus publicaciones.',
};

/**
 * /settings → Notificaciones, beside the mails' switch: push notifications on this device (issue
 * 41). 'Activar notificaciones' asks the browser's permission (only on that tap) and subscribes;
 * once on, the device can leave and the person chooses which kinds reach them. An iPhone or iPad in
 * Safari is told to add the app to the home screen first; a blocked permission is explained. Where
 * push cannot work (no key for this stage, an old browser) nothing is shown.
 */
export function PushSettings() {
  const device = usePushDevice();
  const { enable, isPending: enabling } = useEnablePush();
  const disable = useDisablePush();

  if (!device.data)
    return device.isPending ? <Skeleton className="skeleton--text push-settings__pending" /> : null;
  const { availability, on } = device.data;
  if (availability === 'unsupported') return null;

  return (
    <div className="push-settings">
      <h3 id="push-settings-title" className="push-settings__title">
        Notificaciones en este dispositivo
      </h3>
      {availability === 'needs-install' ? (
        <p className="muted">{NEEDS_INSTALL_TEXT}</p>
      ) : availability === 'denied' ? (
        <p className="muted">{PUSH_TEXTS.denied}</p>
      ) : on ? (
        <>
          <div className="profile-card__row push-settings__status">
            <p>Notificaciones activadas en este dispositivo</p>
            <Button
              variant="outline"
              size="sm"
              aria-busy={disable.isPending}
              onClick={() => {
                if (!disable.isPending) disable.mutate();
              }}
            >
              Desactivar en este dispositivo
            </Button>
          </div>
          <PushKindSwitches />
        </>
      ) : (
        <>
          <p className="muted">
            Te avisamos al momento de respuestas, preguntas, alertas y compras, aunque no tengas la app
            abierta.
          </p>
          <div>
            <Button variant="primary" size="sm" aria-busy={enabling} onClick={enable}>
              {PUSH_TEXTS.enable}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** Which kinds of push reach the person (on every device of theirs), each saved at once. */
function PushKindSwitches() {
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  if (settings.isError)
    return <p className="muted">No se pudo cargar tu configuración de notificaciones. Recarga la página.</p>;
  if (!settings.data) return <Skeleton className="profile-card__skeleton" />;
  const current: PushSwitches = settings.data;
  return (
    <>
      {PUSH_KINDS.map((kind) => (
        <SettingsSwitch
          key={kind}
          id={`push-${kind}`}
          label={PUSH_KIND_LABELS[kind]}
          help={KIND_HELP[kind]}
          on={current[kind]}
          next={{ ...current, [kind]: !current[kind] }}
          save={update}
        />
      ))}
    </>
  );
}
