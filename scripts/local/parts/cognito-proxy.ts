import { createHmac, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import * as z from 'zod';
import type { LocalUserStore } from './cognito-store';
import {
  claimSignature,
  g,
  modPow,
  N,
  parseA,
  parseTimestamp,
  poolName,
  randomInteger,
  serverB,
  serverKey,
  signatureMatches,
  verifier,
} from './srp';

/**
 * A small HTTP proxy in front of cognito-local 5.3 that covers the operations it answers with
 * HTTP 500 `CognitoLocal#Unsupported` but Amplify or the app call (see
 * docs/decisions/008-local-cognito-gaps.md):
 *
 * - GetTokensFromRefreshToken (Amplify 6.22 refreshes with it) → InitiateAuth REFRESH_TOKEN_AUTH on
 *   cognito-local, answered in GetTokensFromRefreshToken's shape.
 * - GlobalSignOut (a valid access token), AdminUserGlobalSignOut (an existing user) → 200 `{}`, and
 *   from then on every refresh token the user held before is refused (`NotAuthorizedException`,
 *   as Cognito refuses revoked tokens) on GetTokensFromRefreshToken and InitiateAuth's refresh
 *   flows; tokens issued after the sign-out work. cognito-local keeps no revocation of its own.
 * - Refresh tokens past their `exp` are refused too (cognito-local never looks at it), so a local
 *   session lasts as long as the pool client's settings (shared/auth-config.ts) say.
 * - SignUp → NotAuthorizedException, as the AWS pool (admin-only creation, decision 040) answers:
 *   accounts are created by the app once a mailed code is confirmed.
 * - SRP sign-in (decision 059), which cognito-local lacks: InitiateAuth `USER_SRP_AUTH` → a
 *   `PASSWORD_VERIFIER` challenge (a verifier made from the password cognito-local keeps, a fresh
 *   salt each time), and RespondToAuthChallenge `PASSWORD_VERIFIER` → the client's signature checked
 *   as Cognito checks it, then cognito-local's tokens (its USER_PASSWORD_AUTH with the stored
 *   password). Unknown users get a challenge too and are refused only at the answer, as Cognito
 *   does with user-existence errors prevented.
 *
 * Everything else (including the JWKS) passes through unchanged, so tokens keep cognito-local's
 * issuer, which is what the functions trust (TOKEN_ISSUER).
 */
export interface CognitoProxy {
  /** http://127.0.0.1:<port>: the endpoint Amplify and the handlers use. */
  endpoint: string;
  stop(): Promise<void>;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const JSON_TYPE = 'application/x-amz-json-1.1';
/** Cognito refuses request bodies far below this; the cap only bounds memory. */
const MAX_BODY_BYTES = 1_000_000;

const refreshRequest = z.object({
  RefreshToken: z.string().min(1),
  ClientId: z.string().min(1),
  ClientSecret: z.string().optional(),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});
/** cognito-local's REFRESH_TOKEN_AUTH answer: the two tokens only (no TokenType, no ExpiresIn). */
const initiateAuthResponse = z.object({
  AuthenticationResult: z.object({
    AccessToken: z.string(),
    IdToken: z.string(),
    RefreshToken: z.string().optional(),
    ExpiresIn: z.number().optional(),
    TokenType: z.string().optional(),
  }),
});
const jwtTimes = z.object({ iat: z.number(), exp: z.number() });
/** What the proxy reads of cognito-local's refresh tokens (JWTs there; opaque in Cognito). */
const refreshClaims = z.object({ 'cognito:username': z.string(), iat: z.number(), exp: z.number() });
const accessClaims = z.object({
  iss: z.string(),
  exp: z.number(),
  token_use: z.literal('access'),
  username: z.string(),
});
const jwtHeader = z.object({ alg: z.literal('RS256'), kid: z.string() });
const jwks = z.object({ keys: z.array(z.looseObject({ kid: z.string() })) });
const refreshFlow = z.object({
  AuthFlow: z.enum(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']),
  AuthParameters: z.object({ REFRESH_TOKEN: z.string() }),
});
const authenticationResult = z.object({
  AuthenticationResult: z.object({ RefreshToken: z.string().optional() }).optional(),
});
const adminGetUserResponse = z.object({ Username: z.string() });
/** Operations whose answer may carry a new refresh token. */
const SIGN_IN_OPS = new Set([
  'InitiateAuth',
  'AdminInitiateAuth',
  'RespondToAuthChallenge',
  'AdminRespondToAuthChallenge',
]);
/** Issue times remembered for refresh tokens seen (bounded; older ones fall back to their `iat`). */
const MAX_REMEMBERED_TOKENS = 10_000;
const globalSignOutRequest = z.object({ AccessToken: z.string().min(1) });
const adminSignOutRequest = z.object({ UserPoolId: z.string().min(1), Username: z.string().min(1) });

const srpInitiate = z.object({
  AuthFlow: z.literal('USER_SRP_AUTH'),
  ClientId: z.string().min(1),
  AuthParameters: z.looseObject({ USERNAME: z.string().min(1).max(128), SRP_A: z.string() }),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});
const passwordVerifierAnswer = z.object({
  ChallengeName: z.literal('PASSWORD_VERIFIER'),
  ClientId: z.string().min(1),
  ChallengeResponses: z.looseObject({
    USERNAME: z.string().min(1),
    PASSWORD_CLAIM_SECRET_BLOCK: z.string().min(1),
    PASSWORD_CLAIM_SIGNATURE: z.string().min(1),
    TIMESTAMP: z.string().min(1),
  }),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});
/** What cognito-local's USER_PASSWORD_AUTH answers: tokens, or a further challenge (relayed). */
const passwordAuthAnswer = z.looseObject({
  ChallengeName: z.string().optional(),
  AuthenticationResult: initiateAuthResponse.shape.AuthenticationResult.optional(),
});
/** How long an SRP challenge may be answered, as Cognito's (3 minutes). */
const SRP_CHALLENGE_MS = 3 * 60_000;
/** How far a TIMESTAMP may be from the proxy's clock. */
const SRP_CLOCK_SKEW_MS = 5 * 60_000;
/** Open SRP challenges kept at most (the oldest go first); each lives 3 minutes anyway. */
const MAX_SRP_CHALLENGES = 10_000;
const INCORRECT = 'Incorrect username or password.';

/** A PASSWORD_VERIFIER challenge this proxy issued, keyed by its SECRET_BLOCK. */
interface SrpChallenge {
  clientId: string;
  userPoolId: string;
  /** USER_ID_FOR_SRP (the user's sub, or a made-up one for an unknown user). */
  userId: string;
  /** The USERNAME the sign-in started with. */
  username: string;
  /** The key the client must sign with; null for an unknown user (no answer is right). */
  key: Buffer | null;
  expires: number;
}

interface Upstream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The sign-outs kept in `stateFile`: username → when its sessions were revoked (ms). */
const revocationsFile = z.record(z.string(), z.number());

export async function startCognitoProxy(opts: {
  port: number;
  target: string;
  /**
   * Where the sign-outs are kept (the stack's data directory): sessions outlive a restart of the
   * stack (stable ports, decision 050), so their revocations must too. @default in memory only
   */
  stateFile?: string;
  /**
   * cognito-local's users (its data directory, `localUserStore`): SRP sign-in needs their passwords.
   * @default none: SRP goes through to cognito-local, which does not support it
   */
  users?: LocalUserStore;
}): Promise<CognitoProxy> {
  const target = new URL(opts.target);
  /** Username (cognito-local's canonical one, the sub) → when its sessions were revoked (ms). */
  const revokedAt = new Map<string, number>(
    opts.stateFile && existsSync(opts.stateFile)
      ? Object.entries(revocationsFile.parse(JSON.parse(readFileSync(opts.stateFile, 'utf8'))))
      : [],
  );
  const revoke = (username: string) => {
    revokedAt.set(username, Date.now());
    if (!opts.stateFile) return;
    // Written whole and renamed into place: a crash mid-write never leaves half a file.
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    const next = `${opts.stateFile}.next`;
    writeFileSync(next, JSON.stringify(Object.fromEntries(revokedAt)));
    renameSync(next, opts.stateFile);
  };
  /** Refresh token → when the sign-in that issued it started (ms): finer than its `iat` (seconds). */
  const issuedAt = new Map<string, number>();

  const remember = (refreshToken: string, startedMs: number) => {
    issuedAt.set(refreshToken, startedMs);
    if (issuedAt.size > MAX_REMEMBERED_TOKENS) issuedAt.delete(issuedAt.keys().next().value as string);
  };

  /** Open SRP challenges by SECRET_BLOCK; each is taken out when answered (right or wrong). */
  const challenges = new Map<string, SrpChallenge>();
  /** Makes unknown users' challenges stable per name and unlike any real user's. */
  const fakeSecret = randomBytes(32);

  const srpChallenge = (input: z.infer<typeof srpInitiate>, A: bigint, users: LocalUserStore) => {
    const now = Date.now();
    for (const [block, c] of challenges) if (c.expires <= now) challenges.delete(block);
    const userPoolId = users.poolOfClient(input.ClientId);
    if (!userPoolId) return null;
    const username = input.AuthParameters.USERNAME;
    const pool = poolName(userPoolId);
    const user = users.user(userPoolId, username);
    const salt = randomBytes(16).toString('hex');
    // An unknown user gets a challenge made the same way from a made-up id and a random verifier:
    // the answer, not the challenge, is refused (Cognito with user-existence errors prevented).
    const userId = user?.userId ?? fakeUserId(fakeSecret, userPoolId, username);
    const v = user ? verifier(salt, pool, userId, user.password) : modPow(g, randomInteger(32), N);
    let b: bigint;
    let B: bigint;
    do {
      b = randomInteger(32);
      B = serverB(v, b);
    } while (B === 0n);
    const key = serverKey({ A, B, b, v });
    const secretBlock = randomBytes(96).toString('base64');
    challenges.set(secretBlock, {
      clientId: input.ClientId,
      userPoolId,
      userId,
      username,
      key: user ? key : null,
      expires: now + SRP_CHALLENGE_MS,
    });
    if (challenges.size > MAX_SRP_CHALLENGES) challenges.delete(challenges.keys().next().value as string);
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: salt,
        SECRET_BLOCK: secretBlock,
        SRP_B: B.toString(16),
        USERNAME: userId,
        USER_ID_FOR_SRP: userId,
      },
    };
  };

  /**
   * The challenge a PASSWORD_VERIFIER answer proves, or null. Every refusal is Cognito's one answer,
   * NotAuthorizedException 'Incorrect username or password.', as a real pool gives for a wrong
   * password, signature or secret block and a timestamp not in its format (a zero-padded day, a
   * wrong weekday).
   */
  const provenChallenge = (input: z.infer<typeof passwordVerifierAnswer>): SrpChallenge | null => {
    const answer = input.ChallengeResponses;
    const challenge = challenges.get(answer.PASSWORD_CLAIM_SECRET_BLOCK);
    // Used once: a second answer to the same challenge, right or wrong, finds nothing.
    challenges.delete(answer.PASSWORD_CLAIM_SECRET_BLOCK);
    if (!challenge?.key || challenge.expires <= Date.now() || challenge.clientId !== input.ClientId)
      return null;
    if (answer.USERNAME !== challenge.userId && answer.USERNAME !== challenge.username) return null;
    const at = parseTimestamp(answer.TIMESTAMP);
    if (at === null || Math.abs(at - Date.now()) > SRP_CLOCK_SKEW_MS) return null;
    const expected = claimSignature(challenge.key, {
      pool: poolName(challenge.userPoolId),
      userId: challenge.userId,
      secretBlock: answer.PASSWORD_CLAIM_SECRET_BLOCK,
      timestamp: answer.TIMESTAMP,
    });
    return signatureMatches(expected, answer.PASSWORD_CLAIM_SIGNATURE) ? challenge : null;
  };

  /** Why Cognito would refuse this refresh token now, or null. */
  const refusal = (refreshToken: string): string | null => {
    const claims = refreshClaims.safeParse(decodeJwt(refreshToken));
    // Not one of cognito-local's tokens: cognito-local refuses it itself.
    if (!claims.success) return null;
    if (claims.data.exp * 1000 <= Date.now()) return 'Refresh Token has expired';
    const revoked = revokedAt.get(claims.data['cognito:username']);
    // Issued at the start of its sign-in (when the proxy saw it), else at the start of its `iat` second.
    const issued = issuedAt.get(refreshToken) ?? claims.data.iat * 1000;
    if (revoked !== undefined && issued < revoked) return 'Refresh Token has been revoked';
    return null;
  };

  /** The username of a valid access token signed by cognito-local (its JWKS), or null. */
  const accessTokenUser = async (token: string): Promise<string | null> => {
    const [head, body, signature] = token.split('.');
    const header = jwtHeader.safeParse(decodeJwtPart(head));
    const claims = accessClaims.safeParse(decodeJwtPart(body));
    if (!header.success || !claims.success || !signature) return null;
    if (!claims.data.iss.startsWith(`${target.origin}/`) || claims.data.exp * 1000 <= Date.now()) return null;
    const res = await fetch(`${claims.data.iss}/.well-known/jwks.json`);
    const keys = jwks.safeParse(await res.json().catch(() => null));
    const jwk = keys.success ? keys.data.keys.find((k) => k.kid === header.data.kid) : undefined;
    if (!jwk) return null;
    const valid = verify(
      'RSA-SHA256',
      Buffer.from(`${head}.${body}`),
      createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }),
      Buffer.from(signature, 'base64url'),
    );
    return valid ? claims.data.username : null;
  };

  const forward = (req: IncomingMessage, body: Buffer, overrides?: { op: string; json: unknown }) =>
    new Promise<Upstream>((resolve, reject) => {
      const payload = overrides ? Buffer.from(JSON.stringify(overrides.json)) : body;
      const headers: Record<string, string | string[] | undefined> = {
        ...req.headers,
        host: target.host,
        'content-length': String(payload.length),
      };
      if (overrides) headers['x-amz-target'] = `${TARGET_PREFIX}${overrides.op}`;
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(payload);
    });

  const relay = (res: ServerResponse, up: Upstream) => {
    res.writeHead(up.status, up.headers);
    res.end(up.body);
  };

  const reply = (res: ServerResponse, status: number, json: unknown) => {
    const body = JSON.stringify(json);
    res.writeHead(status, {
      'content-type': JSON_TYPE,
      'content-length': Buffer.byteLength(body),
      // The SPA calls this endpoint cross-origin, as it calls cognito-local (which allows any origin).
      'access-control-allow-origin': '*',
      'x-amzn-requestid': crypto.randomUUID(),
    });
    res.end(body);
  };

  const notAuthorized = (res: ServerResponse, message: string) =>
    reply(res, 400, { __type: 'NotAuthorizedException', message });

  const invalid = (res: ServerResponse, error: z.ZodError) =>
    reply(res, 400, {
      __type: 'InvalidParameterException',
      message: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    });

  const parseJson = (body: Buffer): unknown => {
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const header = req.headers['x-amz-target'];
    const op =
      req.method === 'POST' && typeof header === 'string' && header.startsWith(TARGET_PREFIX)
        ? header.slice(TARGET_PREFIX.length)
        : undefined;

    switch (op) {
      case 'GetTokensFromRefreshToken': {
        const input = refreshRequest.safeParse(parseJson(body));
        if (!input.success) return invalid(res, input.error);
        const refused = refusal(input.data.RefreshToken);
        if (refused) return notAuthorized(res, refused);
        const up = await forward(req, body, {
          op: 'InitiateAuth',
          json: {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: input.data.ClientId,
            // The web client has no secret (generateSecret: false), so no SECRET_HASH.
            AuthParameters: { REFRESH_TOKEN: input.data.RefreshToken },
            ClientMetadata: input.data.ClientMetadata,
          },
        });
        // Errors (NotAuthorizedException for a bad token, …) keep cognito-local's status and body.
        if (up.status !== 200) return relay(res, up);
        const out = initiateAuthResponse.safeParse(parseJson(up.body));
        if (!out.success) return relay(res, up);
        // Cognito's shape: AuthenticationResult only (no challenge, no session), with TokenType and
        // ExpiresIn, which cognito-local leaves out; RefreshToken only where the pool rotates them.
        const tokens = out.data.AuthenticationResult;
        return reply(res, 200, {
          AuthenticationResult: {
            AccessToken: tokens.AccessToken,
            IdToken: tokens.IdToken,
            ...(tokens.RefreshToken ? { RefreshToken: tokens.RefreshToken } : {}),
            TokenType: tokens.TokenType ?? 'Bearer',
            ExpiresIn: tokens.ExpiresIn ?? lifetimeSeconds(tokens.AccessToken),
          },
        });
      }
      case 'GlobalSignOut': {
        const input = globalSignOutRequest.safeParse(parseJson(body));
        if (!input.success) return invalid(res, input.error);
        const username = await accessTokenUser(input.data.AccessToken);
        if (!username) return notAuthorized(res, 'Invalid Access Token');
        revoke(username);
        return reply(res, 200, {});
      }
      case 'AdminUserGlobalSignOut': {
        const input = adminSignOutRequest.safeParse(parseJson(body));
        if (!input.success) return invalid(res, input.error);
        // As Cognito does, fail for an unknown user or pool (AdminGetUser gives the same errors);
        // its answer names the user canonically (what the user's tokens carry).
        const up = await forward(req, body, { op: 'AdminGetUser', json: input.data });
        if (up.status !== 200) return relay(res, up);
        const user = adminGetUserResponse.safeParse(parseJson(up.body));
        if (!user.success) return relay(res, up);
        revoke(user.data.Username);
        return reply(res, 200, {});
      }
      case 'RespondToAuthChallenge': {
        const json = parseJson(body);
        const verifierAnswer = z.object({ ChallengeName: z.literal('PASSWORD_VERIFIER') }).safeParse(json);
        if (!verifierAnswer.success || !opts.users) return passThrough(req, res, op, body);
        const input = passwordVerifierAnswer.safeParse(json);
        if (!input.success) return invalid(res, input.error);
        const started = Date.now();
        const challenge = provenChallenge(input.data);
        if (!challenge) return notAuthorized(res, INCORRECT);
        // The password as it is now (it may have changed since the challenge: then it fails below).
        const user = opts.users.user(challenge.userPoolId, challenge.userId);
        if (!user) return notAuthorized(res, INCORRECT);
        if (!user.enabled) return notAuthorized(res, 'User is disabled.');
        const up = await forward(req, body, {
          op: 'InitiateAuth',
          json: {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: input.data.ClientId,
            AuthParameters: { USERNAME: user.userId, PASSWORD: user.password },
            ClientMetadata: input.data.ClientMetadata,
          },
        });
        if (up.status !== 200) {
          // cognito-local's own name for a wrong password; Cognito's is NotAuthorizedException.
          const type = z.object({ __type: z.string() }).safeParse(parseJson(up.body)).data?.__type;
          if (type?.endsWith('InvalidPasswordException')) return notAuthorized(res, INCORRECT);
          return relay(res, up);
        }
        const out = passwordAuthAnswer.safeParse(parseJson(up.body));
        const tokens = out.data?.AuthenticationResult;
        // A further challenge (NEW_PASSWORD_REQUIRED, MFA) goes to the client as cognito-local gave it.
        if (!out.success || out.data.ChallengeName || !tokens) return relay(res, up);
        if (tokens.RefreshToken) remember(tokens.RefreshToken, started);
        return reply(res, 200, {
          ChallengeParameters: {},
          AuthenticationResult: {
            AccessToken: tokens.AccessToken,
            ExpiresIn: tokens.ExpiresIn ?? lifetimeSeconds(tokens.AccessToken),
            IdToken: tokens.IdToken,
            ...(tokens.RefreshToken ? { RefreshToken: tokens.RefreshToken } : {}),
            TokenType: tokens.TokenType ?? 'Bearer',
          },
        });
      }
      case 'SignUp':
        // The AWS pool takes no sign-up (AllowAdminCreateUserOnly; decision 040) and cognito-local
        // ignores that setting: refused here as Cognito refuses it, so nobody gets a user of the
        // pool without the app's code, locally either.
        return notAuthorized(res, 'SignUp is not permitted for this user pool');
      default: {
        if (op === 'InitiateAuth' && opts.users) {
          const json = parseJson(body);
          if (z.object({ AuthFlow: z.literal('USER_SRP_AUTH') }).safeParse(json).success) {
            const input = srpInitiate.safeParse(json);
            if (!input.success) return invalid(res, input.error);
            const A = parseA(input.data.AuthParameters.SRP_A);
            if ('error' in A)
              return reply(res, 400, { __type: 'InvalidParameterException', message: A.error });
            const challenge = srpChallenge(input.data, A.A, opts.users);
            if (!challenge)
              return reply(res, 400, {
                __type: 'ResourceNotFoundException',
                message: `User pool client ${input.data.ClientId} does not exist.`,
              });
            return reply(res, 200, challenge);
          }
        }
        if (op === 'InitiateAuth' || op === 'AdminInitiateAuth') {
          const flow = refreshFlow.safeParse(parseJson(body));
          const refused = flow.success ? refusal(flow.data.AuthParameters.REFRESH_TOKEN) : null;
          if (refused) return notAuthorized(res, refused);
        }
        return passThrough(req, res, op, body);
      }
    }
  };

  /** Forwards a call unchanged, remembering when a sign-in's refresh token was issued. */
  const passThrough = async (
    req: IncomingMessage,
    res: ServerResponse,
    op: string | undefined,
    body: Buffer,
  ) => {
    const started = Date.now();
    const up = await forward(req, body);
    if (op && SIGN_IN_OPS.has(op) && up.status === 200) {
      const issued = authenticationResult.safeParse(parseJson(up.body)).data?.AuthenticationResult
        ?.RefreshToken;
      if (issued) remember(issued, started);
    }
    return relay(res, up);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reply(res, 413, { __type: 'InvalidParameterException', message: 'Request body too large' });
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((err: unknown) => {
        if (res.headersSent) return res.destroy();
        reply(res, 502, {
          __type: 'InternalErrorException',
          message: `cognito proxy: ${err instanceof Error ? err.message : String(err)}`,
        });
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A JWT's validity in seconds (exp − iat), read without verifying: cognito-local just signed it. */
function lifetimeSeconds(token: string): number {
  const payload = jwtTimes.parse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()));
  return payload.exp - payload.iat;
}

/** A JWT part's JSON, or undefined. */
function decodeJwtPart(part: string | undefined): unknown {
  try {
    return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const decodeJwt = (token: string) => decodeJwtPart(token.split('.')[1]);

/** A made-up user id (a v4-shaped UUID) for a name no user has: the same for the same name. */
function fakeUserId(secret: Buffer, userPoolId: string, username: string): string {
  const h = createHmac('sha256', secret).update(`${userPoolId}\0${username.toLowerCase()}`).digest();
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
