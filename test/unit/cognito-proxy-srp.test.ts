import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CognitoProxy, startCognitoProxy } from '../../scripts/local/parts/cognito-proxy';
import { type LocalUserRecord, localUserStore } from '../../scripts/local/parts/cognito-store';
import { freePort } from '../../scripts/local/ports';
import { signWithCognitoLocalKey } from '../support/callers';
import { decodeJwtPayload } from '../support/local-cognito';
import {
  claimSignature,
  clientKey,
  formatTimestamp,
  g,
  modPow,
  N,
  passwordX,
  poolName,
  randomInteger,
} from '../../scripts/local/parts/srp';

/**
 * The proxy's SRP (decision 059) against a stand-in for cognito-local: what it reads of
 * cognito-local's data directory, what it sends on after a verified answer (the stored password, to
 * cognito-local only) and how it passes on cognito-local's own answers. The real cognito-local and
 * real SRP clients: test/integration/cognito-srp.test.ts.
 */
const POOL_ID = 'local_Ab3dE5gh';
const CLIENT_ID = 'cliente1';
const SUB = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const PASSWORD = 'Clave12345-secreta';

let dir: string;
let upstream: Server;
let proxy: CognitoProxy;
/** What the stand-in got, and what it answers next. */
const seen: unknown[] = [];
let next: { status: number; body: unknown } = { status: 200, body: {} };

function user(overrides: Record<string, unknown> = {}) {
  return {
    Username: SUB,
    Password: PASSWORD,
    Attributes: [
      { Name: 'sub', Value: SUB },
      { Name: 'email', Value: 'alumna@correo.com' },
      // cognito-local writes `email_verified: true` into the token for this; Cognito writes false.
      { Name: 'email_verified', Value: 'false' },
    ],
    Enabled: true,
    UserStatus: 'CONFIRMED',
    ...overrides,
  };
}

function writeStore(users: Record<string, unknown>) {
  writeFileSync(
    join(dir, 'db', 'clients.json'),
    JSON.stringify({ Clients: { [CLIENT_ID]: { ClientId: CLIENT_ID, UserPoolId: POOL_ID } } }),
  );
  writeFileSync(
    join(dir, 'db', `${POOL_ID}.json`),
    JSON.stringify({ Users: users, Options: { Id: POOL_ID, UsernameAttributes: ['email'] } }),
  );
}

/** Tokens as cognito-local signs them (its key), for the stand-in's answers. */
function upstreamTokens() {
  const now = Math.floor(Date.now() / 1000);
  const iss = `http://127.0.0.1/${POOL_ID}`;
  return {
    AccessToken: signWithCognitoLocalKey({
      iss,
      iat: now,
      exp: now + 900,
      token_use: 'access',
      username: SUB,
    }),
    IdToken: signWithCognitoLocalKey({
      iss,
      iat: now,
      exp: now + 900,
      token_use: 'id',
      sub: SUB,
      email_verified: true,
    }),
    RefreshToken: signWithCognitoLocalKey({ iss, iat: now, exp: now + 86_400, 'cognito:username': SUB }),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'srp-store-'));
  mkdirSync(join(dir, 'db'));
  writeStore({ [SUB]: user() });
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ target: req.headers['x-amz-target'], body: JSON.parse(Buffer.concat(chunks).toString()) });
      res.writeHead(next.status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startCognitoProxy({ port: await freePort(), target, users: localUserStore(dir) });
});

