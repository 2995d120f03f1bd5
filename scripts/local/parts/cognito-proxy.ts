import { createHmac, createPublicKey, type JsonWebKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import * as z from 'zod';
import {
  completeTokens,
  jwtClaims,
  jwtPart,
  type Session,
  sessionId,
  sessionSealer,
  sessionStart,
  tokenLifetime,
} from './cognito-sessions';
import type { LocalClientRecord, LocalUserRecord, LocalUserStore } from './cognito-store';
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
 * The local Cognito endpoint: a small HTTP proxy in front of cognito-local 5.3 that answers what it
 * lacks or answers unlike Cognito, so every sign-in, refresh and sign-out takes the path AWS takes
 * (decisions 008, 059 and 062):
 *
 * - **SRP sign-in** (decision 059): InitiateAuth `USER_SRP_AUTH` → a `PASSWORD_VERIFIER` challenge (a
 *   verifier made from the password cognito-local keeps, a fresh salt each time), and
 *   RespondToAuthChallenge `PASSWORD_VERIFIER` → the client's signature checked as Cognito checks it,
 *   then cognito-local's tokens (its USER_PASSWORD_AUTH with the stored password). Unknown users get
 *   a challenge too and are refused only at the answer, as with user-existence errors prevented.
 * - **The app client's flows**: a flow the client does not allow (USER_PASSWORD_AUTH: the local
 *   client allows SRP and refresh only, as AWS's) is refused as Cognito refuses it.
 * - **Sessions** (cognito-sessions.ts): every sign-in answer leaving the endpoint carries tokens with
 *   an `origin_jti` and the ID token's claims as Cognito writes them, and an opaque refresh token.
 *   Refreshes (GetTokensFromRefreshToken, InitiateAuth REFRESH_TOKEN_AUTH) open it; a refresh token
 *   that is expired, revoked (RevokeToken, or GlobalSignOut/AdminUserGlobalSignOut after its sign-in)
 *   or of a disabled user is refused with Cognito's NotAuthorizedException and message. A revoked
 *   session's access token is refused by the Cognito APIs that take one (GetUser, …), as Cognito does.
 * - SignUp → NotAuthorizedException, as the AWS pool (admin-only creation, decision 040) answers:
 *   accounts are created by the app once a mailed code is confirmed.
 *
 * Everything else (the JWKS included) passes through unchanged. Tokens keep cognito-local's issuer
 * and key, which is what the functions trust (TOKEN_ISSUER).
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
/** cognito-local's token answers (its REFRESH_TOKEN_AUTH gives no TokenType, no ExpiresIn). */
const authenticationResult = z.object({
  AccessToken: z.string(),
  IdToken: z.string(),
  RefreshToken: z.string().optional(),
  ExpiresIn: z.number().optional(),
  TokenType: z.string().optional(),
});
/** A sign-in answer of cognito-local: tokens, or a further challenge (relayed as it is). */
const signInAnswer = z.looseObject({
  ChallengeName: z.string().optional(),
  AuthenticationResult: authenticationResult.optional(),
});
const jwtTimes = z.object({ iat: z.number(), exp: z.number() });
const accessClaims = z.object({
  iss: z.string(),
  exp: z.number(),
  iat: z.number(),
  token_use: z.literal('access'),
  username: z.string(),
  origin_jti: z.string().optional(),
});
const jwtHeader = z.object({ alg: z.literal('RS256'), kid: z.string() });
const jwks = z.object({ keys: z.array(z.looseObject({ kid: z.string() })) });
const authFlowRequest = z.looseObject({
  AuthFlow: z.string(),
  ClientId: z.string().min(1),
  AuthParameters: z.record(z.string(), z.string()).optional(),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});
const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
/** The client setting each flow needs (Cognito's ExplicitAuthFlows). */
const FLOW_SETTING: Record<string, string> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  ADMIN_USER_PASSWORD_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  ADMIN_NO_SRP_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
};
const adminGetUserResponse = z.object({ Username: z.string() });
const globalSignOutRequest = z.object({ AccessToken: z.string().min(1) });
const adminSignOutRequest = z.object({ UserPoolId: z.string().min(1), Username: z.string().min(1) });
const revokeTokenRequest = z.object({
  Token: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9-_=.]+$/),
  ClientId: z.string().min(1).max(128),
  ClientSecret: z.string().optional(),
});
/** Cognito's user APIs authorized by an access token (and not by IAM): a revoked session's is refused. */
const ACCESS_TOKEN_OPS = new Set([
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'ChangePassword',
  'DeleteUser',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'SetUserMFAPreference',
  'SetUserSettings',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'ListDevices',
  'GetDevice',
  'ForgetDevice',
  'ConfirmDevice',
  'UpdateDeviceStatus',
]);
const accessTokenRequest = z.looseObject({ AccessToken: z.string() });

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
/** How long an SRP challenge may be answered, as Cognito's (3 minutes). */
const SRP_CHALLENGE_MS = 3 * 60_000;
/** How far a TIMESTAMP may be from the proxy's clock. */
const SRP_CLOCK_SKEW_MS = 5 * 60_000;
/** Open SRP challenges kept at most (the oldest go first); each lives 3 minutes anyway. */
const MAX_SRP_CHALLENGES = 10_000;
const INCORRECT = 'Incorrect username or password.';
const DISABLED = 'User is disabled.';

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

