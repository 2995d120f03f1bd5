import { useId } from 'react';

/** The admin's notes on a decision, with its limit counted as the person types. */
export function NotesField({
  value,
  onChange,
  max,
  error,
  label = 'Notas del administrador',
}: {
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string;
  label?: string;
}) {
  const id = useId();
  const over = value.length > max;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="textarea"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={over || error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-count`} className={over ? 'field__error' : 'muted admin-counter'}>
        {value.length}/{max}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
