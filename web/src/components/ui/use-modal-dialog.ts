import { type MouseEvent, type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';
import { closeModalLayer, openModalLayer } from './modal-layer';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's controls (the browser would otherwise visit its own UI). */
function trapTab(e: KeyboardEvent, dialog: HTMLElement): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    return;
  }
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export interface ModalDialogProps {
  ref: RefObject<HTMLDialogElement | null>;
  onCancel: (e: SyntheticEvent<HTMLDialogElement>) => void;
  onMouseDown: (e: MouseEvent<HTMLDialogElement>) => void;
}

/**
 * Props for a native `<dialog>` rendered while `open`: opened with showModal (the page behind is
 * inert, so neither Tab nor a screen reader reaches it), Tab wraps round inside, Escape (and a
 * phone's back gesture, the dialog's cancel) and a press on the backdrop (the dialog element's own
 * area outside its panel) call onClose, and on close the focus goes back where it was.
 * `initialFocus` picks the element focused on open (default: the browser's, the first focusable).
 */
export function useModalDialog(
  open: boolean,
  onClose: () => void,
  initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null | undefined,
): ModalDialogProps {
  const ref = useRef<HTMLDialogElement>(null);
  // Callers pass inline callbacks: the effect must not re-run (and move the focus) on each render.
  const latest = useRef({ onClose, initialFocus });
  latest.current = { onClose, initialFocus };

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    openModalLayer(dialog);
    latest.current.initialFocus?.(dialog)?.focus();
    // A DOM listener, not React's onKeyDown: the toasts portalled into the dialog are inside it in
    // the DOM but not in its React tree, and Tab from their close button must wrap round as well.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Handled here rather than by the browser's cancel, so that React state closes it; a dialog
        // opened from inside another closes alone.
        e.preventDefault();
        e.stopPropagation();
        latest.current.onClose();
      } else if (e.key === 'Tab') {
        e.stopPropagation();
        trapTab(e, dialog);
      }
    };
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('keydown', onKey);
      closeModalLayer(dialog);
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  return {
    ref,
    onCancel: (e) => {
      e.preventDefault();
      latest.current.onClose();
    },
    onMouseDown: (e) => {
      if (e.target !== e.currentTarget) return;
      // The press's own focus change (to the page) would otherwise undo the focus given back.
      e.preventDefault();
      latest.current.onClose();
    },
  };
}
