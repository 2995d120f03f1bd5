import { createTokenVerifier } from '../../functions/adapters/cognito/token-verifier';

/**
 * The local stand-in for the HTTP API's JWT authorizer (identity source $request.header.Authorization,
 * issuer = the user pool, audience = the app client). It accepts exactly what the authorizer accepts:
 * an RS256 token signed by a key of the issuer's JWKS, `iss` equal to the issuer, `aud` (ID tokens)
 * or `client_id` (access tokens) equal to an audience, not expired, not before `nbf`, and
 * `token_use` id or access — the check of functions/adapters/cognito/token-verifier.ts, which the
 * functions use too. Everything else is 401 {"message":"Unauthorized"}.
 *
 * cognito-local's signing key ships in its npm package: this authorizer is only ever configured with
 * the local emulator's issuer, never used in AWS.
 */
export interface AuthorizerConfig {
  issuer: string;
  audience: string[];
  /** @default `${issuer}/.well-known/jwks.json` */
  jwksUri?: string;
}

/** What API Gateway hands the integration in requestContext.authorizer.jwt. */
export interface JwtAuthorization {
  /** Every claim as a string, arrays as "[a b]" (API Gateway's flattening). */
  claims: Record<string, string>;
  /** The access token's scopes; null for ID tokens, as API Gateway sends it. */
  scopes: string[] | null;
}

export type Authorize = (authorizationHeader: string | undefined) => Promise<JwtAuthorization | null>;

export function createAuthorizer(config: AuthorizerConfig): Authorize {
  const verifier = createTokenVerifier(config);
  return async (header) => {
    if (!header) return null;
    const token = header.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    const payload = await verifier.verify(token);
    if (!payload) return null;
    const claims: Record<string, string> = {};
    for (const [name, value] of Object.entries(payload)) {
      if (value === undefined || value === null) continue;
      claims[name] = flattenClaim(value);
    }
    const scope = payload.scope;
    const scopes = typeof scope === 'string' && scope.length > 0 ? scope.split(' ') : null;
    return { claims, scopes };
  };
}

/** API Gateway passes claims to payload-v2 integrations as strings: ["a","b"] → "[a b]". */
export function flattenClaim(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => flattenClaim(v)).join(' ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}