afterAll(async () => {
  await proxy?.stop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

async function call(op: string, body: unknown) {
  const res = await fetch(proxy.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

/** A whole SRP sign-in by our client maths: the challenge's answer and the proxy's reply. */
async function signIn(username: string, password: string) {
  const a = randomInteger(128);
  const init = await call('InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: username, SRP_A: modPow(g, a, N).toString(16) },
  });
  expect(init.status).toBe(200);
  const p = init.json.ChallengeParameters as Record<string, string>;
  const pool = poolName(POOL_ID);
  const key = clientKey({
    a,
    B: BigInt(`0x${p.SRP_B}`),
    x: passwordX(p.SALT, pool, p.USER_ID_FOR_SRP, password),
  });
  const timestamp = formatTimestamp(new Date());
  const out = await call('RespondToAuthChallenge', {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId: CLIENT_ID,
    ChallengeResponses: {
      USERNAME: p.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: claimSignature(key, {
        pool,
        userId: p.USER_ID_FOR_SRP,
        secretBlock: p.SECRET_BLOCK,
        timestamp,
      }),
    },
  });
  return { init, out };
}

describe("the store of cognito-local's users", () => {
  it('finds a user by username, sub or e-mail, as cognito-local does, and nothing else', () => {
    const store = localUserStore(dir);
    const expected: LocalUserRecord = {
      userPoolId: POOL_ID,
      userId: SUB,
      password: PASSWORD,
      enabled: true,
      status: 'CONFIRMED',
      attributes: { sub: SUB, email: 'alumna@correo.com', email_verified: 'false' },
    };
    // A client made without flows has Cognito's default ones.
    expect(store.client(CLIENT_ID)).toEqual({
      userPoolId: POOL_ID,
      authFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'],
    });
    expect(store.client('otro')).toBeNull();
    expect(store.client('__proto__')).toBeNull();
    expect(store.user(POOL_ID, SUB)).toEqual(expected);
    expect(store.user(POOL_ID, 'alumna@correo.com')).toEqual(expected);
    expect(store.user(POOL_ID, 'otra@correo.com')).toBeNull();
    expect(store.user('local_nada', SUB)).toBeNull();
    expect(store.user('../db/clients', SUB)).toBeNull();
    expect(localUserStore(join(dir, 'nada')).client(CLIENT_ID)).toBeNull();
  });
});

describe("the proxy's SRP against a stand-in for cognito-local", () => {
  it('signs in with the stored password on cognito-local, and shows it to nobody else', async () => {
    seen.length = 0;
    const upstreamAnswer = upstreamTokens();
    next = { status: 200, body: { AuthenticationResult: upstreamAnswer } };
    const { init, out } = await signIn('alumna@correo.com', PASSWORD);
    expect(out.status).toBe(200);
    const result = out.json.AuthenticationResult as Record<string, string>;
    expect(out.json.ChallengeParameters).toEqual({});
    expect(result).toMatchObject({ ExpiresIn: 900, TokenType: 'Bearer' });
    // cognito-local's tokens, completed as Cognito writes them: one session id in both, the user's
    // attributes in the ID token; the refresh token is opaque and cognito-local's stays behind.
    const access = decodeJwtPayload(result.AccessToken);
    const id = decodeJwtPayload(result.IdToken);
    expect(access).toMatchObject({
      ...decodeJwtPayload(upstreamAnswer.AccessToken),
      origin_jti: expect.any(String),
    });
    expect(id).toMatchObject({
      sub: SUB,
      email: 'alumna@correo.com',
      email_verified: false,
      origin_jti: access.origin_jti,
    });
    expect(result.RefreshToken.split('.')).toHaveLength(5);
    expect(out.text).not.toContain(upstreamAnswer.RefreshToken);
    // Only the verified answer reached cognito-local, as a password sign-in of the canonical user.
    expect(seen).toEqual([
      {
        target: 'AWSCognitoIdentityProviderService.InitiateAuth',
        body: {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: SUB, PASSWORD },
        },
      },
    ]);
    expect(init.text).not.toContain(PASSWORD);
    expect(out.text).not.toContain(PASSWORD);
  });

  it('sends nothing on for a wrong password', async () => {
    seen.length = 0;
    const { out } = await signIn('alumna@correo.com', 'Otra12345');
    expect(out.status).toBe(400);
    expect(out.json).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(seen).toEqual([]);
  });

  it("passes on cognito-local's further challenge and errors, a wrong password in Cognito's name", async () => {
    next = {
      status: 200,
      body: {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ChallengeParameters: { USER_ID_FOR_SRP: SUB },
        Session: 's',
      },
    };
    expect((await signIn(SUB, PASSWORD)).out.json).toEqual(next.body);
    next = { status: 400, body: { __type: 'UserNotConfirmedException', message: 'User is not confirmed.' } };
    expect((await signIn(SUB, PASSWORD)).out.json).toEqual(next.body);
    // The password changed between the challenge and the answer.
    next = { status: 400, body: { __type: 'InvalidPasswordException', message: 'Invalid password' } };
    expect((await signIn(SUB, PASSWORD)).out.json).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('refuses a disabled user once the password is proven', async () => {
    writeStore({ [SUB]: user({ Enabled: false }) });
    try {
      seen.length = 0;
      const { out } = await signIn(SUB, PASSWORD);
      expect(out.json).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
      expect(seen).toEqual([]);
    } finally {
      writeStore({ [SUB]: user() });
    }
  });
});
