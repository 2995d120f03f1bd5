import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES, emailInDomain, type Profile, type SignUpResult } from '#shared/account-schemas';
import type { AuthContext } from '../../commons/auth';
import { API_MESSAGES } from '#shared/messages';
import { universityDomainRefusal } from '#shared/university-domains';
import { BadRequestError, ConflictError, TooManyRequestsError } from '../../commons/errors';
import { METRIC } from '../../commons/metric-names';
import { countMetric, logger } from '../../commons/observability';
import type {
  IdentityProvider,
  MailRequest,
  MailRequestKind,
  MailRequestRepository,
  Mailer,
  PendingRegistration,
  ProfileRepository,
  RegistrationRepository,
  ResetTokenRepository,
} from '../../ports/accounts';
import type { UniversityRepository } from '../../ports/repositories';
import { MalformedRecordError } from '../../ports/stream';
import {
  CODE_TTL_MS,
  type CodeDeps,
  countSend,
  INSTITUTIONAL_CODES_PER_ACCOUNT,
  issueCode,
  MAIL_REQUESTS_PER_CLIENT,
  spendAllowance,
  storeCode,
  withRedeemedCode,
} from './codes';
import { accountExistsMail, codeMail, resetMail } from '../notifications/mail-templates';
import { DAY_MS, HOUR_MS } from '../../commons/time';

export interface AccountDeps extends CodeDeps {
  identity: IdentityProvider;
  mailer: Mailer;
  resetTokens: ResetTokenRepository;
  mailRequests: MailRequestRepository;
  registrations: RegistrationRepository;
  profiles: ProfileRepository;
  universities: UniversityRepository;
  appUrl: () => string;
  newId: () => string;
}

/** What the stream dispatcher needs to answer a mail request. */
export type MailDeliveryDeps = Pick<
  AccountDeps,
  'identity' | 'mailer' | 'codes' | 'resetTokens' | 'appUrl' | 'now'
>;

/**
 * A request older than this when the dispatcher reaches it (the stream was stalled) is dropped: the
 * person asked again long ago, and a mail arriving much later would only confuse.
 */
export const MAIL_REQUEST_MAX_AGE_MS = 10 * 60 * 1000;

export const RESET_TTL_MS = CODE_TTL_MS;

/**
 * How long a registration can be confirmed: its codes live CODE_TTL_MS each, and a new one can be
 * asked for until then (someone who registers tonight and finds the mail tomorrow registers again).
 */
export const REGISTRATION_TTL_MS = DAY_MS;

/**
 * New codes for one registration in any hour ('Reenviar código'). They count against the
 * registration, not the address: registrations of the same address by somebody else can never use
 * up the owner's resends (decision 040).
 */
export const RESENDS_PER_REGISTRATION = { max: 3, windowMs: HOUR_MS } as const;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The per-client limit of the public routes that mail (`client`: functions/http/client-ip.ts).
 * It never depends on the address asked about, so its refusal tells nothing about accounts.
 */
const spendClientAllowance = (deps: Pick<CodeDeps, 'sendCounter' | 'now'>, client: string) =>
  spendAllowance(deps, `mail-client:${client}`, {
    ...MAIL_REQUESTS_PER_CLIENT,
    message: API_MESSAGES.tooManyFromClient,
  });

/**
 * The request path of the public mail routes: the same small, fixed work for every address — the
 * send limits and one conditional write of the request — so neither the answer nor its time can
 * tell whether the address has an account. The stream dispatcher does the rest after the answer
 * (deliverMailRequest): it looks the address up and mails, or not.
 */
async function enqueueMail(
  deps: Pick<AccountDeps, 'mailRequests' | 'newId' | 'now'>,
  kind: MailRequestKind,
  email: string,
  registration: string | null = null,
): Promise<void> {
  await deps.mailRequests.put({
    id: deps.newId(),
    kind,
    email,
    registration,
    requested_at: deps.now().getTime(),
  });
}

