import { type InputHTMLAttributes, useId, useRef } from 'react';
import { useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';

const dropTyped = () => {};

/**
 * A labelled input with its validation message (linked for screen readers). `onTyped` adopts what
 * was typed into a server-rendered field before the app hydrated it (the controlled value's
 * setter): without it that text would stay on screen but never reach the form's state.
 */
export function Field({
  label,
  error,
  onTyped,
  ...input
}: {
  label: string;
  error?: string;
  onTyped?: (typed: string) => void;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, typeof input.value === 'string' ? input.value : '', onTyped ?? dropTyped);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
