/**
 * Identifier formats, zod-free so the web app's initial JavaScript can check them without zod.
 * shared/schemas.ts builds its schemas on the same pattern, so both sides agree.
 */

/** A university id: 2–20 lowercase letters, digits or hyphens ('ucab', 'usb'). */
export const UNIVERSITY_ID_PATTERN = /^[a-z0-9-]{2,20}$/;

/** universityIdSchema's reading of a value (trimmed, lowercased), or null when it is not a university id. */
export function parseUniversityId(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const id = raw.trim().toLowerCase();
  return UNIVERSITY_ID_PATTERN.test(id) ? id : null;
}
