import { createHash } from 'node:crypto';
import {
  ALERT_MESSAGES,
  canonicalSearch,
  isEmptySearch,
  MAX_NEW_PER_SEARCH,
  MAX_SAVED_SEARCHES,
  normalizeFilters,
  type SavedSearch,
  type SavedSearchInput,
} from '#shared/alerts';
import { API_MESSAGES } from '#shared/messages';
import type { AuthContext } from '../../commons/auth';
import { BadRequestError, ConflictError, NotFoundError } from '../../commons/errors';
import { logger } from '../../commons/observability';
import type { SavedSearchRepository, StoredSavedSearch } from '../../ports/alerts';
import type { SendCounter } from '../../ports/accounts';
import type { IdempotencyClaim } from '../../ports/idempotency';
import type { SigningKeySource } from '../../ports/notifications';
import type { UniversityRepository } from '../../ports/repositories';
import { spendAllowance } from '../accounts/codes';
import { UNSUBSCRIBE_REFUSALS_PER_CLIENT } from '../accounts/notification-settings';
import { verifyUnsubscribeToken } from '../notifications/unsubscribe-tokens';

/**
 * Saved searches ('Crear alerta', /alertas; docs/decisions/031): only their owner reads or changes
 * them (every route is under /api/me and keyed by the caller's id). A saved search's id is derived
 * from its owner and its canonical search, so saving the same search twice — a double click, a
 * retried request — is one saved search (the second is a 409, nothing changed).
 */
export interface SavedSearchDeps {
  savedSearches: SavedSearchRepository;
  universities: Pick<UniversityRepository, 'get'>;
  now: () => Date;
}

/** The purpose of alert mails' unsubscribe links (never valid for question mails, nor the reverse). */
export const ALERT_UNSUBSCRIBE_PURPOSE = 'unsubscribe:alerts';

export function savedSearchId(userId: string, canonical: string): string {
  return createHash('sha256').update(userId).update('\n').update(canonical).digest('hex').slice(0, 24);
}

export function toSavedSearch(s: StoredSavedSearch): SavedSearch {
  return {
    id: s.id,
    university: s.university,
    ...(s.q !== undefined ? { q: s.q } : {}),
    ...(s.category ? { category: s.category } : {}),
    ...(s.career ? { career: s.career } : {}),
    ...(s.condition ? { condition: s.condition } : {}),
    ...(s.minPrice !== undefined ? { minPrice: s.minPrice } : {}),
    ...(s.maxPrice !== undefined ? { maxPrice: s.maxPrice } : {}),
    enabled: s.enabled,
    created_at: s.created_at,
    new_count: Math.min(s.new_ids.length, MAX_NEW_PER_SEARCH),
  };
}

export async function listSavedSearches(deps: SavedSearchDeps, auth: AuthContext) {
  const items = await deps.savedSearches.list(auth.userId);
  return { items: items.map(toSavedSearch), max: MAX_SAVED_SEARCHES };
}

/**
 * 'Crear alerta': the saved search, its count and the request's first answer in one transaction
 * (decision 041), so a retry of a saved one is answered with it rather than the duplicate's 409.
 */
export async function createSavedSearch(
  deps: SavedSearchDeps,
  auth: AuthContext,
  input: SavedSearchInput,
  claim: IdempotencyClaim,
): Promise<SavedSearch> {
  const filters = normalizeFilters(input);
  if (isEmptySearch(filters)) throw new BadRequestError(ALERT_MESSAGES.empty);
  if (!(await deps.universities.get(filters.university)))
    throw new BadRequestError(ALERT_MESSAGES.unknownUniversity);
  const stored: StoredSavedSearch = {
    ...filters,
    id: savedSearchId(auth.userId, canonicalSearch(filters)),
    user_id: auth.userId,
    enabled: true,
    created_at: deps.now().toISOString(),
    new_ids: [],
  };
  const answer = toSavedSearch(stored);
  const terms = { record: claim.record(answer), allowances: [], now: deps.now().getTime() };
  const outcome = await deps.savedSearches.create(stored, MAX_SAVED_SEARCHES, terms);
  if (outcome === 'duplicate') throw new ConflictError(ALERT_MESSAGES.duplicate);
  if (outcome === 'limit') throw new ConflictError(ALERT_MESSAGES.tooMany);
  if (outcome === 'closed') throw new BadRequestError(ALERT_MESSAGES.unknownUniversity);
  return answer;
}

async function ownOrNotFound(deps: SavedSearchDeps, auth: AuthContext, id: string) {
  const found = await deps.savedSearches.get(auth.userId, id);
  if (!found) throw new NotFoundError(ALERT_MESSAGES.notFound);
  return found;
}

export async function setSavedSearchEnabled(
  deps: SavedSearchDeps,
  auth: AuthContext,
  id: string,
  enabled: boolean,
): Promise<SavedSearch> {
  if (!(await deps.savedSearches.setEnabled(auth.userId, id, enabled)))
    throw new NotFoundError(ALERT_MESSAGES.notFound);
  return toSavedSearch(await ownOrNotFound(deps, auth, id));
}

export async function deleteSavedSearch(deps: SavedSearchDeps, auth: AuthContext, id: string) {
  if (!(await deps.savedSearches.remove(auth.userId, id))) throw new NotFoundError(ALERT_MESSAGES.notFound);
  return { id, deleted: true as const };
}

/** 'Ver resultados': the search's 'Nuevos para ti' are seen. */
export async function markSavedSearchSeen(deps: SavedSearchDeps, auth: AuthContext, id: string) {
  if (!(await deps.savedSearches.markSeen(auth.userId, id))) throw new NotFoundError(ALERT_MESSAGES.notFound);
  return toSavedSearch(await ownOrNotFound(deps, auth, id));
}

export interface AlertUnsubscribeDeps {
  savedSearches: SavedSearchRepository;
  unsubscribeKey: SigningKeySource;
  sendCounter: SendCounter;
  now: () => Date;
}

/**
 * POST /api/alerts/unsubscribe: an alert mail's link (purpose `unsubscribe:alerts`) turns every alert
 * of its person off, without a session; again changes nothing. Anything else is a 400 and changes
 * nothing; refusals are limited per client address, as for question mails (decision 020).
 */
export async function unsubscribeAlerts(deps: AlertUnsubscribeDeps, token: string, client: string) {
  const grant = verifyUnsubscribeToken(await deps.unsubscribeKey(), token, ALERT_UNSUBSCRIBE_PURPOSE);
  if (!grant) {
    await spendAllowance(deps, `unsubscribe-refusal:${client}`, {
      ...UNSUBSCRIBE_REFUSALS_PER_CLIENT,
      message: API_MESSAGES.tooManyFromClient,
    });
    throw new BadRequestError(ALERT_MESSAGES.invalidUnsubscribeLink);
  }
  const turnedOff = await deps.savedSearches.disableAll(grant.userId);
  logger.info('alerts turned off by an unsubscribe link', { turnedOff });
  return { ok: true as const, turned_off: turnedOff };
}