/** The details a registration keeps until its code is confirmed (the form's, never a password). */
export interface RegistrationDetails {
  email: string;
  fullName: string;
  nationalId: string;
  universityId: string | null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * The registration a browser's handle opens (`<id>.<secret>`), or a 400: an unknown id, a secret
 * that is not its own, or an expired registration all answer alike.
 */
async function openRegistration(
  deps: Pick<AccountDeps, 'registrations' | 'now'>,
  token: string,
): Promise<PendingRegistration> {
  const [id = '', secret = ''] = token.split('.');
  const registration = id && secret ? await deps.registrations.get(id) : null;
  const stored = registration ? Buffer.from(registration.secret_hash, 'hex') : Buffer.alloc(0);
  const given = sha256(secret);
  if (
    !registration ||
    stored.length !== given.length ||
    !timingSafeEqual(stored, given) ||
    deps.now().getTime() >= registration.expires_at
  )
    throw new BadRequestError(ACCOUNT_MESSAGES.registrationInvalid);
  return registration;
}

/**
 * POST /api/auth/sign-up: keeps the form's details as a pending registration of its own and has
 * its code mailed; the answer hands the registration's handle to this browser alone. Nothing else
 * changes: no user exists in the pool until somebody confirms the code together with the handle
 * and a password (confirmSignUp), so a registration of the same address by somebody else, before
 * or after, neither replaces this one nor delays it (decision 040). The work is the same for every
 * address (no lookup at all): an address that has an account is mailed a notice instead of a code.
 */
export async function signUp(
  deps: AccountDeps,
  details: RegistrationDetails,
  client: string,
): Promise<SignUpResult> {
  await spendClientAllowance(deps, client);
  if (!(await countSend(deps, details.email))) throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyCodes);
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const now = deps.now().getTime();
  await deps.registrations.put({
    id,
    email: details.email,
    full_name: details.fullName,
    national_id: details.nationalId,
    university_id: details.universityId,
    secret_hash: sha256(secret).toString('hex'),
    created_at: now,
    expires_at: now + REGISTRATION_TTL_MS,
  });
  await enqueueMail(deps, 'signUp', details.email, id);
  return { ok: true, registration: `${id}.${secret}` };
}

/**
 * 'Reenviar código': a new code for the caller's own registration (a handle, not an address, so
 * nobody can spend another person's resends). The earlier code of the registration stops working.
 */
export async function requestSignUpCode(
  deps: AccountDeps,
  token: string,
  client: string,
): Promise<{ ok: true }> {
  await spendClientAllowance(deps, client);
  const registration = await openRegistration(deps, token);
  await spendAllowance(deps, `signup-resend:${registration.id}`, {
    ...RESENDS_PER_REGISTRATION,
    message: ACCOUNT_MESSAGES.tooManyResends,
  });
  await enqueueMail(deps, 'signUpCode', registration.email, registration.id);
  return { ok: true };
}

/**
 * POST /api/auth/confirm: the code proves the address, the handle proves the registration is the
 * caller's, and the password is the caller's: the account is created from these alone. A code
 * mailed for another registration of the address opens nothing here (it is not this registration's
 * code, and its attempts are its own registration's).
 */
export async function confirmSignUp(
  deps: AccountDeps,
  token: string,
  code: string,
  password: string,
): Promise<{ ok: true }> {
  const registration = await openRegistration(deps, token);
  const { email } = registration;
  await withRedeemedCode(
    deps,
    'signup',
    registration.id,
    code,
    async () => {
      const existing = await deps.identity.getUserByEmail(email);
      if (existing && existing.status !== 'UNCONFIRMED')
        throw new ConflictError(ACCOUNT_MESSAGES.accountExists);
      // A pending user of the pool (made before decision 040, when the pool took sign-ups): nobody
      // proved the address for it, and whoever holds the code now has.
      if (existing) await deps.identity.deleteUser(existing.username);
      const sub = await deps.identity.createUser({
        email,
        password,
        name: registration.full_name,
        nationalId: registration.national_id,
        universityId: registration.university_id ?? undefined,
      });
      // Another registration of the address was confirmed a moment ago.
      if (!sub) throw new ConflictError(ACCOUNT_MESSAGES.accountExists);
      await deps.profiles.createIfAbsent(newProfile(deps, sub, email, registration.full_name.slice(0, 100)));
    },
    (record) => record.registration === registration.id,
  );
  await deps.registrations.delete(registration.id);
  return { ok: true };
}

