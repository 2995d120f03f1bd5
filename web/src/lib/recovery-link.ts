import { paths } from '../config/paths';

/**
 * Where a password-recovery link must go: spec, "any URL fragment indicating password recovery that
 * lands on another path is redirected (history replaced) to /reset-password keeping the fragment".
 * The address to replace the current one with, or null when it stays. One rule for both places that
 * can move the visitor first: main.tsx, before a server-rendered page would be hydrated (the server
 * never sees the fragment, so its HTML is the landing page's), and the router's outermost route,
 * before any screen's own redirect (lib/recovery-redirect.tsx).
 */
export function recoveryRedirect(pathname: string, hash: string): string | null {
  if (pathname === paths.resetPassword.path) return null;
  if (!new URLSearchParams(hash.replace(/^#/, '')).getAll('type').includes('recovery')) return null;
  return `${paths.resetPassword.getHref()}${hash}`;
}
