import { createPrivateKey, createSign, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
import * as z from 'zod';
import { createTokenVerifier } from '../../functions/adapters/cognito/token-verifier';
import { type AppParts, setContextForTests } from '../../functions/app/context';
import { ADMIN_GROUPS } from '../../functions/commons/auth';
import { ENV } from '../../functions/commons/env';
import type { TokenVerifier } from '../../functions/ports/tokens';

/**
 * Signed-in callers for tests that invoke the API's handlers directly (support/events.ts): the
 * router verifies every bearer token and confirms admins and writers at the user pool (decision
 * 043), so an event "signed in as these claims" carries a real RS256 token, signed with
 * cognito-local's own key, for the pool the environment names (TOKEN_ISSUER, USER_POOL_CLIENT_ID)
 * or, without one, for a test pool of the same key.
 */
export const TEST_ISSUER = 'http://127.0.0.1:9/local_handlers';
export const TEST_CLIENT_ID = 'handler-tests';

const require = createRequire(import.meta.url);
const keyFileSchema = z.object({ jwk: z.record(z.string(), z.string()) });
const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The issuer and app client tokens are made for: the running pool's when a test started one. */
const pool = () => ({
  issuer: process.env[ENV.tokenIssuer] ?? TEST_ISSUER,
  clientId: process.env[ENV.userPoolClientId] ?? TEST_CLIENT_ID,
});

/**
 * Signs a JWT with cognito-local's own key (it ships in the npm package), so tests can make tokens
 * the emulator would never issue: expired, for another audience, from another issuer.
 */
export function signWithCognitoLocalKey(payload: Record<string, unknown>, kid = 'CognitoLocal'): string {
  const { jwk } = keyFileSchema.parse(require('cognito-local/lib/keys/cognitoLocal.private.json'));
  const key = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  const head = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key);
  return `${head}.${body}.${b64url(signature)}`;
}

/** An ID token of the pool with these claims (`cognito:username` defaults to the `sub`, as for native accounts). */
export function idTokenFor(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const { issuer, clientId } = pool();
  return signWithCognitoLocalKey({
    iss: issuer,
    aud: clientId,
    token_use: 'id',
    iat: now,
    exp: now + 900,
    ...(typeof claims.sub === 'string' ? { 'cognito:username': claims.sub } : {}),
    ...claims,
  });
}

/**
 * The router's caller parts for handler tests that are not about signing in: the real token
 * verifier with cognito-local's public key known in advance (no pool needs to run), and a user
 * pool in which every account is as its token says (enabled, groups unchanged since sign-in: the
 * pool answers every group, and the router keeps those both name). What a pool that changed
 * answers is tested against cognito-local itself (test/integration/revoked-sessions.test.ts).
 */
export function signedInParts(): Pick<AppParts, 'tokenVerifier' | 'callerAccounts'> {
  const verifiers = new Map<string, TokenVerifier>();
  const publicKey = z
    .object({
      jwk: z.object({
        kty: z.string(),
        kid: z.string(),
        n: z.string(),
        e: z.string(),
        alg: z.string(),
        use: z.string(),
      }),
    })
    .parse(require('cognito-local/lib/keys/cognitoLocal.public.json')).jwk;
  return {
    tokenVerifier: {
      verify(token) {
        const { issuer, clientId } = pool();
        const key = `${issuer} ${clientId}`;
        let verifier = verifiers.get(key);
        if (!verifier) {
          verifier = createTokenVerifier({ issuer, audience: [clientId], jwks: { keys: [publicKey] } });
          verifiers.set(key, verifier);
        }
        return verifier.verify(token);
      },
    },
    callerAccounts: {
      find: async (_username, withGroups) => ({
        enabled: true,
        ...(withGroups ? { groups: [...ADMIN_GROUPS] } : {}),
      }),
    },
  };
}

/**
 * setContextForTests for handler tests: the given parts over the caller parts above, so events
 * signed in with `claims` (support/events.ts) reach their handlers.
 */
export function setHandlerContext(parts: Partial<AppParts> = {}): void {
  setContextForTests({ ...signedInParts(), ...parts });
}