/**
 * Always 202 for the address: an unknown one or a spent per-address limit silently sends nothing.
 * Only the per-client limit answers 429 (it is about the caller, never the address).
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  email: string,
  client: string,
): Promise<{ ok: true }> {
  await spendClientAllowance(deps, client);
  if (await countSend(deps, email)) await enqueueMail(deps, 'passwordReset', email);
  return { ok: true };
}

const mailRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(['signUp', 'signUpCode', 'passwordReset']),
  email: z.string().check(z.minLength(3)),
  registration: z.optional(z.nullable(z.string())),
  requested_at: z.number(),
});

/**
 * The stream dispatcher's half of a public mail route (a `mailRequest` item just written): looks
 * the address up and mails what its state calls for. A malformed item can never succeed and is
 * skipped; a failure of the pool or of SES is thrown, so the record is retried.
 */
export async function deliverMailRequest(deps: MailDeliveryDeps, item: unknown): Promise<void> {
  const parsed = mailRequestSchema.safeParse(item);
  if (!parsed.success) throw new MalformedRecordError(`mail request: ${parsed.error.message}`);
  const request: MailRequest = { ...parsed.data, registration: parsed.data.registration ?? null };
  const age = deps.now().getTime() - request.requested_at;
  if (age > MAIL_REQUEST_MAX_AGE_MS) {
    logger.warn('mail request dropped: too old', { id: request.id, kind: request.kind, ageMs: age });
    return;
  }
  const user = await deps.identity.getUserByEmail(request.email);
  const origin = deps.appUrl().replace(/\/$/, '');
  switch (request.kind) {
    case 'signUp':
    case 'signUpCode':
      if (!request.registration) return;
      // The address has an account: its owner is told, and no code is made (nothing to confirm).
      if (user && user.status !== 'UNCONFIRMED') {
        await deps.mailer.send(
          accountExistsMail(request.email, `${origin}/login`, `${origin}/forgot-password`),
        );
        break;
      }
      await mailSignUpCode(deps, request.email, request.registration);
      break;
    case 'passwordReset': {
      if (!user) return;
      // A pending user of the pool too: the link proves the address, and whoever proves it gets it.
      const token = randomBytes(32).toString('base64url');
      await deps.resetTokens.put(
        hashToken(token),
        { email: request.email, registration: user.attributes.sub ?? null },
        deps.now().getTime() + RESET_TTL_MS,
      );
      await deps.mailer.send(
        resetMail(request.email, `${origin}/reset-password#type=recovery&token=${token}`),
      );
      break;
    }
  }
  countMetric(METRIC.codesSent);
}

/** A new code for the registration (its earlier code stops working; other registrations' do not). */
async function mailSignUpCode(deps: MailDeliveryDeps, email: string, registration: string): Promise<void> {
  const code = await storeCode(deps, {
    purpose: 'signup',
    subject: registration,
    email,
    universityId: 'general',
    registration,
  });
  await deps.mailer.send(codeMail(email, code, 'signup'));
}

export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
): Promise<{ ok: true }> {
  // Consumed atomically before the password changes: a token works once, even under races.
  const tokenHash = hashToken(token);
  const grant = await deps.resetTokens.consume(tokenHash, deps.now().getTime());
  if (!grant) throw new BadRequestError(ACCOUNT_MESSAGES.invalidResetLink);
  const { email } = grant;
  let registration = grant.registration;
  try {
    const user = await deps.identity.getUserByEmail(email);
    // The link opens the registration it was mailed for, not one made after it.
    if (!user || !registration || user.attributes.sub !== registration)
      throw new BadRequestError(ACCOUNT_MESSAGES.invalidResetLink);
    if (user.status === 'UNCONFIRMED') {
      // A pending user of the pool (made before decision 040): the link proves the address, so it
      // becomes an account of this password alone, confirmed — nothing of the pending user (its
      // password, its name) is kept, whoever made it.
      await deps.identity.deleteUser(user.username);
      const sub = await deps.identity.createUser({ email, password });
      if (!sub) throw new BadRequestError(ACCOUNT_MESSAGES.invalidResetLink);
      // Should a step below fail, the link stays usable for the account just made.
      registration = sub;
      await deps.profiles.createIfAbsent(newProfile(deps, sub, email, null));
    } else {
      await deps.identity.setPassword(user.username, password);
      // Whoever held a session (a stolen one included) loses it: every refresh token is revoked.
      await deps.identity.signOutEverywhere(user.username);
    }
  } catch (err) {
    // The link stays usable when the change failed (a refused password, the pool unreachable).
    await deps.resetTokens.release(tokenHash, registration === grant.registration ? undefined : registration);
    throw err;
  }
  return { ok: true };
}

