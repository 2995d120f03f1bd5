import { type FormEvent, useId, useState } from 'react';
import { CONTENT_LIMITS, characterCount, quickContentCheck } from '#shared/content-check';
import { cleanText } from '#shared/zod';
import { buttonClass } from '@/components/ui/button';

/** The text as the server will store it (cleaned, trimmed): what the quick check judges. */
export const asStored = (text: string) => cleanText(text, true).trim();

/**
 * The question or answer box: a labelled textarea with its character counter, the spec's quick
 * check before anything is sent (its message under the box, announced), and a busy state. `onSend`
 * resolves true when the text was accepted: the box is emptied.
 */
export function CommentForm({
  label,
  placeholder,
  submitLabel,
  busyLabel,
  busy,
  error,
  onSend,
  className,
}: {
  label: string;
  placeholder?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's reason, when it refused the last text. */
  error?: string | null;
  onSend: (text: string) => Promise<boolean>;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [checkError, setCheckError] = useState<string | null>(null);
  const count = characterCount(asStored(text));
  const over = count > CONTENT_LIMITS.maxLength;
  const shown = checkError ?? error ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const stored = asStored(text);
    const reason = quickContentCheck(stored);
    setCheckError(reason);
    if (reason) return;
    if (await onSend(stored)) setText('');
  };

  return (
    <form className={['comment-form', className].filter(Boolean).join(' ')} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className="textarea"
          value={text}
          placeholder={placeholder}
          rows={3}
          onChange={(e) => {
            setText(e.target.value);
            if (checkError) setCheckError(null);
          }}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-count ${id}-error`}
          disabled={busy}
        />
        <div className="comment-form__meta">
          <p id={`${id}-error`} className="field__error" aria-live="polite">
            {shown}
          </p>
          <span
            id={`${id}-count`}
            className={over ? 'comment-form__count comment-form__count--over' : 'comment-form__count'}
          >
            {count}/{CONTENT_LIMITS.maxLength}
          </span>
        </div>
      </div>
      <button type="submit" className={buttonClass('primary', 'sm')} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
