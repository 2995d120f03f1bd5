import type { AdminUser, AuditEntry } from '#shared/admin';
import type { Role } from '#shared/statuses';
import type { Page } from './repositories';
import type { Product } from '#shared/schemas';
import type { InstitutionalEnded, Profile } from '#shared/account-schemas';

/** The user pool's admin API, as the account services need it. */
export interface IdentityUser {
  username: string;
  /** Cognito's UserStatus: UNCONFIRMED, CONFIRMED, FORCE_CHANGE_PASSWORD... */
  status: string;
  attributes: Record<string, string>;
}

/** A confirmed account as it is created: the confirmer's password and the registration's details. */
export interface NewAccount {
  email: string;
  password: string;
  /** The full name (`name`); absent when a reset claims an address (nobody named it). */
  name?: string;
  nationalId?: string;
  /** The selected university, when one was chosen. */
  universityId?: string;
}

export interface IdentityProvider {
  getUserByEmail(email: string): Promise<IdentityUser | null>;
  /**
   * Creates a CONFIRMED account with a verified e-mail and this password (AdminCreateUser, then
   * AdminSetUserPassword): its `sub`, or null when the address already has a user (any status).
   * Sends no mail of its own. A password the pool refuses is a 400, and nothing is left behind.
   */
  createUser(account: NewAccount): Promise<string | null>;
  /** Deletes a user; nothing happens when it no longer exists. */
  deleteUser(username: string): Promise<void>;
  setPassword(username: string, password: string): Promise<void>;
  /**
   * Revokes every refresh token of the user (every device's session ends when its ID token
   * expires, within the pool client's token lifetime: shared/auth-config.ts).
   */
  signOutEverywhere(username: string): Promise<void>;
}

/**
 * A sign-up awaiting its code (docs/decisions/040): the register form's details and the hash of
 * the secret its browser holds. Never a password. Several may exist for one address, each with its
 * own code; none of them is an account.
 */
export interface PendingRegistration {
  id: string;
  email: string;
  full_name: string;
  national_id: string;
  university_id: string | null;
  /** SHA-256 (hex) of the secret half of the browser's handle. */
  secret_hash: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch milliseconds: after it the registration confirms nothing. */
  expires_at: number;
}

