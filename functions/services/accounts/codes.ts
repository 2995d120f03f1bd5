import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import { BadRequestError, TooManyRequestsError } from '../../commons/errors';
import { METRIC } from '../../commons/metric-names';
import { countMetric } from '../../commons/observability';
import type { CodePurpose, CodeRecord, CodeRepository, SendCounter } from '../../ports/accounts';
import type { Allowance } from '../../ports/idempotency';
import { DAY_MS, HOUR_MS } from '../../commons/time';

/** The spec's code rules. */
export const CODE_TTL_MS = 30 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
export const MAX_CODES_PER_HOUR = 5;
export const SEND_WINDOW_MS = HOUR_MS;
/**
 * The public routes that mail (sign-up, sign-up code, password reset), together, per client
 * address (functions/http/client-ip.ts) in any hour: campus networks and carrier-grade NAT put
 * many students behind one address, so the bound is generous; it stops one machine from making
 * the service mail address after address (each address also has its own 5 an hour).
 */
export const MAIL_REQUESTS_PER_CLIENT = { max: 60, windowMs: HOUR_MS } as const;
/**
 * Institutional codes one account may ask for in any 24 hours, whatever the addresses: a person
 * needs one or two (a typo, a resend); the per-address limit alone let one account mail 40.
 */
export const INSTITUTIONAL_CODES_PER_ACCOUNT = { max: 10, windowMs: DAY_MS } as const;

export interface CodeDeps {
  codes: CodeRepository;
  sendCounter: SendCounter;
  now: () => Date;
}

/** A 6-digit code from the CSPRNG (100000–999999). */
export const generateCode = () => String(randomInt(100000, 1000000));

export const hashCode = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

export function codeMatches(record: Pick<CodeRecord, 'salt' | 'hash'>, code: string): boolean {
  const a = Buffer.from(hashCode(record.salt, code), 'hex');
  const b = Buffer.from(record.hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Spends one use of a per-user allowance (`subject` names it, e.g. 'upload:<user id>'): at most
 * `max` in any `windowMs`, or a 429 with `message`. Limits what costs money or invites abuse.
 */
export async function spendAllowance(
  deps: Pick<CodeDeps, 'sendCounter' | 'now'>,
  subject: string,
  limit: { max: number; windowMs: number; message: string },
): Promise<void> {
  if (!(await deps.sendCounter.tryCount(subject, deps.now().getTime(), limit.max, limit.windowMs))) {
    countMetric(METRIC.rateLimitsHit);
    throw new TooManyRequestsError(limit.message);
  }
}

/**
 * Refuses with the 429 when the allowance has no use left, spending nothing: a create spends its
 * use in its own transaction (decision 041), so a person whose slots are gone is refused before
 * any costly work (a model call, photo sizes) rather than after it.
 */
export async function ensureAllowance(
  deps: Pick<CodeDeps, 'sendCounter' | 'now'>,
  allowance: Allowance,
): Promise<void> {
  const { subject, max, windowMs, message } = allowance;
  if (!(await deps.sendCounter.hasRoom(subject, deps.now().getTime(), max, windowMs))) {
    countMetric(METRIC.rateLimitsHit);
    throw new TooManyRequestsError(message);
  }
}

/** Counts one send to the address; false once it had MAX_CODES_PER_HOUR in the last 60 minutes. */
export async function countSend(
  deps: Pick<CodeDeps, 'sendCounter' | 'now'>,
  email: string,
): Promise<boolean> {
  const allowed = await deps.sendCounter.tryCount(
    email,
    deps.now().getTime(),
    MAX_CODES_PER_HOUR,
    SEND_WINDOW_MS,
  );
  if (!allowed) countMetric(METRIC.rateLimitsHit);
  return allowed;
}

/** Counts the send to the address, then makes and stores a new code (see storeCode); returns it. */
export async function issueCode(
  deps: CodeDeps,
  input: { purpose: CodePurpose; subject: string; email: string; universityId?: string | null },
): Promise<string> {
  if (!(await countSend(deps, input.email))) throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyCodes);
  return storeCode(deps, input);
}

/**
 * Makes and stores a new code for the subject, replacing any earlier one (whose code then stops
 * working); returns the code. The send was counted by whoever asked for it.
 */
export async function storeCode(
  deps: Pick<CodeDeps, 'codes' | 'now'>,
  input: {
    purpose: CodePurpose;
    subject: string;
    email: string;
    universityId?: string | null;
    /** The registration (user `sub`) a sign-up code confirms. */
    registration?: string | null;
  },
): Promise<string> {
  const code = generateCode();
  const salt = randomBytes(16).toString('hex');
  await deps.codes.put({
    purpose: input.purpose,
    subject: input.subject,
    code_id: randomBytes(12).toString('hex'),
    email: input.email,
    salt,
    hash: hashCode(salt, code),
    expires_at: deps.now().getTime() + CODE_TTL_MS,
    attempts: 0,
    used: false,
    university_id: input.universityId ?? null,
    registration: input.registration ?? null,
  });
  return code;
}

/**
 * Checks and consumes a code. Every outcome is decided by a conditional write, so two requests
 * can never both use one code nor get more than MAX_ATTEMPTS tries between them.
 */
export async function redeemCode(
  deps: CodeDeps,
  purpose: CodePurpose,
  subject: string,
  code: string,
  belongs: (record: CodeRecord) => boolean = () => true,
): Promise<CodeRecord> {
  const record = await deps.codes.get(purpose, subject);
  // A code of something else (e.g. an earlier registration of the address) opens nothing here:
  // no code can, so it is not an attempt at guessing one either.
  if (!record || !belongs(record)) throw new BadRequestError(ACCOUNT_MESSAGES.invalidCode);
  const matches = codeMatches(record, code);
  if (record.used)
    throw new BadRequestError(matches ? ACCOUNT_MESSAGES.usedCode : ACCOUNT_MESSAGES.invalidCode);
  if (record.attempts >= MAX_ATTEMPTS) throw new BadRequestError(ACCOUNT_MESSAGES.tooManyAttempts);
  // TTL deletes lazily: the expiry is checked here.
  if (deps.now().getTime() >= record.expires_at) throw new BadRequestError(ACCOUNT_MESSAGES.expiredCode);
  if (!matches) {
    const attempts = await deps.codes.registerFailure(purpose, subject, record.code_id, MAX_ATTEMPTS);
    if (attempts === null || attempts >= MAX_ATTEMPTS)
      throw new BadRequestError(ACCOUNT_MESSAGES.tooManyAttempts);
    throw new BadRequestError(ACCOUNT_MESSAGES.invalidCode);
  }
  if (!(await deps.codes.consume(purpose, subject, record.code_id, MAX_ATTEMPTS)))
    throw new BadRequestError(ACCOUNT_MESSAGES.usedCode);
  return record;
}

/**
 * Redeems a code, then runs the step it unlocks. If that step fails, the code is given back, so
 * a failure after the check (the user pool refusing, a network error) never costs the person
 * their code; two concurrent requests still cannot both pass the check.
 */
export async function withRedeemedCode<T>(
  deps: CodeDeps,
  purpose: CodePurpose,
  subject: string,
  code: string,
  step: (record: CodeRecord) => Promise<T>,
  belongs?: (record: CodeRecord) => boolean,
): Promise<T> {
  const record = await redeemCode(deps, purpose, subject, code, belongs);
  try {
    return await step(record);
  } catch (err) {
    await deps.codes.release(purpose, subject, record.code_id);
    throw err;
  }
}
