import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES, emailInDomain, type Profile } from '#shared/account-schemas';
import type { AuthContext } from '../commons/auth';
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
  ResetTokenRepository,
} from '../ports/accounts';
import type { UniversityRepository } from '../ports/repositories';
import { MalformedRecordError } from '../ports/stream';
import { CODE_TTL_MS, type CodeDeps, countSend, issueCode, storeCode, withRedeemedCode } from './codes';
import { codeMail, resetMail } from './mail-templates';

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
 * The request path of the public mail routes: the same small, fixed work for every address — the
 * send limit and one conditional write of the request — so neither the answer nor its time can
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
export async function requestSignUpCode(deps: AccountDeps, email: string): Promise<{ ok: true }> {
  if (!(await countSend(deps, email))) throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyCodes);
  await enqueueMail(deps, 'signUpCode', email);
  return { ok: true };
}

export async function confirmSignUp(deps: AccountDeps, email: string, code: string): Promise<{ ok: true }> {
  const user = await deps.identity.getUserByEmail(email);
  if (!user) throw new BadRequestError(ACCOUNT_MESSAGES.invalidCode);
  await withRedeemedCode(deps, 'signup', email, code, () =>
    deps.identity.confirmSignUp(user.username, email),
  );
  // The profile starts with the full name given at sign-up (kept on the account by Cognito).
  const sub = user.attributes.sub;
  if (sub)
    await deps.profiles.createIfAbsent({
      user_id: sub,
      email,
      full_name: user.attributes.name?.trim().slice(0, 100) || null,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: deps.now().toISOString(),
    });
  return { ok: true };
}

/** Always 202: an unknown address or a spent send limit silently sends nothing. */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<{ ok: true }> {
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
  switch (request.kind) {
    case 'signUp':
    case 'signUpCode': {
      if (user.status !== 'UNCONFIRMED') return;
      const code = await storeCode(deps, {
        purpose: 'signup',
        subject: request.email,
        email: request.email,
        universityId: 'general',
      });
      await deps.mailer.send(codeMail(request.email, code, 'signup'));
      break;
    }
    case 'passwordReset': {
      if (user.status === 'UNCONFIRMED') return;
      const token = randomBytes(32).toString('base64url');
      await deps.resetTokens.put(hashToken(token), request.email, deps.now().getTime() + RESET_TTL_MS);
      const link = `${deps.appUrl().replace(/\/$/, '')}/reset-password#type=recovery&token=${token}`;
      await deps.mailer.send(resetMail(request.email, link));
      break;
    }
  }
  countMetric(METRIC.codesSent);
}

export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
): Promise<{ ok: true }> {
  // Consumed atomically before the password changes: a token works once, even under races.
  const tokenHash = hashToken(token);
  const email = await deps.resetTokens.consume(tokenHash, deps.now().getTime());
  if (!email) throw new BadRequestError(ACCOUNT_MESSAGES.invalidResetLink);
  try {
    const user = await deps.identity.getUserByEmail(email);
    if (!user) throw new BadRequestError(ACCOUNT_MESSAGES.invalidResetLink);
    await deps.identity.setPassword(user.username, password);
    // Whoever held a session (a stolen one included) loses it: every refresh token is revoked.
    await deps.identity.signOutEverywhere(user.username);
  } catch (err) {
    // The link stays usable when the change failed (a refused password, the pool unreachable).
    await deps.resetTokens.release(tokenHash);
    throw err;
  }
  return { ok: true };
}

/**
 * 'Cerrar sesión en todos los dispositivos': revokes every refresh token of the caller's account
 * (the web app then drops its own tokens). `username` is the token's pool username; a native
 * account's equals its `sub`.
 */
export async function signOutEverywhere(
  deps: Pick<AccountDeps, 'identity'>,
  auth: AuthContext,
  username?: string,
): Promise<{ ok: true }> {
  await deps.identity.signOutEverywhere(username ?? auth.userId);
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