/** What an operation answers: a status and a Cognito-shaped JSON body. */
interface Answer {
  status: number;
  json: unknown;
}

/** The revocations kept in the state directory. */
const revocationsFile = z.union([
  z.object({
    /** Username (cognito-local's canonical one, the sub) → when its sessions were revoked (ms). */
    signOuts: z.record(z.string(), z.number()),
    /** A revoked session's origin_jti → when its refresh token expires (ms; dropped after). */
    sessions: z.record(z.string(), z.number()),
  }),
  // Before sessions (an older .data/): the sign-outs only.
  z.record(z.string(), z.number()).transform((signOuts) => ({ signOuts, sessions: {} })),
]);
const REVOCATIONS_FILE = 'proxy-revocations.json';
const SESSION_KEY_FILE = 'proxy-session.key';

export async function startCognitoProxy(opts: {
  port: number;
  target: string;
  /**
   * Where the session key and the revocations are kept (the stack's data directory): sessions
   * outlive a restart of the stack (stable ports, decision 050), so must their key and revocations.
   * @default in memory only
   */
  stateDir?: string;
  /** cognito-local's users and clients (its data directory, `localUserStore`). */
  users: LocalUserStore;
}): Promise<CognitoProxy> {
  const target = new URL(opts.target);
  const users = opts.users;
  const state = (name: string) => (opts.stateDir ? `${opts.stateDir}/${name}` : undefined);
  const revocationsPath = state(REVOCATIONS_FILE);
  const kept: { signOuts: Record<string, number>; sessions: Record<string, number> } =
    revocationsPath && existsSync(revocationsPath)
      ? revocationsFile.parse(JSON.parse(readFileSync(revocationsPath, 'utf8')))
      : { signOuts: {}, sessions: {} };
  const signedOutAt = new Map<string, number>(Object.entries(kept.signOuts));
  const revokedSessions = new Map<string, number>(
    Object.entries(kept.sessions).filter(([, expires]) => expires > Date.now()),
  );
  const saveRevocations = () => {
    if (!revocationsPath) return;
    // Written whole and renamed into place: a crash mid-write never leaves half a file.
    mkdirSync(dirname(revocationsPath), { recursive: true });
    const next = `${revocationsPath}.next`;
    writeFileSync(
      next,
      JSON.stringify({
        signOuts: Object.fromEntries(signedOutAt),
        sessions: Object.fromEntries(revokedSessions),
      }),
    );
    renameSync(next, revocationsPath);
  };
  const signOutEverywhere = (username: string) => {
    signedOutAt.set(username, Date.now());
    saveRevocations();
  };
  const revokeSession = (session: Session) => {
    const now = Date.now();
    for (const [jti, expires] of revokedSessions) if (expires <= now) revokedSessions.delete(jti);
    revokedSessions.set(session.jti, session.expires);
    saveRevocations();
  };
  const isRevoked = (session: Pick<Session, 'jti' | 'user' | 'started'>) =>
    revokedSessions.has(session.jti) || (signedOutAt.get(session.user) ?? -1) > session.started;

  const sealer = sessionSealer(sessionKey(state(SESSION_KEY_FILE)));

  /** Open SRP challenges by SECRET_BLOCK; each is taken out when answered (right or wrong). */
  const challenges = new Map<string, SrpChallenge>();
  /** Makes unknown users' challenges stable per name and unlike any real user's. */
  const fakeSecret = randomBytes(32);

  const srpChallenge = (input: z.infer<typeof srpInitiate>, A: bigint, userPoolId: string) => {
    const now = Date.now();
    for (const [block, c] of challenges) if (c.expires <= now) challenges.delete(block);
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

  /** The username of a valid access token signed by cognito-local (its JWKS), with its claims, or null. */
  const verifiedAccessToken = async (token: string) => {
    const [head, body, signature] = token.split('.');
    const header = jwtHeader.safeParse(jwtPart(head));
    const claims = accessClaims.safeParse(jwtPart(body));
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
    return valid ? claims.data : null;
  };

  /**
   * Why Cognito would refuse this access token on a user API now, or null (cognito-local checks
   * its signature and expiry itself).
   */
  const accessRefusal = (token: string): string | null => {
    const claims = accessClaims.safeParse(jwtClaims(token));
    if (!claims.success) return null;
    const { origin_jti: jti, username, iat } = claims.data;
    // A token of no session of this endpoint's (cognito-local's own) began by its issue time.
    const started = (jti !== undefined ? sessionStart(jti) : null) ?? iat * 1000;
    if (isRevoked({ jti: jti ?? '', user: username, started })) return 'Access Token has been revoked';
    const pool = claims.data.iss.split('/').at(-1) ?? '';
    if (users.user(pool, username)?.enabled === false) return DISABLED;
    return null;
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
      'x-amzn-requestid': randomUUID(),
    });
    res.end(body);
  };

  const refused = (type: string, message: string): Answer => ({
    status: 400,
    json: { __type: type, message },
  });
  const notAuthorized = (message: string) => refused('NotAuthorizedException', message);
  const invalid = (error: z.ZodError) =>
    refused(
      'InvalidParameterException',
      error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  const unknownClient = (clientId: string) =>
    refused('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);

  const parseJson = (body: Buffer): unknown => {
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
  };

  /**
   * A sign-in's tokens as they leave the endpoint: a new session (origin_jti), the claims Cognito
   * writes and the sealed refresh token; null when the tokens name no user of the store.
   */
  const startSession = (
    tokens: z.infer<typeof authenticationResult>,
    clientId: string,
    userPoolId: string,
    started: number,
  ) => {
    const access = accessClaims.safeParse(jwtClaims(tokens.AccessToken));
    const refreshTimes = tokens.RefreshToken ? jwtTimes.safeParse(jwtClaims(tokens.RefreshToken)) : undefined;
    const user = access.success ? users.user(userPoolId, access.data.username) : null;
    if (!access.success || !user || !tokens.RefreshToken || !refreshTimes?.success) return null;
    const session: Session = {
      v: 1,
      jti: sessionId(started),
      user: user.userId,
      client: clientId,
      pool: userPoolId,
      authTime: access.data.iat,
      started,
      upstream: tokens.RefreshToken,
      expires: refreshTimes.data.exp * 1000,
    };
    return {
      ...completeTokens(tokens, session, user.attributes),
      ExpiresIn: tokens.ExpiresIn ?? tokenLifetime(tokens.AccessToken),
      RefreshToken: sealer.seal(session),
      TokenType: 'Bearer',
    };
  };

  /**
   * A refresh as Cognito answers it: new access and ID tokens of the same session (no new refresh
   * token: the pool does not rotate them), or Cognito's refusal.
   */
  const refresh = async (
    req: IncomingMessage,
    input: { ClientId: string; RefreshToken: string; ClientMetadata?: Record<string, string> },
  ): Promise<Answer | { upstream: Upstream }> => {
    const session = sealer.open(input.RefreshToken);
    if (!session || session.client !== input.ClientId) return notAuthorized('Invalid Refresh Token');
    if (session.expires <= Date.now()) return notAuthorized('Refresh Token has expired');
    if (isRevoked(session)) return notAuthorized('Refresh Token has been revoked');
    const user: LocalUserRecord | null = users.user(session.pool, session.user);
    if (user && !user.enabled) return notAuthorized(DISABLED);
    const up = await forward(req, Buffer.alloc(0), {
      op: 'InitiateAuth',
      json: {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        // The web client has no secret (generateSecret: false), so no SECRET_HASH.
        AuthParameters: { REFRESH_TOKEN: session.upstream },
        ClientMetadata: input.ClientMetadata,
      },
    });
    const tokens = signInAnswer.safeParse(parseJson(up.body)).data?.AuthenticationResult;
    // Errors (a deleted user, …) keep cognito-local's status and body.
    if (up.status !== 200 || !tokens || !user) return { upstream: up };
    return {
      status: 200,
      json: {
        AuthenticationResult: {
          ...completeTokens(tokens, session, user.attributes),
          TokenType: 'Bearer',
          ExpiresIn: tokens.ExpiresIn ?? tokenLifetime(tokens.AccessToken),
        },
      },
    };
  };

  /** A PASSWORD_VERIFIER answer: the proven challenge's session, or Cognito's refusal. */
  const answerVerifier = async (
    req: IncomingMessage,
    json: unknown,
  ): Promise<Answer | { upstream: Upstream }> => {
    const input = passwordVerifierAnswer.safeParse(json);
    if (!input.success) return invalid(input.error);
    const started = Date.now();
    const challenge = provenChallenge(input.data);
    if (!challenge) return notAuthorized(INCORRECT);
    // The password as it is now (it may have changed since the challenge: then it fails below).
    const user = users.user(challenge.userPoolId, challenge.userId);
    if (!user) return notAuthorized(INCORRECT);
    if (!user.enabled) return notAuthorized(DISABLED);
    const up = await forward(req, Buffer.alloc(0), {
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
      if (type?.endsWith('InvalidPasswordException')) return notAuthorized(INCORRECT);
      return { upstream: up };
    }
    const out = signInAnswer.safeParse(parseJson(up.body));
    const tokens = out.data?.AuthenticationResult;
    // A further challenge (NEW_PASSWORD_REQUIRED, MFA) goes to the client as cognito-local gave it.
    if (!out.success || out.data.ChallengeName || !tokens) return { upstream: up };
    const session = startSession(tokens, challenge.clientId, challenge.userPoolId, started);
    if (!session) return { upstream: up };
    return { status: 200, json: { ChallengeParameters: {}, AuthenticationResult: session } };
  };

  /** InitiateAuth and AdminInitiateAuth: the client's flows, then SRP, refresh or cognito-local's own. */
  const initiateAuth = async (
    req: IncomingMessage,
    op: string,
    body: Buffer,
  ): Promise<Answer | { upstream: Upstream } | { pass: string }> => {
    const json = parseJson(body);
    const input = authFlowRequest.safeParse(json);
    if (!input.success) return invalid(input.error);
    const flow = input.data.AuthFlow;
    const client = clientAllowing(input.data.ClientId, flow);
    if ('status' in client) return client;
    if (REFRESH_FLOWS.has(flow)) {
      const token = input.data.AuthParameters?.REFRESH_TOKEN;
      if (!token) return refused('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
      const out = await refresh(req, { ...input.data, RefreshToken: token });
      // InitiateAuth's shape of a refresh: no challenge parameters besides the tokens.
      return 'status' in out && out.status === 200
        ? { status: 200, json: { ChallengeParameters: {}, ...(out.json as object) } }
        : out;
    }
    if (op === 'InitiateAuth' && flow === 'USER_SRP_AUTH') {
      const srp = srpInitiate.safeParse(json);
      if (!srp.success) return invalid(srp.error);
      const A = parseA(srp.data.AuthParameters.SRP_A);
      if ('error' in A) return refused('InvalidParameterException', A.error);
      return { status: 200, json: srpChallenge(srp.data, A.A, client.userPoolId) };
    }
    return { pass: client.userPoolId };
  };

  /** The app client when it allows `flow` (Cognito's ExplicitAuthFlows), or Cognito's refusal. */
  const clientAllowing = (clientId: string, flow: string): LocalClientRecord | Answer => {
    const client = users.client(clientId);
    if (!client) return unknownClient(clientId);
    const setting = FLOW_SETTING[flow];
    if (!setting)
      return refused(
        'InvalidParameterException',
        `1 validation error detected: Value '${flow}' at 'authFlow' failed to satisfy constraint`,
      );
    if (!client.authFlows.includes(setting))
      return refused('InvalidParameterException', `${flow} flow not enabled for this client`);
    return client;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const header = req.headers['x-amz-target'];
    const op =
      req.method === 'POST' && typeof header === 'string' && header.startsWith(TARGET_PREFIX)
        ? header.slice(TARGET_PREFIX.length)
        : undefined;
    const send = (out: Answer | { upstream: Upstream }) =>
      'upstream' in out ? relay(res, out.upstream) : reply(res, out.status, out.json);

    switch (op) {
      case 'GetTokensFromRefreshToken': {
        const input = refreshRequest.safeParse(parseJson(body));
        if (!input.success) return send(invalid(input.error));
        const client = clientAllowing(input.data.ClientId, 'REFRESH_TOKEN_AUTH');
        if ('status' in client) return send(client);
        return send(await refresh(req, input.data));
      }
      case 'RevokeToken': {
        const input = revokeTokenRequest.safeParse(parseJson(body));
        if (!input.success) return send(invalid(input.error));
        const session = sealer.open(input.data.Token);
        // Only refresh tokens are revoked; an access or ID token, or anything else, is not one.
        if (!session)
          return send(refused('UnsupportedTokenTypeException', 'The token provided is not a refresh token'));
        if (session.client !== input.data.ClientId)
          return send(refused('UnauthorizedException', 'The client is not authorized to revoke this token'));
        // Revoking a revoked or expired token succeeds, as RFC 7009 and Cognito answer it.
        revokeSession(session);
        // cognito-local forgets its refresh token of the session too (its answer does not matter).
        await forward(req, body, {
          op: 'RevokeToken',
          json: { Token: session.upstream, ClientId: input.data.ClientId },
        }).catch(() => undefined);
        return reply(res, 200, {});
      }
      case 'GlobalSignOut': {
        const input = globalSignOutRequest.safeParse(parseJson(body));
        if (!input.success) return send(invalid(input.error));
        const claims = await verifiedAccessToken(input.data.AccessToken);
        if (!claims) return send(notAuthorized('Invalid Access Token'));
        const why = accessRefusal(input.data.AccessToken);
        if (why) return send(notAuthorized(why));
        signOutEverywhere(claims.username);
        return reply(res, 200, {});
      }
      case 'AdminUserGlobalSignOut': {
        const input = adminSignOutRequest.safeParse(parseJson(body));
        if (!input.success) return send(invalid(input.error));
        // As Cognito does, fail for an unknown user or pool (AdminGetUser gives the same errors);
        // its answer names the user canonically (what the user's tokens carry).
        const up = await forward(req, body, { op: 'AdminGetUser', json: input.data });
        if (up.status !== 200) return relay(res, up);
        const user = adminGetUserResponse.safeParse(parseJson(up.body));
        if (!user.success) return relay(res, up);
        signOutEverywhere(user.data.Username);
        return reply(res, 200, {});
      }
      case 'InitiateAuth':
      case 'AdminInitiateAuth': {
        const out = await initiateAuth(req, op, body);
        return 'pass' in out ? passThrough(req, res, body, out.pass) : send(out);
      }
      case 'RespondToAuthChallenge': {
        const json = parseJson(body);
        if (z.object({ ChallengeName: z.literal('PASSWORD_VERIFIER') }).safeParse(json).success)
          return send(await answerVerifier(req, json));
        const clientId = z.object({ ClientId: z.string() }).safeParse(json).data?.ClientId;
        return passThrough(req, res, body, clientId ? users.client(clientId)?.userPoolId : undefined);
      }
      case 'SignUp':
        // The AWS pool takes no sign-up (AllowAdminCreateUserOnly; decision 040) and cognito-local
        // ignores that setting: refused here as Cognito refuses it, so nobody gets a user of the
        // pool without the app's code, locally either.
        return send(notAuthorized('SignUp is not permitted for this user pool'));
      default: {
        if (op && ACCESS_TOKEN_OPS.has(op)) {
          const token = accessTokenRequest.safeParse(parseJson(body));
          const why = token.success ? accessRefusal(token.data.AccessToken) : null;
          if (why) return send(notAuthorized(why));
        }
        return passThrough(req, res, body);
      }
    }
  };

  /**
   * Forwards a call unchanged; a sign-in answer with tokens (a further challenge answered, a flow
   * the client allows) leaves as a new session's.
   */
  const passThrough = async (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    userPoolId?: string,
  ) => {
    const started = Date.now();
    const up = await forward(req, body);
    const clientId = z.object({ ClientId: z.string() }).safeParse(parseJson(body)).data?.ClientId;
    const answer = up.status === 200 && userPoolId ? signInAnswer.safeParse(parseJson(up.body)) : undefined;
    const tokens = answer?.data?.AuthenticationResult;
    const session =
      tokens && clientId && userPoolId ? startSession(tokens, clientId, userPoolId, started) : null;
    if (!answer?.success || !session) return relay(res, up);
    return reply(res, 200, { ...answer.data, AuthenticationResult: session });
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

/**
 * The key refresh tokens are sealed with: kept in `path` (made once, 32 random bytes) so sessions
 * outlive a restart, or in memory only.
 */
function sessionKey(path: string | undefined): Buffer {
  if (path && existsSync(path)) {
    const kept = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (kept.length === 32) return kept;
  }
  const key = randomBytes(32);
  if (path) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.next`, key.toString('base64'), { mode: 0o600 });
    renameSync(`${path}.next`, path);
  }
  return key;
}

/** A made-up user id (a v4-shaped UUID) for a name no user has: the same for the same name. */
function fakeUserId(secret: Buffer, userPoolId: string, username: string): string {
  const h = createHmac('sha256', secret).update(`${userPoolId}\0${username.toLowerCase()}`).digest();
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
