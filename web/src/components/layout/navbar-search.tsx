import { type FormEvent, useRef, useState } from 'react';
import { useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '#shared/limits';
import { paths } from '@/config/paths';
import { Glyph } from '../catalog-icons';
import { Button } from '../ui/button';

/** The bar's search form: empty or whitespace-only text goes to /search without q, else q is the trimmed text. */
export function NavbarSearch({ onSubmitted }: { onSubmitted?: () => void }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, text, setText);
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(paths.search.getHref(text));
    onSubmitted?.();
  };
  return (
    // action and name: sent before the app runs, the browser asks the server for the results page.
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to the old Android browsers we target
    <form className="search-form" role="search" action={paths.search.path} onSubmit={submit}>
      <label className="visually-hidden" htmlFor="navbar-search">
        Buscar productos
      </label>
      <input
        id="navbar-search"
        className="input"
        type="search"
        placeholder="Buscar productos..."
        name="q"
        ref={input}
        maxLength={LIMITS.searchMaxLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" size="icon" aria-label="Buscar">
        <Glyph name="search" />
      </Button>
    </form>
  );
}
