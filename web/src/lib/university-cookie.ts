import { parseUniversityId } from '#shared/ids';
import { STORAGE_KEYS } from '#shared/limits';
import { UNIVERSITY_COOKIE } from '#shared/pages';

/**
 * The chosen university as the `mu_u` cookie too (shared/pages.ts), read by the server's render of
 * the pages that show it (the choice itself lives in localStorage, which a server cannot read).
 * Path=/ because a cookie has one path and these pages are four (/marketplace, /search,
 * /categoria/*, /carrera/*); it then also rides along with /api and file requests, where nothing
 * reads it (the render hands no cookie to the API's handlers), and it names a university, nothing
 * about the person. A year, as the choice in localStorage has no end either. A module of its own
 * (not storage.ts, in the listings' chunk): the app's entry calls it at start.
 * Without an argument: the stored choice (a choice made before the cookie existed gets it now).
 */
export function mirrorSelectedUniversity(id?: string | null): void {
  if (typeof document === 'undefined') return;
  let chosen = id;
  if (chosen === undefined) {
    try {
      chosen = parseUniversityId(localStorage.getItem(STORAGE_KEYS.selectedUniversity));
    } catch {
      return;
    }
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the phones' Safari and Firefox
  document.cookie = chosen
    ? `${UNIVERSITY_COOKIE}=${encodeURIComponent(chosen)}; Path=/; SameSite=Lax; Max-Age=31536000`
    : `${UNIVERSITY_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
}
