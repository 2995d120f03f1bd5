import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIMITS } from '#shared/limits';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { addSearchHistory } from '@/lib/storage';
import { toApiTerm } from './api-term';

/** What the API receives for the search a URL's `q` names (the hook's `term`, and a server's prefetch). */
export const searchTermOf = (params: URLSearchParams): string => toApiTerm((params.get('q') ?? '').trim());

/**
 * The search box's state. `text` is what is typed; 300 ms after typing stops, the trimmed text
 * becomes the search (`shown`, kept in the URL's q, history replaced) and, when non-empty, goes to
 * the front of the search history; empty text clears the search. `term` is `shown` passed
 * through the spec's sanitiser: what the API receives.
 */
export function useSearchTerm() {
  const [params, setParams] = useSearchParams();
  const urlText = params.get('q') ?? '';
  const [text, setText] = useState(urlText);
  const debounced = useDebouncedValue(text, LIMITS.searchDebounceMs).trim().slice(0, LIMITS.searchMaxLength);
  const last = useRef(urlText);

  useEffect(() => {
    if (debounced === last.current) return;
    last.current = debounced;
    if (debounced) addSearchHistory(debounced);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  return { text, setText, shown: urlText.trim(), term: searchTermOf(params) };
}
