/**
 * Where Google sign-in returns to. Cognito only redirects to the exact registered callback URL
 * (/auth/callback, no query), so the origin route travels in sessionStorage (this tab only); a
 * `?redirect=` on the callback URL, as the spec writes it, wins when present.
 */
const KEY = 'authRedirect';

/** Only same-app paths: '/x', never '//host' or 'https://…' (an open redirect otherwise). */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

export function rememberAuthRedirect(path: string): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the callback falls back to '/'.
  }
}

/** The redirect to use after the callback, then forgotten. */
export function takeAuthRedirect(fromQuery: string | null): string {
  let stored: string | null = null;
  try {
    stored = globalThis.sessionStorage?.getItem(KEY) ?? null;
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    stored = null;
  }
  let decoded: string | null = null;
  try {
    decoded = fromQuery ? decodeURIComponent(fromQuery) : null;
  } catch {
    decoded = null;
  }
  return safeAppPath(decoded) ?? safeAppPath(stored) ?? '/';
}

/** The origin route from navigation state ({ from: '/x' }), default '/'. */
export function originFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string') return safeAppPath(from) ?? '/';
  }
  return '/';
}
