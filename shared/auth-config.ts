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
  tokenValidity: { accessMinutes: 60, idMinutes: 60, refreshDays: 30 },
} as const;

export type GroupName = (typeof AUTH_CONFIG.groups)[number];
