import { AdminDisableUserCommand, AdminEnableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier } from '../../functions/adapters/cognito/token-verifier';
import type { CognitoProxy } from '../../scripts/local/parts/cognito-proxy';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
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
import { decodeJwtPayload, startTestCognito, type TestCognito } from '../support/local-cognito';

/**
 * SRP sign-in (USER_SRP_AUTH → PASSWORD_VERIFIER) through the local Cognito endpoint — the proxy in
 * front of the real cognito-local (decision 059) — with two SRP clients that are not ours: Amplify's
 * (the web app's) and amazon-cognito-identity-js's; then the answers Cognito refuses, sent raw.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const USER = {
  email: 'srp.alumna@correo.com',
  password: 'Clave12345',
  name: 'Alumna SRP',
  nationalId: 'V12345678',
  universityId: 'general',
  groups: [],
} as const;
const OTHER = { ...USER, email: 'srp.otra@correo.com', password: 'OtraClave123', name: 'Otra SRP' } as const;

let cognito: TestCognito;
let proxy: CognitoProxy;

beforeAll(async () => {
  // The proxy of the local stack, with SRP (test/support/local-cognito.ts).
  cognito = await startTestCognito([USER, OTHER]);
  proxy = cognito.proxy;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.clientId,
        userPoolEndpoint: proxy.endpoint,
      },
    },
  });
});

afterAll(async () => {
  await cognito?.stop();
});

afterEach(async () => {
  vi.useRealTimers();
  await signOut().catch(() => undefined);
});

/** What the endpoint answers (the fields these tests read). */
interface Answer {
  __type?: string;
  message?: string;
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: {
    AccessToken: string;
    IdToken: string;
    RefreshToken?: string;
    TokenType: string;
    ExpiresIn: number;
  };
}

/** One call to an endpoint as the SDKs make it: status and JSON body. */
async function call(endpoint: string, op: string, body: unknown): Promise<{ status: number; json: Answer }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

/** The first half of an SRP sign-in, by our own client maths (for answers no real client sends). */
async function challenge(email: string) {
  const a = randomInteger(128);
  const A = modPow(g, a, N);
  const out = await call(proxy.endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: cognito.clientId,
    AuthParameters: { USERNAME: email, SRP_A: A.toString(16) },
  });
  expect(out.status).toBe(200);
  return { a, params: out.json.ChallengeParameters as Record<string, string>, json: out.json };
}

/** A PASSWORD_VERIFIER answer to `c` for `password`, signed at `at`. */
function answer(c: Awaited<ReturnType<typeof challenge>>, password: string, at = new Date()) {
  const pool = poolName(cognito.userPoolId);
  const userId = c.params.USER_ID_FOR_SRP;
  const x = passwordX(c.params.SALT, pool, userId, password);
  const key = clientKey({ a: c.a, B: BigInt(`0x${c.params.SRP_B}`), x });
  const timestamp = formatTimestamp(at);
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId: cognito.clientId,
    ChallengeResponses: {
      USERNAME: userId,
      PASSWORD_CLAIM_SECRET_BLOCK: c.params.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: claimSignature(key, {
        pool,
        userId,
        secretBlock: c.params.SECRET_BLOCK,
        timestamp,
      }),
    },
  };
}

/** A signature of `c` for `password` over any timestamp text. */
function resign(c: Awaited<ReturnType<typeof challenge>>, password: string, timestamp: string) {
  const pool = poolName(cognito.userPoolId);
  const userId = c.params.USER_ID_FOR_SRP;
  const key = clientKey({
    a: c.a,
    B: BigInt(`0x${c.params.SRP_B}`),
    x: passwordX(c.params.SALT, pool, userId, password),
  });
  return claimSignature(key, { pool, userId, secretBlock: c.params.SECRET_BLOCK, timestamp });
}

const respond = (body: unknown) => call(proxy.endpoint, 'RespondToAuthChallenge', body);

/** A refusal as Cognito shapes it: a 400 with its error type and message, and no tokens. */
function expectRefused(out: { status: number; json: Answer }, type: string, message?: string) {
  expect(out.status).toBe(400);
  expect(out.json.__type).toBe(type);
  if (message) expect(out.json.message).toBe(message);
  expect(out.json.AuthenticationResult).toBeUndefined();
}

