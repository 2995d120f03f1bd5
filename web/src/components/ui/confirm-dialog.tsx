import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description: ReactNode;
  /** While the confirmed action runs: the button says so and takes no second click. */
  busy: boolean;
  confirmLabel?: string;
  busyLabel?: string;
}

/** The app's confirmation of a destructive action ('Cancelar' / 'Eliminar'). */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  busy,
  confirmLabel = 'Eliminar',
  busyLabel = 'Eliminando...',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description}>
      <div className="dialog__footer">
        <button type="button" className={buttonClass('outline')} onClick={onCancel}>
          Cancelar
        </button>
        <button type="button" className={buttonClass('destructive')} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
