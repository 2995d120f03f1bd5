import { JwtVerifier } from 'aws-jwt-verify/jwt-verifier';
import { type Jwks, SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { TokenVerifier } from '../../ports/tokens';

export interface TokenVerifierConfig {
  /** The user pool's issuer: https://cognito-idp.<region>.amazonaws.com/<pool id> (locally the emulator's). */
  issuer: string;
  /** The app clients whose tokens are accepted. */
  audience: readonly string[];
  /** @default `${issuer}/.well-known/jwks.json` */
  jwksUri?: string;
  /** The issuer's keys, known in advance (handler tests without a running pool); fetched otherwise. */
  jwks?: Jwks;
}

/**
 * What API Gateway's JWT authorizer would accept, and nothing else: an RS256 token signed by a key of
 * the issuer's JWKS, `iss` equal to the issuer, `aud` (ID tokens) or `client_id` (access tokens)
 * one of the app clients, not expired, not before `nbf`, and `token_use` id or access. Every API
 * function verifies its callers with it, in AWS and locally (decision 043).
 */
export function createTokenVerifier(config: TokenVerifierConfig): TokenVerifier {
  const verifier = JwtVerifier.create(
    {
      issuer: config.issuer,
      jwksUri: config.jwksUri ?? `${config.issuer}/.well-known/jwks.json`,
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
      // The library's default fetcher speaks https only; the local emulator serves its JWKS over http.
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
  if (config.jwks) verifier.cacheJwks(config.jwks);
  return {
    async verify(token) {
      try {
        return (await verifier.verify(token)) as Record<string, unknown>;
      } catch {
        return null;
      }
    },
  };
}
