import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** The token of a `#token=…` fragment (kept out of server logs and Referer headers), or null. */
export function hashToken(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

/**
 * The page's `#token=…`, sent to `send` once on opening (the pages of a mail's one-click links).
 * Once per token: React's development double effects and re-renders must not act twice.
 */
export function useHashTokenOnce(send: (token: string) => void): string | null {
  const token = hashToken(useLocation().hash);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (token && sent.current !== token) {
      sent.current = token;
      send(token);
    }
  }, [token, send]);
  return token;
}