export interface RegistrationRepository {
  /** Stores a new registration (its id is fresh: a write over an existing one is refused). */
  put(registration: PendingRegistration): Promise<void>;
  get(id: string): Promise<PendingRegistration | null>;
  /** Removes it once its account exists; nothing happens when it is gone already. */
  delete(id: string): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (printable ASCII), e.g. List-Unsubscribe on notification mails. */
  headers?: readonly { name: string; value: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export type CodePurpose = 'signup' | 'institutional';

/** A verification code as stored: only its salted hash, never the code. */
export interface CodeRecord {
  purpose: CodePurpose;
  subject: string;
  code_id: string;
  email: string;
  salt: string;
  hash: string;
  /** Epoch milliseconds. */
  expires_at: number;
  attempts: number;
  used: boolean;
  university_id: string | null;
  /**
   * The registration (its id) a sign-up code was mailed for: it confirms that one and no other.
   * Null for institutional codes.
   */
  registration: string | null;
}

export interface CodeRepository {
  /** Replaces the subject's code (a new code kills the old one). */
  put(record: CodeRecord): Promise<void>;
  get(purpose: CodePurpose, subject: string): Promise<CodeRecord | null>;
  /** Counts a wrong attempt on that exact code while it has attempts left; the new count, or null. */
  registerFailure(
    purpose: CodePurpose,
    subject: string,
    codeId: string,
    maxAttempts: number,
  ): Promise<number | null>;
  /** Marks that exact code used if it is unused and alive; false when another request won. */
  consume(purpose: CodePurpose, subject: string, codeId: string, maxAttempts: number): Promise<boolean>;
  /**
   * Gives back that exact code after a step that followed its consumption failed, so the person
   * can use it again. No effect when a newer code replaced it.
   */
  release(purpose: CodePurpose, subject: string, codeId: string): Promise<void>;
}

export interface SendCounter {
  /**
   * Counts one send to the address if fewer than `max` were counted in the `windowMs` before
   * `now` (a sliding window); false (nothing counted) otherwise.
   */
  tryCount(email: string, now: number, max: number, windowMs: number): Promise<boolean>;
  /** Whether one more use would fit now (reads only; nothing is counted). */
  hasRoom(subject: string, now: number, max: number, windowMs: number): Promise<boolean>;
}

/** What a public mail route asks the stream dispatcher to mail (shared/table.ts: mailRequest). */
export type MailRequestKind = 'signUp' | 'signUpCode' | 'passwordReset';

export interface MailRequest {
  id: string;
  kind: MailRequestKind;
  /** The address as given (lower-case): looked up only by the dispatcher. */
  email: string;
  /** The registration (its id) whose code is asked for; null for a password reset. */
  registration: string | null;
  /** Epoch milliseconds. */
  requested_at: number;
}

export interface MailRequestRepository {
  /** Stores the request once (a retried write of the same id changes nothing). */
  put(request: MailRequest): Promise<void>;
}

/** What a reset link opens: one address, as the registration it was mailed for. */
export interface ResetGrant {
  email: string;
  /** The user's `sub` when the link was mailed: a newer registration of the address is not its. */
  registration: string | null;
}

export interface ResetTokenRepository {
  put(tokenHash: string, grant: ResetGrant, expiresAt: number): Promise<void>;
  /** Marks the token used if it exists, is unused and unexpired at `now`; what it grants, or null. */
  consume(tokenHash: string, now: number): Promise<ResetGrant | null>;
  /**
   * Makes a consumed token usable again (a step after it failed). `registration` moves it to the
   * registration the failed attempt made, when it made one.
   */
  release(tokenHash: string, registration?: string | null): Promise<void>;
}

export interface ProfileRepository {
  get(userId: string): Promise<Profile | null>;
  /** Creates the profile unless it exists; returns the stored one either way. */
  createIfAbsent(profile: Profile): Promise<Profile>;
  updateFullName(userId: string, fullName: string): Promise<Profile>;
  /**
   * Marks the institutional address verified and claims it for this user, atomically; the
   * previous address the user held is released. 'taken' when another account holds the address;
   * 'closed' when the university is gone, being deleted or no longer has the address's domain
   * (decision 042).
   */
  setInstitutional(
    userId: string,
    universityEmail: string,
    universityId: string,
    previousEmail: string | null,
  ): Promise<Profile | 'taken' | 'closed'>;
  /**
   * Ends the institutional verification tied to a university (its deletion, decision 042): the
   * profile loses the university and the verification, keeps the address and why, and the address's
   * claim is released — atomically, only while the profile is still tied to `universityId`. False
   * when it no longer was (nothing changed).
   */
  endInstitutional(userId: string, universityId: string, ended: InstitutionalEnded): Promise<boolean>;
  /** The account holding a verified institutional address, if any. */
  institutionalOwner(universityEmail: string): Promise<string | null>;
  /** Profiles by account e-mail (a prefix, lower-case), with their roles: the admin's list. */
  listByEmail(emailPrefix: string | undefined, limit: number, cursor?: string): Promise<Page<AdminUser>>;
  getWithRoles(userId: string): Promise<AdminUser | null>;
  /**
   * The admin's switch of university_email_verified, with its audit record (claiming the
   * institutional address when verifying, releasing it when unverifying). 'taken' when another
   * account holds the address; 'closed' when verifying and the user's university is gone, being
   * deleted or no longer has the address's domain; null when the profile changed.
   */
  setVerification(
    user: AdminUser,
    verified: boolean,
    audit: AuditEntry,
  ): Promise<AdminUser | 'taken' | 'closed' | null>;
  /** Mirrors the user's Cognito groups on their profile, with the audit record. */
  setRoles(user: AdminUser, roles: Role[], audit: AuditEntry): Promise<AdminUser | null>;
}

export interface FavoriteRepository {
  /** Saves the favorite unless it exists; false when it already existed (nothing changed). */
  add(userId: string, productId: number, createdAt: string): Promise<boolean>;
  remove(userId: string, productId: number): Promise<void>;
  /** The user's saved products (any status), newest saved first. */
  listProducts(userId: string): Promise<Product[]>;
  /** Deletes every favorite of a product (a deleted product; the stream): how many went. */
  removeAllOfProduct(productId: number): Promise<number>;
}
