import { NEXT_PARAM } from '#shared/pages';

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

/**
 * The page an accounts screen goes back to afterwards: its URL's `?next=` (paths.login.getHref),
 * only a path of this app; undefined when there is none (the home then).
 */
export function nextOf(search: string): string | undefined {
  return safeAppPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? undefined;
}
