/**
 * Verifies a bearer token exactly as the HTTP API's JWT authorizer does (issuer, audience, signature,
 * expiry, token use). Public routes that read their caller when one signs in use it, since API
 * Gateway runs no authorizer on them.
 */
export interface TokenVerifier {
  /** The token's claims, or null when it is not a valid token of the user pool for the app. */
  verify(token: string): Promise<Record<string, unknown> | null>;
}
