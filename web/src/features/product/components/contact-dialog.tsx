import { useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import { SafetyTips } from '@/components/trust/safety-tips';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useMeetingPoints } from '@/lib/api/get-meeting-points';

export interface ContactDialogProps {
  universityId: string;
  busy: boolean;
  /** Called within the click, so the tab WhatsApp opens in is not blocked; null: no point chosen. */
  onContact: (meetingPoint: string | null) => void;
  onClose: () => void;
}

/**
 * Before WhatsApp opens (issue 14; decision 032): the three safety tips, and a choice among the
 * university's safe meeting points, which goes into the prefilled message. A native modal dialog.
 */
export function ContactDialog({ universityId, busy, onContact, onClose }: ContactDialogProps) {
  const points = useMeetingPoints(universityId);
  const [choice, setChoice] = useState('');
  const selectId = useId();
  const helpId = useId();
  const items = points.data?.items ?? [];
  const chosen = items.find((p) => p.id === choice) ?? null;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Antes de contactar al vendedor"
      description="Tres consejos para comprar seguro."
      className="contact-dialog"
    >
      <SafetyTips />
      <form
        className="contact-dialog__form"
        onSubmit={(e) => {
          e.preventDefault();
          onContact(chosen?.name ?? null);
        }}
      >
        <div className="field">
          <label htmlFor={selectId}>Punto de encuentro (opcional)</label>
          <select
            id={selectId}
            className="select"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            aria-describedby={helpId}
          >
            <option value="">Sin punto de encuentro</option>
            {items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <p id={helpId} className="muted">
            {chosen
              ? [chosen.description, chosen.hours && `Horario: ${chosen.hours}`]
                  .filter(Boolean)
                  .join(' · ') || 'Lo propondremos en tu mensaje.'
              : points.isError
                ? 'No se pudieron cargar los puntos de encuentro.'
                : items.length === 0 && !points.isPending
                  ? 'Tu universidad aún no tiene puntos de encuentro sugeridos.'
                  : 'Lugares públicos del campus sugeridos por tu universidad.'}
          </p>
        </div>
        <p className="muted">
          <Link to={paths.safeBuying.getHref()}>Más sobre compra segura</Link>
        </p>
        <div className="contact-dialog__actions">
          <button type="button" className={buttonClass('outline')} onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Abriendo WhatsApp...' : 'Abrir WhatsApp'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
