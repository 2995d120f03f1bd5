import { type FormEvent, useId, useRef, useState } from 'react';
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, type ReportCategory } from '#shared/statuses';
import { LIMITS } from '#shared/limits';
import { REPORT_MESSAGES } from '#shared/report-messages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { isAlreadyReported, useReportProduct } from '../api/report-product';

export interface ReportDialogProps {
  productId: number;
  productTitle: string;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Reportar producto': one of the spec's seven categories (a radio group) and an optional comment
 * of up to 500 characters (with its counter). Loaded only when someone opens it (report-button.tsx).
 * The server's answer decides: sent (success), already reported (information), or an error.
 */
export function ReportDialog({ productId, productTitle, open, onClose }: ReportDialogProps) {
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const firstOption = useRef<HTMLInputElement>(null);
  const mutation = useReportProduct();
  const { toast } = useToast();
  const ids = { error: useId(), counter: useId(), comment: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    if (!category) {
      // Said next to the choices (and announced): a toast would only repeat it.
      setError(REPORT_MESSAGES.categoryRequired);
      firstOption.current?.focus();
      return;
    }
    setError(null);
    mutation.mutate(
      { id: productId, body: { report_category: category, additional_comments: comment.trim() || null } },
      {
        onSuccess: () => {
          toast({ title: REPORT_MESSAGES.sent });
          onClose();
        },
        onError: (err) => {
          if (isAlreadyReported(err)) {
            toast({ title: REPORT_MESSAGES.alreadyReported });
            onClose();
            return;
          }
          // A refusal the person can act on (a limit, a product gone) says why; anything else is the spec's.
          const reason =
            err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : undefined;
          toast({ title: REPORT_MESSAGES.failed, description: reason, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Reportar producto"
      description={`¿Qué problema tiene "${productTitle}"? Nuestro equipo revisará tu reporte.`}
      className="report-dialog"
    >
      <form className="report-form" onSubmit={submit} noValidate>
        <fieldset
          className="report-form__categories"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        >
          <legend className="field__label">Motivo del reporte *</legend>
          {REPORT_CATEGORIES.map((value, i) => (
            <label key={value} className="report-option">
              <input
                ref={i === 0 ? firstOption : undefined}
                type="radio"
                name="report_category"
                value={value}
                checked={category === value}
                onChange={() => {
                  setCategory(value);
                  setError(null);
                }}
              />
              <span>{REPORT_CATEGORY_LABELS[value]}</span>
            </label>
          ))}
          {error && (
            <span id={ids.error} className="field__error" role="alert">
              {error}
            </span>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={ids.comment}>Comentarios adicionales (opcional)</label>
          <textarea
            id={ids.comment}
            className="textarea"
            value={comment}
            maxLength={LIMITS.reportCommentMax}
            aria-describedby={ids.counter}
            placeholder="Cuéntanos qué viste"
            onChange={(e) => setComment(e.target.value)}
          />
          <span id={ids.counter} className="report-form__counter">
            {comment.length}/{LIMITS.reportCommentMax} caracteres
          </span>
        </div>
        <div className="dialog__footer">
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="destructive"
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
          >
            {mutation.isPending ? 'Enviando reporte...' : 'Enviar reporte'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
