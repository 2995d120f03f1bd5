import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';
import { LIMITS } from '#shared/limits';
import { Glyph } from '@/components/catalog-icons';
import { getSearchHistory } from '@/lib/storage';

export interface SearchBarProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Rendered next to the input (the filter popover). */
  children?: ReactNode;
}

/**
 * The search input with its history dropdown: shown while the input has text and focus, closed
 * 200 ms after blur (so a click on an entry lands first); picking an entry fills the input.
 */
export function SearchBar({
  value,
  onChange,
  placeholder = 'Buscar productos...',
  children,
}: SearchBarProps) {
  const [focused, setFocused] = useState(false);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, onChange);
  const inputId = useId();
  const listId = useId();

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // Read on each render while focused: searches made while typing join the list at once.
  const history = focused ? getSearchHistory() : [];
  const open = focused && value.length > 0 && history.length > 0;

  return (
    <div className="search-bar">
      <div className="search-bar__field">
        <span className="search-bar__icon">
          <Glyph name="search" size={18} />
        </span>
        <label className="visually-hidden" htmlFor={inputId}>
          Buscar productos
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          aria-controls={open ? listId : undefined}
          autoComplete="off"
          maxLength={LIMITS.searchMaxLength}
          placeholder={placeholder}
          ref={input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            setFocused(true);
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setFocused(false), LIMITS.searchHistoryBlurMs);
          }}
        />
        {open && (
          <div className="search-history">
            <p className="search-history__label">Búsquedas recientes</p>
            <ul id={listId} aria-label="Búsquedas recientes">
              {history.map((entry) => (
                <li key={entry}>
                  <button
                    type="button"
                    className="menu__item"
                    onClick={() => {
                      onChange(entry);
                      setFocused(false);
                    }}
                  >
                    <Glyph name="search" size={16} /> {entry}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {children}
    </div>
  );
}
