import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES, emailInDomain, type Profile } from '#shared/account-schemas';
import type { AuthContext } from '../commons/auth';
import { API_MESSAGES } from '#shared/messages';
import { BadRequestError, ConflictError, TooManyRequestsError } from '../commons/errors';
import { METRIC } from '../commons/metric-names';
import { countMetric, logger } from '../commons/observability';
import type {
  IdentityProvider,
  MailRequest,
  MailRequestKind,
  MailRequestRepository,
  Mailer,
  ProfileRepository,
  Registration,
  ResetTokenRepository,
} from '../ports/accounts';
import type { UniversityRepository } from '../ports/repositories';
import { MalformedRecordError } from '../ports/stream';
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
import { accountExistsMail, codeMail, resetMail } from './mail-templates';

export interface AccountDeps extends CodeDeps {
  identity: IdentityProvider;
  mailer: Mailer;
  resetTokens: ResetTokenRepository;
  mailRequests: MailRequestRepository;
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

/**
 * Sends (again) the sign-up code of an UNCONFIRMED account. The answer is the same whether or not
 * the address has an account (no enumeration); the send limit applies to every address alike.
 */
export async function requestSignUpCode(
  deps: AccountDeps,
  email: string,
  client: string,
): Promise<{ ok: true }> {
  await spendClientAllowance(deps, client);
  if (!(await countSend(deps, email))) throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyCodes);
  await enqueueMail(deps, 'signUpCode', email);
  return { ok: true };
}

/** How often a registration tries again when a concurrent one of the same address got in between. */
const REGISTER_ATTEMPTS = 3;

/**
 * Registers the address for whoever proves they hold it. A pending (UNCONFIRMED) registration of
 * the address is replaced — its password, name and codes go with it — so nobody can hold an
 * address they never confirmed; an account in any other state is never touched. Returns the new
 * registration's `sub`, or null when the address has an account. An address with an account and
 * one without go through the same calls (the lookup, then SignUp, which the pool refuses for the
 * former); only a pending registration adds its deletion.
 */
async function register(
  deps: Pick<AccountDeps, 'identity'>,
  registration: Registration,
): Promise<string | null> {
  for (let attempt = 0; attempt < REGISTER_ATTEMPTS; attempt += 1) {
    const existing = await deps.identity.getUserByEmail(registration.email);
    const pending = existing?.status === 'UNCONFIRMED';
    if (pending) await deps.identity.deleteUser(existing.username);
    const sub = await deps.identity.signUp(registration);
    if (sub) return sub;
    // Refused: the address has an account, or a concurrent registration got in first (the last
    // one wins, as if it had come a moment later).
    if (existing && !pending) return null;
  }
  return null;
}

/**
 * POST /api/auth/sign-up: the registration goes through the server, so a pending registration of
 * the address can be handed to whoever registers it last (see register) and the code mailed after
 * it confirms THAT registration only (the code names its `sub`). The answer is the same for every
 * address: an address that has an account gets, instead of a code, a mail saying so.
 */
export async function signUp(
  deps: AccountDeps,
  registration: Registration,
  client: string,
): Promise<{ ok: true }> {
  await spendClientAllowance(deps, client);
  if (!(await countSend(deps, registration.email)))
    throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyCodes);
  const sub = await register(deps, registration);
  await enqueueMail(deps, 'signUp', registration.email, sub);
  return { ok: true };
}

export async function confirmSignUp(deps: AccountDeps, email: string, code: string): Promise<{ ok: true }> {
  const user = await deps.identity.getUserByEmail(email);
  if (!user) throw new BadRequestError(ACCOUNT_MESSAGES.invalidCode);
  await withRedeemedCode(
    deps,
    'signup',
    email,
    code,
    () => deps.identity.confirmSignUp(user.username, email),
    // A code confirms the registration it was mailed for, never a later one of the address.
    (record) => !!record.registration && record.registration === user.attributes.sub,
  );
  // The profile starts with the full name given at sign-up (kept on the account by Cognito).
  const sub = user.attributes.sub;
  if (sub)
    await deps.profiles.createIfAbsent(
      newProfile(deps, sub, email, user.attributes.name?.trim().slice(0, 100) || null),
    );
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
  if (!user) return;
  const sub = user.attributes.sub ?? null;
  const origin = deps.appUrl().replace(/\/$/, '');
  const pending = user.status === 'UNCONFIRMED';
  switch (request.kind) {
    case 'signUp':
      // The address had an account: its owner is told, and nothing changed.
      if (!request.registration && !pending) {
        await deps.mailer.send(
          accountExistsMail(request.email, `${origin}/login`, `${origin}/forgot-password`),
        );
        break;
      }
      // A later registration of the address replaced this one: its own request mails its code.
      if (!pending || !request.registration || request.registration !== sub) return;
      await mailSignUpCode(deps, request.email, sub);
      break;
    case 'signUpCode':
      if (!pending || !sub) return;
      await mailSignUpCode(deps, request.email, sub);
      break;
    case 'passwordReset': {
      // Pending registrations too: the link proves the address, and whoever proves it gets it.
      const token = randomBytes(32).toString('base64url');
      await deps.resetTokens.put(
        hashToken(token),
        { email: request.email, registration: sub },
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

/** A new sign-up code for the registration `sub` (any earlier code of the address stops working). */
async function mailSignUpCode(deps: MailDeliveryDeps, email: string, sub: string): Promise<void> {
  const code = await storeCode(deps, {
    purpose: 'signup',
    subject: email,
    email,
    universityId: 'general',
    registration: sub,
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
      // A pending registration: the link proves the address, so it becomes an account of this
      // password alone, confirmed — nothing of the pending registration (its password, its name)
      // is kept, whoever made it.
      await deps.identity.deleteUser(user.username);
      const sub = await deps.identity.signUp({ email, password });
      if (!sub) throw new BadRequestError(ACCOUNT_MESSAGES.invalidResetLink);
      // Should a step below fail, the link stays usable for the registration just made.
      registration = sub;
      await deps.identity.confirmSignUp(email, email);
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
    if (!verified) throw new ConflictError(ACCOUNT_MESSAGES.institutionalTaken);
    return verified;
  });
}
