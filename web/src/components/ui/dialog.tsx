import { type ReactNode, useId } from 'react';
import { useModalDialog } from './use-modal-dialog';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The first field or action (not the close button) takes the focus on open. */
const firstControl = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLElement>('input, select, textarea, button:not(.dialog__close)');

/**
 * A modal dialog (a native `<dialog>`, see useModalDialog): Escape and the backdrop close it; focus
 * moves in on open, stays inside while it is open, and goes back on close. A bottom sheet on phones.
 */
export function Dialog({ open, onClose, title, description, children, className }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const modal = useModalDialog(open, onClose, firstControl);

  if (!open) return null;
  return (
    <dialog
      {...modal}
      className="modal-layer dialog-layer"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <div className={['dialog', className].filter(Boolean).join(' ')}>
        <button type="button" className="dialog__close" aria-label="Cerrar" onClick={onClose}>
          ×
        </button>
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
  );
}
