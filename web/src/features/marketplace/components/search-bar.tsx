import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFocusedBeforeHydration, useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';
import { useLocation } from 'react-router-dom';
import { LIMITS } from '#shared/limits';
import { RENDER_QUERY_KEYS } from '#shared/pages';
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
  useFocusedBeforeHydration(input, () => setFocused(true));
  const inputId = useId();
  const listId = useId();

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // Read on each render while focused: searches made while typing join the list at once.
  const history = focused ? getSearchHistory() : [];
  const open = focused && value.length > 0 && history.length > 0;

  // A form the browser sends by itself before the app runs (Enter asks the server for this page with
  // the search, the page's other listing parameters kept); once the app runs, the search follows the
  // typing and Enter only closes the phone's keyboard. The kept parameters are those the server
  // renders with (RENDER_QUERY_KEYS), so its HTML and the browser's first render agree.
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(
    ([key]) => key !== 'q' && (RENDER_QUERY_KEYS as readonly string[]).includes(key),
  );

  return (
    <div className="search-bar">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to the old Android browsers we target */}
      <form
        className="search-bar__field"
        role="search"
        action={pathname}
        onSubmit={(event) => {
          event.preventDefault();
          input.current?.blur();
        }}
      >
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
          name="q"
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
        {kept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
      </form>
      {children}
    </div>
  );
}
