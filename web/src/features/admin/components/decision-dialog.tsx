import { useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { NotesField } from './notes-field';

/** A decision with the admin's notes (resolve or reject a report): the notes are checked first. */
export function DecisionDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  notesMax,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  busy: boolean;
  notesMax: number;
  error?: string | null;
  onConfirm: (notes: string) => void;
  onClose: () => void;
}) {
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setNotes('');
      setNotesError(undefined);
    }
  }, [open]);

  const confirm = () => {
    if (notes.trim().length > notesMax) {
      setNotesError(`Las notas no pueden superar los ${notesMax} caracteres.`);
      return;
    }
    onConfirm(notes.trim());
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <NotesField value={notes} onChange={setNotes} max={notesMax} error={notesError} />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__footer">
        <button type="button" className={buttonClass('outline')} onClick={onClose}>
          Cancelar
        </button>
        <button type="button" className={buttonClass('primary')} onClick={confirm} disabled={busy}>
          {busy ? 'Guardando...' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