/** A profile as a confirmed registration starts it. */
function newProfile(
  deps: Pick<AccountDeps, 'now'>,
  userId: string,
  email: string,
  fullName: string | null,
): Profile {
  return {
    user_id: userId,
    email,
    full_name: fullName,
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: deps.now().toISOString(),
  };
}

/**
 * 'Cerrar sesión en todos los dispositivos': revokes every refresh token of the caller's account
 * (the web app then drops its own tokens), named by the token's pool username (a native account's
 * equals its `sub`; a Google account's does not).
 */
export async function signOutEverywhere(
  deps: Pick<AccountDeps, 'identity'>,
  auth: AuthContext,
): Promise<{ ok: true }> {
  await deps.identity.signOutEverywhere(auth.username ?? auth.userId);
  return { ok: true };
}

/** The caller's profile, created from the token's claims (e-mail, full name) on first read. */
export async function getProfile(
  deps: Pick<AccountDeps, 'profiles' | 'now'>,
  auth: AuthContext,
): Promise<Profile> {
  const existing = await deps.profiles.get(auth.userId);
  if (existing) return existing;
  return deps.profiles.createIfAbsent({
    user_id: auth.userId,
    email: auth.email ?? '',
    full_name: auth.name ?? null,
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: deps.now().toISOString(),
  });
}

export async function updateProfile(
  deps: AccountDeps,
  auth: AuthContext,
  fullName: string,
): Promise<Profile> {
  await getProfile(deps, auth);
  return deps.profiles.updateFullName(auth.userId, fullName);
}

export async function requestInstitutionalCode(
  deps: AccountDeps,
  auth: AuthContext,
  universityId: string,
  email: string,
): Promise<{ ok: true }> {
  const university = await deps.universities.get(universityId);
  if (!university) throw new BadRequestError(ACCOUNT_MESSAGES.invalidUniversity);
  // A university stored before domains were checked may have a public provider's or a shared
  // suffix: anybody could prove such an address, so it verifies nobody (decision 042).
  if (universityDomainRefusal(university.email_domain))
    throw new BadRequestError(ACCOUNT_MESSAGES.universityDomainNotInstitutional);
  if (!emailInDomain(email, university.email_domain))
    throw new BadRequestError(ACCOUNT_MESSAGES.wrongDomain.replace('{domain}', university.email_domain));
  const owner = await deps.profiles.institutionalOwner(email);
  if (owner && owner !== auth.userId) throw new ConflictError(ACCOUNT_MESSAGES.institutionalTaken);
  // Per account too, whatever the addresses: the per-address limit alone let one account mail any
  // number of addresses.
  await spendAllowance(deps, `institutional:${auth.userId}`, {
    ...INSTITUTIONAL_CODES_PER_ACCOUNT,
    message: ACCOUNT_MESSAGES.tooManyInstitutionalCodes,
  });
  const code = await issueCode(deps, { purpose: 'institutional', subject: auth.userId, email, universityId });
  await deps.mailer.send(codeMail(email, code, 'institutional'));
  countMetric(METRIC.codesSent);
  return { ok: true };
}

export async function verifyInstitutionalEmail(
  deps: AccountDeps,
  auth: AuthContext,
  code: string,
): Promise<Profile> {
  const current = await getProfile(deps, auth);
  return withRedeemedCode(deps, 'institutional', auth.userId, code, async (record) => {
    if (!record.university_id) throw new BadRequestError(ACCOUNT_MESSAGES.invalidUniversity);
    const verified = await deps.profiles.setInstitutional(
      auth.userId,
      record.email,
      record.university_id,
      current.university_email_verified ? current.university_email : null,
    );
    // Another account verified the address since the code was sent.
    if (verified === 'taken') throw new ConflictError(ACCOUNT_MESSAGES.institutionalTaken);
    // The university was deleted, or changed its domain, since the code was sent (decision 042).
    if (verified === 'closed') throw new ConflictError(ACCOUNT_MESSAGES.universityClosed);
    return verified;
  });
}
