import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createSign,
  type JsonWebKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { createRequire } from 'node:module';
import * as z from 'zod';

/**
 * Sign-in sessions as Cognito keeps them, for the local Cognito endpoint (cognito-proxy.ts; issue 42,
 * docs/decisions/062-local-cognito-sessions.md):
 *
 * - A sign-in starts a session named by its `origin_jti`. Every access and ID token of the session
 *   carries it (Cognito adds it when token revocation is on, as the AWS app client has it), and
 *   Amplify's sign-out revokes the session by it (RevokeToken).
 * - The refresh token handed out is opaque, as Cognito's: a JWE (`dir`, A256GCM) that seals the
 *   session (origin_jti, user, client, sign-in time) with cognito-local's own refresh token, which
 *   never leaves the endpoint. Nothing else is stored per session, so sessions outlive a restart
 *   with the sealing key alone (kept in the stack's data directory).
 * - Tokens are cognito-local's, completed as Cognito writes them (origin_jti; a refreshed token keeps
 *   the sign-in's auth_time; the ID token has the user's attributes: `name`, `email_verified` as a
 *   boolean, the custom ones) and signed again with cognito-local's key, the one its JWKS publishes:
 *   cognito-local and the functions' verifier accept them as before.
 */
export const sessionSchema = z.object({
  v: z.literal(1),
  /** The session's origin_jti. */
  jti: z.string(),
  /** cognito-local's canonical username (the `sub`). */
  user: z.string(),
  client: z.string(),
  pool: z.string(),
  /** The sign-in's time, as `auth_time` (seconds). */
  authTime: z.number(),
  /** The sign-in's start (ms): finer than auth_time, for a global sign-out in the same second. */
  started: z.number(),
  /** cognito-local's refresh token of the session. */
  upstream: z.string(),
  /** When the refresh token expires (ms). */
  expires: z.number(),
});
export type Session = z.infer<typeof sessionSchema>;

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
/** The JWE protected header, also its additional authenticated data. */
const JWE_HEADER = b64url(JSON.stringify({ cty: 'JWT', enc: 'A256GCM', alg: 'dir' }));
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals sessions into refresh tokens and opens them; a token not sealed with `key` opens to null. */
export function sessionSealer(key: Buffer) {
  if (key.length !== 32) throw new Error('the session key must be 32 bytes');
  return {
    seal(session: Session): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(JWE_HEADER));
      const sealed = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
      return `${JWE_HEADER}..${b64url(iv)}.${b64url(sealed)}.${b64url(cipher.getAuthTag())}`;
    },
    open(token: string): Session | null {
      const [header, encryptedKey, iv, sealed, tag, ...rest] = token.split('.');
      if (header !== JWE_HEADER || encryptedKey !== '' || !iv || !sealed || !tag || rest.length) return null;
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(JWE_HEADER));
        decipher.setAuthTag(tagBytes);
        const plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
        const parsed = sessionSchema.safeParse(JSON.parse(plain.toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        // A forged or altered token fails authentication: it names no session.
        return null;
      }
    },
  };
}

const claimsSchema = z.record(z.string(), z.unknown());
const keyFile = z.object({ jwk: z.looseObject({}) });
let cognitoLocalKey: KeyObject | undefined;

/**
 * cognito-local's signing key, which it ships in its package (a test key, published with it, not a
 * secret) and whose public half its JWKS serves.
 */
function signingKey(): KeyObject {
  if (!cognitoLocalKey) {
    const require = createRequire(import.meta.url);
    const { jwk } = keyFile.parse(require('cognito-local/lib/keys/cognitoLocal.private.json'));
    cognitoLocalKey = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  }
  return cognitoLocalKey;
}

/** A JWT part's JSON (its header or payload), read without verifying it, or undefined. */
export function jwtPart(part: string | undefined): unknown {
  try {
    return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A JWT's payload, read without verifying it, or null when it is not a JWT. */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const parsed = claimsSchema.safeParse(jwtPart(token.split('.')[1]));
  return parsed.success ? parsed.data : null;
}

/** A token's validity in seconds (exp − iat): Cognito's ExpiresIn / expires_in for it. */
export function tokenLifetime(token: string): number {
  const times = z.object({ iat: z.number(), exp: z.number() }).parse(jwtClaims(token));
  return times.exp - times.iat;
}

/** The same JWT with its claims changed, signed again with cognito-local's key (its header kept). */
function resign(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [head] = token.split('.');
  const claims = jwtClaims(token);
  if (!head || !claims) throw new Error('cognito-local returned a token that is not a JWT');
  const body = b64url(JSON.stringify(change(claims)));
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(signingKey());
  return `${head}.${body}.${b64url(signature)}`;
}

/** Attributes Cognito writes into ID tokens as booleans. */
const BOOLEAN_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified']);

/**
 * cognito-local's access and ID tokens as Cognito writes them for `session`: both carry its
 * origin_jti and the sign-in's auth_time; the ID token carries the user's attributes as Cognito
 * puts them (cognito-local leaves out `name` and writes `email_verified: true` for "false").
 */
export function completeTokens(
  tokens: { AccessToken: string; IdToken: string },
  session: Pick<Session, 'jti' | 'authTime'>,
  attributes: Record<string, string>,
): { AccessToken: string; IdToken: string } {
  const sessionClaims = { origin_jti: session.jti, auth_time: session.authTime };
  const userClaims = Object.fromEntries(
    Object.entries(attributes)
      .filter(([name]) => name !== 'sub')
      .map(([name, value]) => [name, BOOLEAN_ATTRIBUTES.has(name) ? value === 'true' : value]),
  );
  return {
    AccessToken: resign(tokens.AccessToken, (claims) => ({ ...claims, ...sessionClaims })),
    IdToken: resign(tokens.IdToken, (claims) => ({ ...claims, ...userClaims, ...sessionClaims })),
  };
}

/**
 * A session's origin_jti: a UUID, as Cognito's, of version 7, whose first 48 bits are the sign-in's
 * start in ms. An access token then tells when its session began to the millisecond (its `iat` and
 * `auth_time` are whole seconds), so a global sign-out refuses exactly the sessions before it.
 */
export function sessionId(startedMs: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(startedMs, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** When the session an origin_jti names began (ms), or null for an id not made by `sessionId`. */
export function sessionStart(originJti: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(originJti)) return null;
  return Number.parseInt(originJti.replaceAll('-', '').slice(0, 12), 16);
}
