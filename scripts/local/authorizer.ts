import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';

/**
 * The local stand-in for the HTTP API's JWT authorizer (identity source $request.header.Authorization,
 * issuer = the user pool, audience = the app client). It accepts exactly what the authorizer accepts:
 * an RS256 token signed by a key of the issuer's JWKS, `iss` equal to the issuer, `aud` (ID tokens)
 * or `client_id` (access tokens) equal to an audience, not expired, not before `nbf`, and
 * `token_use` id or access. Everything else is 401 {"message":"Unauthorized"}.
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
  const jwksUri = config.jwksUri ?? `${config.issuer}/.well-known/jwks.json`;
  const verifier = JwtVerifier.create(
    {
      issuer: config.issuer,
      jwksUri,
      // `aud` only exists on ID tokens; access tokens carry the client in `client_id` (checked below).
      audience: null,
      customJwtCheck: ({ payload }) => {
        const tokenUse = payload.token_use;
        if (tokenUse !== 'id' && tokenUse !== 'access') throw new Error('token_use must be id or access');
        const client = tokenUse === 'id' ? payload.aud : payload.client_id;
        const clients = Array.isArray(client) ? client : [client];
        if (!clients.some((c) => typeof c === 'string' && config.audience.includes(c))) {
          throw new Error('audience mismatch');
        }
      },
    },
    {
      // The library's default fetcher only speaks https; the emulator serves its JWKS over http.
      jwksCache: new SimpleJwksCache({
        fetcher: {
          fetch: async (uri: string) => {
            const res = await fetch(uri, { signal: AbortSignal.timeout(5000) });
            if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
            return res.arrayBuffer();
          },
        },
      }),
    },
  );

  return async (header) => {
    if (!header) return null;
    const token = header.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    try {
      const payload = await verifier.verify(token);
      const claims: Record<string, string> = {};
      for (const [name, value] of Object.entries(payload)) {
        if (value === undefined || value === null) continue;
        claims[name] = flattenClaim(value);
      }
      const scope = payload.scope;
      const scopes = typeof scope === 'string' && scope.length > 0 ? scope.split(' ') : null;
      return { claims, scopes };
    } catch {
      return null;
    }
  };
}

/** API Gateway passes claims to payload-v2 integrations as strings: ["a","b"] → "[a b]". */
export function flattenClaim(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => flattenClaim(v)).join(' ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}
