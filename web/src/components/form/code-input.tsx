import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';

const LENGTH = 6;
const EMPTY = Array<string>(LENGTH).fill('');

/**
 * The spec's six single-digit boxes: digits only, auto-advance, backspace moves back, paste keeps
 * the first 6 digits, auto-submit when all are filled; on failure the boxes clear and the first
 * box gets the focus again. The spec's verify button submits the boxes too (Enter as well): for a
 * person who typed the code and wants to press something, or to try again after a network error.
 */
export function CodeInput({
  onComplete,
  disabled,
  verifyLabel = 'Verificar código',
}: {
  /** Resolves true when the code was accepted; false (or a rejection) clears the boxes. */
  onComplete: (code: string) => Promise<boolean>;
  disabled?: boolean;
  verifyLabel?: string;
}) {
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [busy, setBusy] = useState(false);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(LENGTH - 1, i))]?.focus();

  const submit = async (next: string[]) => {
    if (next.some((d) => d === '') || busy) return;
    setBusy(true);
    const ok = await onComplete(next.join('')).catch(() => false);
    setBusy(false);
    if (!ok) {
      setDigits(EMPTY);
      // After the re-render enables the boxes again.
      setTimeout(() => focus(0), 0);
    }
  };

  const update = (next: string[]) => {
    setDigits(next);
    void submit(next);
  };

  const onChange = (i: number, value: string) => {
    const digit = value.replace(/\D/g, '').slice(-1);
    if (!digit) return;
    const next = [...digits];
    next[i] = digit;
    if (i < LENGTH - 1) focus(i + 1);
    update(next);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Backspace') return;
    e.preventDefault();
    const next = [...digits];
    if (next[i]) {
      next[i] = '';
    } else if (i > 0) {
      next[i - 1] = '';
      focus(i - 1);
    }
    setDigits(next);
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, LENGTH).split('');
    if (pasted.length === 0) return;
    const next = [...EMPTY];
    pasted.forEach((d, i) => {
      next[i] = d;
    });
    focus(pasted.length);
    update(next);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(digits);
  };
  const complete = digits.every((d) => d !== '');

  return (
    <form className="code-input__form" onSubmit={onSubmit} noValidate>
      <fieldset className="code-input" disabled={disabled || busy}>
        <legend className="visually-hidden">Código de verificación</legend>
        <div className="row">
          {digits.map((digit, i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions
              key={i}
              ref={(el) => {
                refs.current[i] = el;
              }}
              className="input code-input__box"
              inputMode="numeric"
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              maxLength={1}
              aria-label={`Dígito ${i + 1}`}
              value={digit}
              onChange={(e) => onChange(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={onPaste}
            />
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        className={buttonClass('primary')}
        disabled={disabled || busy || !complete}
        aria-busy={busy}
      >
        {busy ? 'Verificando...' : verifyLabel}
      </button>
    </form>
  );
}
