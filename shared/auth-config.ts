/**
 * User pool settings shared by the CDK user pool (AWS) and the cognito-local pool (local stack), so
 * both sides sign people in the same way.
 */
export const AUTH_CONFIG = {
  /** E-mail is the username; compared case-insensitively (lower-case it before cognito-local). */
  usernameAttribute: 'email',
  caseSensitive: false,
  /** Custom attributes (`custom:<name>` in tokens and APIs), written at sign-up. */
  customAttributes: {
    national_id: { minLength: 3, maxLength: 20 },
    university_id: { minLength: 0, maxLength: 64 },
  },
  /** Groups that grant the admin area; super_admin also manages admins. */
  groups: ['admin', 'super_admin'],
  /**
   * The spec's forms accept 6 characters at sign-up and 8 to 72 at reset; the pool must not reject
   * what the sign-up form accepts, so the pool minimum is the smaller one.
   */
  passwordPolicy: {
    minLength: 6,
    requireLowercase: false,
    requireUppercase: false,
    requireDigits: false,
    requireSymbols: false,
  },
  /**
   * The pool client's token lifetimes, used by the CDK client AND the local pool (cognito-local
   * signs its tokens with these). A password reset or 'Cerrar sesión en todos los dispositivos'
   * revokes every refresh token at once, but an ID or access token already handed out still
   * verifies (signature and expiry; tokens carry no revocation) until it expires: 15 minutes bounds
   * that window for reads. Admin routes and signed-in writes ask the pool itself, so a removed
   * role or a deleted or disabled account counts at once (decision 043). Amplify refreshes silently before each API call, so
   * a person never sees the short lifetime. Refresh tokens last 30 days (Cognito's default): a
   * student on a phone signs in about once a month, and revocation ends them early when it must.
   * docs/decisions/014-accounts-hardening.md.
   */
  tokenValidity: { accessMinutes: 15, idMinutes: 15, refreshDays: 30 },
} as const;

export type GroupName = (typeof AUTH_CONFIG.groups)[number];
