/**
 * Verifies a bearer token (issuer, audience, signature, expiry, token use): the router verifies
 * every caller itself, as there is no authorizer in front of the API (docs/decisions/043).
 */
export interface TokenVerifier {
  /** The token's claims, or null when it is not a valid token of the user pool for the app. */
  verify(token: string): Promise<Record<string, unknown> | null>;
}

/** A signed-in caller's account as the user pool holds it now (the token may be older than a change). */
export interface CallerAccount {
  /** False once an administrator disabled the account. */
  enabled: boolean;
  /** The account's groups, when they were asked for. */
  groups?: string[];
}

/**
 * The user pool's current word on a caller: admin routes read the groups at their source on every
 * call, and every signed-in write checks that the account still exists and is enabled, so a
 * removal takes effect on the next request rather than when the token expires (decision 043).
 */
export interface CallerAccounts {
  /** The account by its pool username, with its groups when asked; null when the pool has no such user. */
  find(username: string, withGroups: boolean): Promise<CallerAccount | null>;
}
