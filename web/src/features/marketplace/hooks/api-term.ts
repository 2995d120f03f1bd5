import { LIMITS } from '#shared/limits';
import { sanitizeSearchInput } from '#shared/text';

/**
 * The spec's sanitiser, then trimmed again (removed characters may leave edge spaces): what the API
 * receives for a search (the screen and the server's prefetch ask the same first page).
 */
export function toApiTerm(text: string): string {
  return sanitizeSearchInput(text.trim(), LIMITS.searchMaxLength).trim();
}
