import { API_MESSAGES } from '#shared/messages';
import { ApiError } from '@/lib/api-client';

/** The server's Spanish message of a failed call (or the generic one). */
export const messageOf = (err: unknown): string =>
  err instanceof Error && err.message ? err.message : API_MESSAGES.internal;

/** The fields a 400 named (`details`: path and message), first message per field. */
export function fieldsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError)) return out;
  for (const d of err.details) {
    const key = d.path.split('.').pop() ?? d.path;
    if (key) out[key] ??= d.message;
  }
  return out;
}

/** zod issues → the first message per top-level field (the forms' client-side check). */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key) out[key] ??= issue.message;
  }
  return out;
}
