import { LIMITS } from '#shared/limits';
import { sanitizeSearchInput } from '#shared/text';

/**
 * The spec's sanitiser, then trimmed again (removed characters may leave edge spaces): what the API
 * receives for a search. A leaf, so the early script asks the search's first page as the app will.
 */
export function toApiTerm(text: string): string {
  return sanitizeSearchInput(text.trim(), LIMITS.searchMaxLength).trim();
}
