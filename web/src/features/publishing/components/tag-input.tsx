import { type KeyboardEvent, useId, useState } from 'react';
import { cleanTags, sanitizeTag } from '#shared/product-form';
import { LIMITS } from '#shared/limits';

/**
 * Tags: Enter adds, Backspace on an empty input removes the last; at most 10, cleaned as stored.
 * Suggestions of the category: 8 shown, the rest behind 'Ver más' (spec).
 */
export function TagInput({
  tags,
  onChange,
  suggestions,
  error,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  suggestions: readonly string[];
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const full = tags.length >= LIMITS.tagsPerProduct;

  const add = (raw: string) => {
    const tag = sanitizeTag(raw);
    if (!tag || full) return;
    onChange(cleanTags([...tags, tag]));
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      e.preventDefault();
      onChange(tags.slice(0, -1));
    }
  };

  const available = suggestions.filter((s) => !tags.includes(s));
  const shown = expanded ? available : available.slice(0, LIMITS.tagSuggestions);

  return (
    <div className="field">
      <label htmlFor={id}>Etiquetas</label>
      <div className="tag-input">
        {tags.map((tag) => (
          <span key={tag} className="tag-input__tag">
            {tag}
            <button
              type="button"
              className="tag-input__remove"
              aria-label={`Quitar etiqueta ${tag}`}
              onClick={() => onChange(tags.filter((t) => t !== tag))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          className="tag-input__field"
          value={text}
          maxLength={LIMITS.tagMaxLength + 10}
          disabled={full}
          placeholder={full ? 'Máximo 10 etiquetas' : 'Escribe y presiona Enter'}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-help`}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <p id={`${id}-help`} className="muted field__help">
        {tags.length}/{LIMITS.tagsPerProduct} etiquetas. Ayudan a que te encuentren en la búsqueda.
      </p>
      {error && <p className="field__error">{error}</p>}
      {shown.length > 0 && !full && (
        <div className="tag-suggestions">
          <span className="muted">Sugerencias:</span>
          {shown.map((s) => (
            <button key={s} type="button" className="tag-suggestion" onClick={() => add(s)}>
              + {s}
            </button>
          ))}
          {available.length > LIMITS.tagSuggestions && (
            <button type="button" className="tag-suggestion tag-suggestion--more" onClick={() => setExpanded((x) => !x)}>
              {expanded ? 'Ver menos' : `Ver más (${available.length - LIMITS.tagSuggestions})`}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
