import { caracasDate } from '#shared/caracas-time';
import type { AuditEntry } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { addDays, type ExchangeRate, RATE_MAX_JUMP, RATE_MESSAGES } from '#shared/exchange-rate';
import type { SetRateBody } from '#shared/exchange-rate-schemas';
import { formatAmount } from '#shared/money';
import { type AuthContext, isAdmin } from '../../commons/auth';
import { BadRequestError, ConflictError, ForbiddenError } from '../../commons/errors';
import type { BcvPageSource, ExchangeRateStore } from '../../ports/exchange-rates';
import { parseBcvPage } from './bcv-page';

/**
 * The BCV's official USD rate (issue 14, docs/decisions/033): the public read, the admin's entry or
 * correction (audited, in one transaction with its record) and the scheduled job's reading of the
 * BCV page. Never a parallel rate: only the BCV's page or an admin writes one.
 */
export interface ExchangeRateDeps {
  exchangeRates: ExchangeRateStore;
  now: () => Date;
  newId: () => string;
}

/** How many of the newest rates the admin's history shows. */
export const RATE_HISTORY_SIZE = 30;
/** The BCV dates a rate published in the afternoon with the next business day: a long weekend ahead at most. */
const BCV_MAX_DAYS_AHEAD = 5;
/** Rounds a write re-reads and retries when the date's item changed under it. */
const ROUNDS = 3;

/** The newest rate dated today or earlier in Caracas (a rate the BCV dated tomorrow waits for its day). */
export async function currentRate(deps: ExchangeRateDeps): Promise<{ rate: ExchangeRate | null }> {
  return { rate: await deps.exchangeRates.newestOnOrBefore(caracasDate(deps.now())) };
}

function requireAdmin(auth: AuthContext | null): AuthContext {
  if (!auth || !isAdmin(auth)) throw new ForbiddenError(ADMIN_MESSAGES.forbidden);
  return auth;
}

export async function listRates(
  deps: ExchangeRateDeps,
  auth: AuthContext | null,
): Promise<{ items: ExchangeRate[] }> {
  requireAdmin(auth);
  return { items: await deps.exchangeRates.history(RATE_HISTORY_SIZE) };
}

/** More than 50 % away from the previous rate (either way). */
export function isRateJump(previous: number, next: number): boolean {
  return Math.abs(next - previous) / previous > RATE_MAX_JUMP;
}

/**
 * The stored rates a new rate of `date` is compared with (decision 042): the date's own rate when
 * it is corrected, and its neighbours — the newest before it and the oldest after it. For today's
 * date the newest stored rate, whatever its source, is always one of them; a correction of a past
 * date is judged against the days around it, not against today's rate.
 */
async function references(deps: ExchangeRateDeps, date: string): Promise<ExchangeRate[]> {
  // 'La anterior' first: the refusal names the first reference the rate jumps from.
  const found = await Promise.all([
    deps.exchangeRates.newestBefore(date),
    deps.exchangeRates.get(date),
    deps.exchangeRates.oldestAfter(date),
  ]);
  return found.filter((r): r is ExchangeRate => r !== null);
}

/** The first reference the rate jumps more than 50 % away from, or null. */
const jumpFrom = (refs: ExchangeRate[], rate: number) => refs.find((r) => isRateJump(r.rate, rate)) ?? null;

const snapshot = (r: ExchangeRate | null) =>
  r ? { rate: r.rate, source: r.source, recorded_by: r.recorded_by } : null;

function audit(
  deps: ExchangeRateDeps,
  actor: { id: string; email: string | null },
  before: ExchangeRate | null,
  after: ExchangeRate,
  notes: string | null,
): AuditEntry {
  return {
    id: deps.newId(),
    at: after.recorded_at,
    actor_id: actor.id,
    actor_email: actor.email,
    action: before ? 'rate.correct' : 'rate.set',
    entity_type: 'exchangeRate',
    entity_id: after.date,
    before: snapshot(before),
    after: snapshot(after),
    notes,
  };
}