describe('SRP sign-in through the local Cognito endpoint', () => {
  it("is the proxy's: cognito-local itself does not support USER_SRP_AUTH", async () => {
    const out = await call(cognito.endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { USERNAME: USER.email, SRP_A: modPow(g, 12345n, N).toString(16) },
    });
    expect(out.status).toBe(500);
  });

  it("signs in with Amplify's own SRP client (the web app's), with tokens the functions accept", async () => {
    const out = await signIn({
      username: USER.email,
      password: USER.password,
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
    expect(out).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { tokens } = await fetchAuthSession();
    const id = tokens?.idToken?.toString();
    expect(id).toBeDefined();
    const verifier = createTokenVerifier({ issuer: cognito.issuer, audience: [cognito.clientId] });
    const claims = await verifier.verify(id!);
    expect(claims?.email).toBe(USER.email);
    expect(claims?.sub).toBe(cognito.userIds.get(USER.email));
    expect((await verifier.verify(tokens!.accessToken.toString()))?.token_use).toBe('access');
  });

  it("keeps Amplify's session as Cognito does: refreshed with its origin_jti, revoked by its sign-out", async () => {
    await signIn({
      username: USER.email,
      password: USER.password,
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
    const first = (await fetchAuthSession()).tokens;
    const originJti = first?.accessToken.payload.origin_jti;
    expect(typeof originJti).toBe('string');
    expect(first?.idToken?.payload).toMatchObject({
      origin_jti: originJti,
      name: USER.name,
      email_verified: true,
    });
    // Amplify's refresh (GetTokensFromRefreshToken): the same session.
    const refreshed = (await fetchAuthSession({ forceRefresh: true })).tokens;
    expect(refreshed?.accessToken.payload.origin_jti).toBe(originJti);
    expect(refreshed?.accessToken.toString()).not.toBe(first?.accessToken.toString());

    // Amplify signs out with RevokeToken because the access token carries origin_jti; the refresh
    // token it revoked is refused from then on.
    const sent: { op: string; body: Record<string, string>; status: number }[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const res = await realFetch(input, init);
      const op = new Headers(init?.headers).get('x-amz-target')?.split('.').at(-1);
      if (op) sent.push({ op, body: JSON.parse(String(init?.body)), status: res.status });
      return res;
    });
    try {
      await signOut();
    } finally {
      spy.mockRestore();
    }
    const revoke = sent.find((c) => c.op === 'RevokeToken');
    expect(revoke?.status).toBe(200);
    const again = await call(proxy.endpoint, 'GetTokensFromRefreshToken', {
      ClientId: cognito.clientId,
      RefreshToken: revoke?.body.Token,
    });
    expectRefused(again, 'NotAuthorizedException', 'Refresh Token has been revoked');
  });

  it("ends Amplify's session when the account is disabled: its sign-in and its refresh are refused", async () => {
    await signIn({
      username: OTHER.email,
      password: OTHER.password,
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
    expect((await fetchAuthSession()).tokens?.idToken).toBeDefined();
    const admin = localCognitoClient(cognito.endpoint);
    await admin.send(new AdminDisableUserCommand({ UserPoolId: cognito.userPoolId, Username: OTHER.email }));
    try {
      // Amplify's refresh is refused ('User is disabled.'), and Amplify drops the session's tokens:
      // the web app reads that as signed out (web/src/lib/session.ts).
      const refreshed = await fetchAuthSession({ forceRefresh: true });
      expect(refreshed.tokens).toBeUndefined();
      expect((await fetchAuthSession()).tokens).toBeUndefined();
      await signOut();
      const again = await signIn({
        username: OTHER.email,
        password: OTHER.password,
        options: { authFlowType: 'USER_SRP_AUTH' },
      }).catch((err: Error) => err);
      expect(again).toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    } finally {
      await admin.send(new AdminEnableUserCommand({ UserPoolId: cognito.userPoolId, Username: OTHER.email }));
      admin.destroy();
    }
  });

  it('signs in with a second SRP implementation (amazon-cognito-identity-js)', async () => {
    const pool = new CognitoUserPool({
      UserPoolId: cognito.userPoolId,
      ClientId: cognito.clientId,
      endpoint: proxy.endpoint,
    });
    const user = new CognitoUser({ Username: OTHER.email, Pool: pool });
    const session = await new Promise<import('amazon-cognito-identity-js').CognitoUserSession>(
      (resolve, reject) =>
        user.authenticateUser(
          new AuthenticationDetails({ Username: OTHER.email, Password: OTHER.password }),
          {
            onSuccess: resolve,
            onFailure: reject,
          },
        ),
    );
    expect(session.isValid()).toBe(true);
    expect(session.getIdToken().decodePayload().email).toBe(OTHER.email);
    expect(session.getRefreshToken().getToken()).not.toBe('');
    // And a wrong password with it: Cognito's refusal.
    const wrong = await new Promise<{ code?: string; name?: string; message?: string }>((resolve) =>
      new CognitoUser({ Username: OTHER.email, Pool: pool }).authenticateUser(
        new AuthenticationDetails({ Username: OTHER.email, Password: 'Equivocada123' }),
        { onSuccess: () => resolve({}), onFailure: resolve },
      ),
    );
    expect(wrong.code ?? wrong.name).toBe('NotAuthorizedException');
    expect(wrong.message).toBe('Incorrect username or password.');
  });

  it("signs in with signInLocal (the scripts' and tests' one sign-in), a refusal keeping Cognito's name", async () => {
    const session = await cognito.signIn(USER.email.toUpperCase(), USER.password);
    expect(decodeJwtPayload(session.idToken).email).toBe(USER.email);
    expect(decodeJwtPayload(session.accessToken).token_use).toBe('access');
    expect(session.refreshToken).not.toBe('');
    for (const [email, password] of [
      [USER.email, 'Equivocada123'],
      ['nadie@correo.com', 'Cualquiera123'],
    ])
      await expect(cognito.signIn(email, password)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
  });

  it('answers as Cognito does, with the tokens cognito-local signs', async () => {
    const c = await challenge(USER.email);
    expect(c.json.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(Object.keys(c.params).sort()).toEqual([
      'SALT',
      'SECRET_BLOCK',
      'SRP_B',
      'USERNAME',
      'USER_ID_FOR_SRP',
    ]);
    expect(c.params.USER_ID_FOR_SRP).toBe(cognito.userIds.get(USER.email));
    expect(c.params.USERNAME).toBe(c.params.USER_ID_FOR_SRP);
    const out = await respond(answer(c, USER.password));
    expect(out.status).toBe(200);
    expect(out.json.ChallengeParameters).toEqual({});
    const result = out.json.AuthenticationResult!;
    expect(Object.keys(result).sort()).toEqual([
      'AccessToken',
      'ExpiresIn',
      'IdToken',
      'RefreshToken',
      'TokenType',
    ]);
    expect(result.TokenType).toBe('Bearer');
    const access = decodeJwtPayload(result.AccessToken);
    expect(result.ExpiresIn).toBe(Number(access.exp) - Number(access.iat));
    expect(decodeJwtPayload(result.IdToken).iss).toBe(cognito.issuer);
  });

  it('gives each challenge a fresh salt and B', async () => {
    const [one, two] = [await challenge(USER.email), await challenge(USER.email)];
    expect(one.params.SALT).not.toBe(two.params.SALT);
    expect(one.params.SRP_B).not.toBe(two.params.SRP_B);
    expect(one.params.SECRET_BLOCK).not.toBe(two.params.SECRET_BLOCK);
  });
});

describe('SRP answers Cognito refuses: a 400 of its shape, never a session', () => {
  it('refuses a wrong password (Amplify: NotAuthorizedException)', async () => {
    const err = await signIn({
      username: USER.email,
      password: 'Equivocada123',
      options: { authFlowType: 'USER_SRP_AUTH' },
    }).catch((e: unknown) => e as { name: string; message: string });
    expect(err).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expectRefused(
      await respond(answer(await challenge(USER.email), 'Equivocada123')),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  });

  it('challenges an unknown user like a known one, and refuses only the answer', async () => {
    const known = await challenge(USER.email);
    const unknown = await challenge('nadie@correo.com');
    expect(Object.keys(unknown.params).sort()).toEqual(Object.keys(known.params).sort());
    expect(unknown.params.USER_ID_FOR_SRP).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(unknown.params.SALT).toHaveLength(known.params.SALT.length);
    expect(unknown.params.SECRET_BLOCK).toHaveLength(known.params.SECRET_BLOCK.length);
    // The same made-up id each time, as a real one would be.
    expect((await challenge('nadie@correo.com')).params.USER_ID_FOR_SRP).toBe(unknown.params.USER_ID_FOR_SRP);
    expectRefused(
      await respond(answer(unknown, 'Cualquiera123')),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    const err = await signIn({
      username: 'nadie@correo.com',
      password: 'Cualquiera123',
      options: { authFlowType: 'USER_SRP_AUTH' },
    }).catch((e: unknown) => e as { name: string; message: string });
    expect(err).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('takes each challenge once: a replayed secret block is refused', async () => {
    const c = await challenge(USER.email);
    const body = answer(c, USER.password);
    expect((await respond(body)).status).toBe(200);
    expectRefused(await respond(body), 'NotAuthorizedException');
    // A wrong answer uses the challenge up too: no second try with the right password.
    const d = await challenge(USER.email);
    expectRefused(await respond(answer(d, 'Equivocada123')), 'NotAuthorizedException');
    expectRefused(await respond(answer(d, USER.password)), 'NotAuthorizedException');
  });

  it('refuses a stale timestamp (correctly signed) and one not in Cognito’s format', async () => {
    const stale = new Date(Date.now() - 10 * 60_000);
    expectRefused(
      await respond(answer(await challenge(USER.email), USER.password, stale)),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    // Not Cognito's format (as a real pool: a zero-padded day, a wrong weekday, ISO), even if signed.
    const now = new Date();
    const day = now.getUTCDate();
    const weekday = formatTimestamp(now).slice(0, 3);
    const otherDay = weekday === 'Mon' ? 'Tue' : 'Mon';
    for (const timestamp of [
      formatTimestamp(now).replace(` ${day} `, ` ${String(day).padStart(2, '0')} `),
      formatTimestamp(now).replace(weekday, otherDay),
      now.toISOString(),
    ]) {
      if (timestamp === formatTimestamp(now)) continue;
      const c = await challenge(USER.email);
      const body = answer(c, USER.password);
      body.ChallengeResponses.TIMESTAMP = timestamp;
      body.ChallengeResponses.PASSWORD_CLAIM_SIGNATURE = resign(c, USER.password, timestamp);
      expectRefused(await respond(body), 'NotAuthorizedException', 'Incorrect username or password.');
    }
  });

  it('refuses a challenge answered after 3 minutes', async () => {
    const c = await challenge(USER.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 60_000 + 1000);
    expectRefused(await respond(answer(c, USER.password)), 'NotAuthorizedException');
  });

  it('refuses a malformed A (0 mod N, not hex, too long, missing) with InvalidParameterException', async () => {
    for (const SRP_A of ['0', '00', N.toString(16), (N * 3n).toString(16), 'zz', 'f'.repeat(1000), '']) {
      const out = await call(proxy.endpoint, 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: USER.email, SRP_A },
      });
      expectRefused(out, 'InvalidParameterException');
      expect(out.json.ChallengeParameters).toBeUndefined();
    }
    const missing = await call(proxy.endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { USERNAME: USER.email },
    });
    expectRefused(missing, 'InvalidParameterException');
  });

  it('refuses a signature of the wrong length, or not base64', async () => {
    for (const signature of ['AAAA', 'x', '=====', 'A'.repeat(400)]) {
      const body = answer(await challenge(USER.email), USER.password);
      const right = body.ChallengeResponses.PASSWORD_CLAIM_SIGNATURE;
      body.ChallengeResponses.PASSWORD_CLAIM_SIGNATURE = signature;
      expectRefused(await respond(body), 'NotAuthorizedException', 'Incorrect username or password.');
      // The challenge is spent: the right signature no longer helps.
      body.ChallengeResponses.PASSWORD_CLAIM_SIGNATURE = right;
      expectRefused(await respond(body), 'NotAuthorizedException');
    }
  });

  it("refuses another user's name on a challenge, an unknown secret block, another client, missing fields", async () => {
    const c = await challenge(USER.email);
    const other = answer(c, USER.password);
    other.ChallengeResponses.USERNAME = cognito.userIds.get(OTHER.email)!;
    expectRefused(await respond(other), 'NotAuthorizedException');

    const forged = answer(await challenge(USER.email), USER.password);
    forged.ChallengeResponses.PASSWORD_CLAIM_SECRET_BLOCK = Buffer.from('no es nuestro').toString('base64');
    expectRefused(await respond(forged), 'NotAuthorizedException');

    const elsewhere = answer(await challenge(USER.email), USER.password);
    elsewhere.ClientId = 'otroclienteid';
    expectRefused(await respond(elsewhere), 'NotAuthorizedException');

    expectRefused(
      await respond({
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: cognito.clientId,
        ChallengeResponses: {},
      }),
      'InvalidParameterException',
    );
  });

  it('answers an unknown app client as Cognito does, not with a challenge', async () => {
    const out = await call(proxy.endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: 'noexiste',
      AuthParameters: { USERNAME: USER.email, SRP_A: modPow(g, 7n, N).toString(16) },
    });
    expectRefused(out, 'ResourceNotFoundException');
  });
});