/**
 * An admin enters the rate of a date or corrects it. Refused (400, nothing written): a date after
 * today in Caracas, or a rate more than 50 % away from the date's own stored rate or its
 * neighbours' (references) without `confirm`.
 */
export async function setRate(
  deps: ExchangeRateDeps,
  auth: AuthContext | null,
  body: SetRateBody,
): Promise<ExchangeRate> {
  const admin = requireAdmin(auth);
  if (body.date > caracasDate(deps.now()))
    throw new BadRequestError(RATE_MESSAGES.dateInFuture, [
      { path: 'date', message: RATE_MESSAGES.dateInFuture },
    ]);
  const jump = jumpFrom(await references(deps, body.date), body.rate);
  if (jump && !body.confirm) {
    const message = RATE_MESSAGES.rateJump(formatAmount(jump.rate));
    throw new BadRequestError(message, [{ path: 'rate', message }]);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const current = await deps.exchangeRates.get(body.date);
    const next: ExchangeRate = {
      date: body.date,
      rate: body.rate,
      source: 'admin',
      recorded_at: deps.now().toISOString(),
      recorded_by: admin.email,
    };
    const notes = body.confirm && jump ? 'Cambio mayor al 50 % confirmado' : null;
    if (
      await deps.exchangeRates.put(
        next,
        current,
        audit(deps, { id: admin.userId, email: admin.email }, current, next, notes),
      )
    )
      return next;
  }
  throw new ConflictError(RATE_MESSAGES.unexpected);
}

/** What one run of the scheduled job did. */
export type BcvRunResult =
  | { outcome: 'stored'; rate: ExchangeRate }
  | { outcome: 'already-stored'; rate: ExchangeRate };

/** The job's actor in the audit history. */
export const BCV_JOB_ACTOR = { id: 'system:bcv-rate-job', email: null };

/** A reading the job refuses to store: the page parsed, but its figure is not believable. */
export class BcvRateRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BcvRateRejected';
  }
}

/**
 * The scheduled job (decision 033): reads the BCV page, parses it (a changed layout throws), and
 * stores the rate of its 'Fecha Valor' once. A rerun finds the date stored and changes nothing; a
 * date already entered by an admin is never overwritten. A date far ahead or a jump of more than 50 %
 * throws, so nobody's figure is replaced by a misread one.
 */
export async function recordBcvRate(
  deps: ExchangeRateDeps & { bcvPage: BcvPageSource },
): Promise<BcvRunResult> {
  const parsed = parseBcvPage(await deps.bcvPage.fetchPage());
  const today = caracasDate(deps.now());
  if (parsed.date > addDays(today, BCV_MAX_DAYS_AHEAD))
    throw new BcvRateRejected(`BCV date ${parsed.date} is too far after ${today}`);
  const existing = await deps.exchangeRates.get(parsed.date);
  if (existing) return { outcome: 'already-stored', rate: existing };
  const jump = jumpFrom(await references(deps, parsed.date), parsed.rate);
  if (jump)
    throw new BcvRateRejected(
      `BCV rate ${parsed.rate} is more than 50 % away from ${jump.rate} (${jump.date})`,
    );
  const rate: ExchangeRate = {
    date: parsed.date,
    rate: parsed.rate,
    source: 'bcv',
    recorded_at: deps.now().toISOString(),
    recorded_by: null,
  };
  if (await deps.exchangeRates.put(rate, null, audit(deps, BCV_JOB_ACTOR, null, rate, null)))
    return { outcome: 'stored', rate };
  // Someone (an admin, or an overlapping run) stored the date meanwhile: theirs stands.
  const stored = await deps.exchangeRates.get(parsed.date);
  if (stored) return { outcome: 'already-stored', rate: stored };
  throw new Error('exchange rate write refused but no item found');
}
