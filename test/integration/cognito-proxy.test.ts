import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminUserGlobalSignOutCommand,
  GetUserCommand,
  RevokeTokenCommand,
  type CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  SignUpCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../functions/adapters/cognito/token-verifier';
import { type CognitoProxy, startCognitoProxy } from '../../scripts/local/parts/cognito-proxy';
import { type Session, sessionSealer } from '../../scripts/local/parts/cognito-sessions';
import { localUserStore } from '../../scripts/local/parts/cognito-store';
import { ensureUserPool, localCognitoClient } from '../../scripts/local/parts/cognito';
import { freePort } from '../../scripts/local/ports';
import { AUTH_CONFIG } from '#shared/auth-config';
import {
  decodeJwtPayload,
  signWithCognitoLocalKey,
  startTestCognito,
  type TestCognito,
} from '../support/local-cognito';

/**
 * The local Cognito endpoint (scripts/local/parts/cognito-proxy.ts) with the real cognito-local
 * behind it and the AWS SDK client pointed at it, as Amplify and the handlers are locally: sign-in by
 * SRP only, sessions with origin_jti, refresh, revocation and disabled users as Cognito answers them.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const USER = {
  email: 'proxy.alumna@correo.com',
  password: 'Clave12345',
  name: 'Alumna Proxy',
  nationalId: 'V12345678',
  universityId: 'general',
  groups: [],
} as const;
/** A second person, disabled and enabled again by the tests of disabled accounts. */
const ADMIN = {
  email: 'proxy.admin@correo.com',
  password: 'Admin12345',
  name: 'Admin Proxy',
  nationalId: 'V87654321',
  universityId: 'ucab',
  groups: ['admin'],
} as const;

let cognito: TestCognito;
let proxy: CognitoProxy;
let viaProxy: CognitoIdentityProviderClient;
let direct: CognitoIdentityProviderClient;
/** The endpoint's state directory (its session key and revocations), beside cognito-local's data. */
let stateDir: string;

beforeAll(async () => {
  cognito = await startTestCognito([USER, ADMIN]);
  proxy = cognito.proxy;
  stateDir = cognito.dataDir;
  viaProxy = localCognitoClient(proxy.endpoint);
  direct = localCognitoClient(cognito.endpoint);
});

afterAll(async () => {
  viaProxy?.destroy();
  direct?.destroy();
  await cognito?.stop();
});

/** SRP through the endpoint, as the web app signs in (`signInLocal`: amazon-cognito-identity-js). */
const signInViaProxy = (person: { email: string; password: string } = USER) =>
  cognito.signIn(person.email, person.password);

/** The endpoint's sealer, with the key it keeps in its state directory (what Cognito keeps server-side). */
const sealer = () =>
  sessionSealer(Buffer.from(readFileSync(join(stateDir, 'proxy-session.key'), 'utf8'), 'base64'));

/** The session a refresh token seals. */
function sessionOf(refreshToken: string): Session {
  const session = sealer().open(refreshToken);
  if (!session) throw new Error('not a refresh token of this endpoint');
  return session;
}

/** A refresh token of this endpoint for a session changed by `change` (an expired one, …). */
const sealedLike = (refreshToken: string, change: Partial<Session>): string =>
  sealer().seal({ ...sessionOf(refreshToken), ...change });

const refresh = (token: string, clientId = cognito.clientId) =>
  viaProxy.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: token }));
const refreshByInitiateAuth = (token: string) =>
  viaProxy.send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { REFRESH_TOKEN: token },
    }),
  );

/** The SDK error of a failed call, or a failure when the call succeeds. */
async function failure(call: Promise<unknown>): Promise<{ name: string; status?: number }> {
  const { name, status } = await refusal(call);
  return { name, status };
}

/** The SDK error of a failed call with Cognito's message. */
async function refusal(call: Promise<unknown>): Promise<{ name: string; status?: number; message: string }> {
  try {
    await call;
  } catch (err) {
    const e = err as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
    return { name: e.name, status: e.$metadata?.httpStatusCode, message: e.message };
  }
  throw new Error('expected the call to fail');
}

describe('cognito proxy', () => {
  it('is needed: cognito-local itself answers these operations with 500 Unsupported', async () => {
    const { accessToken } = await cognito.signIn(USER.email, USER.password);
    const refused = await failure(direct.send(new GlobalSignOutCommand({ AccessToken: accessToken })));
    expect(refused.status).toBe(500);
  });

  it('refreshes through GetTokensFromRefreshToken with new tokens the functions verifier accepts', async () => {
    const first = await signInViaProxy();
    // A later second, so the refreshed tokens cannot equal the first ones by timestamp.
    await new Promise((r) => setTimeout(r, 1100));
    const out = await viaProxy.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: first.refreshToken }),
    );
    const result = out.AuthenticationResult;
    expect(result?.TokenType).toBe('Bearer');
    // The access token's lifetime in seconds, as Cognito reports it.
    const access = decodeJwtPayload(result!.AccessToken!);
    expect(result?.ExpiresIn).toBe(Number(access.exp) - Number(access.iat));
    expect(result?.ExpiresIn).toBeGreaterThan(0);
    expect(result?.IdToken).toBeDefined();
    expect(result?.AccessToken).toBeDefined();
    expect(result?.IdToken).not.toBe(first.idToken);
    expect(result?.AccessToken).not.toBe(first.accessToken);

    // The issuer stays cognito-local's own, which the functions are configured with (TOKEN_ISSUER).
    const refreshedId = decodeJwtPayload(result!.IdToken!);
    expect(refreshedId.iss).toBe(cognito.issuer);
    expect(refreshedId.sub).toBe(decodeJwtPayload(first.idToken).sub);
    expect(Number(refreshedId.iat)).toBeGreaterThan(Number(decodeJwtPayload(first.idToken).iat));

    const verifier = createTokenVerifier({ issuer: cognito.issuer, audience: [cognito.clientId] });
    const byId = await verifier.verify(result!.IdToken!);
    expect(byId?.token_use).toBe('id');
    expect(byId?.email).toBe(USER.email);
    const byAccess = await verifier.verify(result!.AccessToken!);
    expect(byAccess?.token_use).toBe('access');
    // And a token it did not issue is still refused.
    expect(await verifier.verify(`${result!.IdToken}x`)).toBeNull();
  });

  it('answers a refresh with a bad token as an authorization error, not a 500', async () => {
    const bad = await failure(
      viaProxy.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: 'nope' }),
      ),
    );
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    const missing = await failure(
      viaProxy.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: '' })),
    );
    expect(missing).toEqual({ name: 'InvalidParameterException', status: 400 });
  });

  it("issues tokens that last as long as the pool's settings say (shared/auth-config.ts), refreshed ones too", async () => {
    const first = await signInViaProxy();
    const lifetime = (token: string) => {
      const claims = decodeJwtPayload(token);
      return Number(claims.exp) - Number(claims.iat);
    };
    expect(lifetime(first.idToken)).toBe(AUTH_CONFIG.tokenValidity.idMinutes * 60);
    expect(lifetime(first.accessToken)).toBe(AUTH_CONFIG.tokenValidity.accessMinutes * 60);
    // The refresh token is opaque, as Cognito's; the session it seals ends with the pool's setting.
    expect(first.refreshToken.split('.')).toHaveLength(5);
    const session = sessionOf(first.refreshToken);
    expect(Math.round((session.expires - session.started) / 1000)).toBeCloseTo(
      AUTH_CONFIG.tokenValidity.refreshDays * 86_400,
      -1,
    );
    const out = await viaProxy.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: first.refreshToken }),
    );
    expect(out.AuthenticationResult?.ExpiresIn).toBe(AUTH_CONFIG.tokenValidity.accessMinutes * 60);
    expect(lifetime(out.AuthenticationResult!.IdToken!)).toBe(AUTH_CONFIG.tokenValidity.idMinutes * 60);
  });

  it('brings a pool made before the lifetimes and flows were shared (an old .data/) to the shared settings', async () => {
    // As cognito-local's defaults had it: 24-hour access and ID tokens; and the password flow allowed.
    await direct.send(
      new UpdateUserPoolClientCommand({
        UserPoolId: cognito.userPoolId,
        ClientId: cognito.clientId,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        AccessTokenValidity: 24,
        IdTokenValidity: 24,
        TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      }),
    );
    await ensureUserPool(cognito.endpoint);
    const { UserPoolClient: client } = await direct.send(
      new DescribeUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientId: cognito.clientId }),
    );
    expect(client).toMatchObject({
      AccessTokenValidity: AUTH_CONFIG.tokenValidity.accessMinutes,
      IdTokenValidity: AUTH_CONFIG.tokenValidity.idMinutes,
      RefreshTokenValidity: AUTH_CONFIG.tokenValidity.refreshDays,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    });
    // SRP and refresh only, as the AWS client (infra/constructs/auth.ts).
    expect([...(client?.ExplicitAuthFlows ?? [])].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    // Sign-ins keep working with the same client.
    expect((await signInViaProxy()).idToken).toBeDefined();
  });

  it('refuses every refresh token of a user after a global sign-out, as Cognito does; a new sign-in works', async () => {
    // Two devices; the first signs out everywhere (Amplify's GlobalSignOut with its access token).
    const phone = await signInViaProxy();
    const laptop = await signInViaProxy();
    await viaProxy.send(new GlobalSignOutCommand({ AccessToken: phone.accessToken }));
    for (const token of [phone.refreshToken, laptop.refreshToken]) {
      expect(await refusal(refresh(token))).toEqual({
        name: 'NotAuthorizedException',
        status: 400,
        message: 'Refresh Token has been revoked',
      });
      expect(await failure(refreshByInitiateAuth(token))).toEqual({
        name: 'NotAuthorizedException',
        status: 400,
      });
    }
    // Their access tokens too, at Cognito's own APIs.
    expect(
      await refusal(viaProxy.send(new GetUserCommand({ AccessToken: laptop.accessToken }))),
    ).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // Straight after the sign-out (same second included), a new session refreshes normally.
    const again = await signInViaProxy();
    expect((await refresh(again.refreshToken)).AuthenticationResult?.IdToken).toBeDefined();

    // The admin API (a password reset) revokes them the same way.
    await viaProxy.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: USER.email }),
    );
    expect(await failure(refresh(again.refreshToken))).toEqual({
      name: 'NotAuthorizedException',
      status: 400,
    });
    const after = await signInViaProxy();
    expect((await refresh(after.refreshToken)).AuthenticationResult?.IdToken).toBeDefined();
  });

  it('refuses GlobalSignOut with an access token it did not issue or that expired', async () => {
    const { accessToken, refreshToken } = await signInViaProxy();
    const now = Math.floor(Date.now() / 1000);
    const expired = signWithCognitoLocalKey({
      ...decodeJwtPayload(accessToken),
      iat: now - 7200,
      exp: now - 3600,
    });
    const [head, , signature] = accessToken.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...decodeJwtPayload(accessToken), username: 'otro' })).toString('base64url')}.${signature}`;
    for (const token of [expired, forged, 'not.a.jwt'])
      expect(await failure(viaProxy.send(new GlobalSignOutCommand({ AccessToken: token })))).toEqual({
        name: 'NotAuthorizedException',
        status: 400,
      });
    // Nothing was revoked by those.
    const out = await viaProxy.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken }),
    );
    expect(out.AuthenticationResult?.IdToken).toBeDefined();
  });

  it('answers GlobalSignOut and AdminUserGlobalSignOut with 200', async () => {
    const { accessToken } = await signInViaProxy();
    const out = await viaProxy.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
    expect(out.$metadata.httpStatusCode).toBe(200);
    const admin = await viaProxy.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: USER.email }),
    );
    expect(admin.$metadata.httpStatusCode).toBe(200);
    // An unknown user still fails as in Cognito.
    const unknown = await failure(
      viaProxy.send(
        new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: 'nadie@correo.com' }),
      ),
    );
    expect(unknown).toEqual({ name: 'UserNotFoundException', status: 400 });
  });

  it('refuses SignUp as the AWS pool does (admin-only creation): nobody gets a user without the app’s code', async () => {
    const email = 'okupa.directa@correo.com';
    const refused = await failure(
      viaProxy.send(
        new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: 'Okupa-clave-1' }),
      ),
    );
    expect(refused).toEqual({ name: 'NotAuthorizedException', status: 400 });
    // Nothing was made behind the proxy either.
    const users = await direct.send(new ListUsersCommand({ UserPoolId: cognito.userPoolId }));
    expect(users.Users?.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value)).not.toContain(
      email,
    );
  });

  it('passes every other call through unchanged, the JWKS included', async () => {
    const users = await viaProxy.send(new ListUsersCommand({ UserPoolId: cognito.userPoolId }));
    expect(users.Users?.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value)).toContain(
      USER.email,
    );
    // Errors too: the same answer through the proxy as from cognito-local itself.
    const unknownUser = () =>
      new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'nadie@correo.com' });
    const [proxied, original] = [
      await failure(viaProxy.send(unknownUser())),
      await failure(direct.send(unknownUser())),
    ];
    expect(proxied.status).toBe(400);
    expect(proxied).toEqual(original);
    const jwksPath = new URL(cognito.jwksUri).pathname;
    const [viaProxyJwks, directJwks] = await Promise.all([
      fetch(`${proxy.endpoint}${jwksPath}`).then((r) => r.json()),
      fetch(cognito.jwksUri).then((r) => r.json()),
    ]);
    expect(viaProxyJwks).toEqual(directJwks);
  });
});

describe('sign-in flows the app client allows: SRP and refresh only, as in AWS', () => {
  it('refuses USER_PASSWORD_AUTH and ADMIN_USER_PASSWORD_AUTH as Cognito does, right password or not', async () => {
    for (const password of [USER.password, 'incorrecta']) {
      const out = await refusal(
        viaProxy.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: cognito.clientId,
            AuthParameters: { USERNAME: USER.email, PASSWORD: password },
          }),
        ),
      );
      expect(out).toEqual({
        name: 'InvalidParameterException',
        status: 400,
        message: 'USER_PASSWORD_AUTH flow not enabled for this client',
      });
    }
    const admin = await refusal(
      viaProxy.send(
        new AdminInitiateAuthCommand({
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          UserPoolId: cognito.userPoolId,
          ClientId: cognito.clientId,
          AuthParameters: { USERNAME: USER.email, PASSWORD: USER.password },
        }),
      ),
    );
    expect(admin).toMatchObject({ name: 'InvalidParameterException', status: 400 });
  });

  it('answers an unknown flow, an unknown client and a body that is no request with a 400', async () => {
    const unknownFlow = await failure(
      viaProxy.send(
        new InitiateAuthCommand({
          AuthFlow: 'MAGIC' as never,
          ClientId: cognito.clientId,
          AuthParameters: { USERNAME: USER.email },
        }),
      ),
    );
    expect(unknownFlow).toEqual({ name: 'InvalidParameterException', status: 400 });
    const unknownClient = await failure(
      viaProxy.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: 'otrocliente',
          AuthParameters: { USERNAME: USER.email, SRP_A: 'ab' },
        }),
      ),
    );
    expect(unknownClient).toEqual({ name: 'ResourceNotFoundException', status: 400 });
    for (const body of ['{', '[]', '{"AuthFlow":1}']) {
      const res = await fetch(proxy.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body,
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('sessions as Cognito keeps them: origin_jti, the ID token’s claims, RevokeToken', () => {
  it('gives both tokens of a sign-in one origin_jti, and the ID token the claims Cognito writes', async () => {
    const first = await signInViaProxy(ADMIN);
    const access = decodeJwtPayload(first.accessToken);
    const id = decodeJwtPayload(first.idToken);
    const sub = cognito.userIds.get(ADMIN.email);
    expect(access).toMatchObject({ token_use: 'access', sub, username: sub, 'cognito:groups': ['admin'] });
    expect(typeof access.origin_jti).toBe('string');
    expect(id).toMatchObject({
      token_use: 'id',
      sub,
      aud: cognito.clientId,
      'cognito:username': sub,
      'cognito:groups': ['admin'],
      name: ADMIN.name,
      email: ADMIN.email,
      email_verified: true,
      'custom:national_id': ADMIN.nationalId,
      'custom:university_id': ADMIN.universityId,
      origin_jti: access.origin_jti,
      auth_time: access.auth_time,
    });
    expect(id.jti).not.toBe(access.jti);
    // A second sign-in is another session.
    const second = await signInViaProxy(ADMIN);
    expect(decodeJwtPayload(second.accessToken).origin_jti).not.toBe(access.origin_jti);

    // A refresh keeps the session's origin_jti and sign-in time, with new jti's, and the functions'
    // verifier and cognito-local (its GetUser) accept the tokens.
    await new Promise((r) => setTimeout(r, 1100));
    const out = await refreshByInitiateAuth(first.refreshToken);
    const refreshedAccess = decodeJwtPayload(out.AuthenticationResult!.AccessToken!);
    const refreshedId = decodeJwtPayload(out.AuthenticationResult!.IdToken!);
    expect(out.AuthenticationResult?.RefreshToken).toBeUndefined();
    expect(refreshedAccess).toMatchObject({ origin_jti: access.origin_jti, auth_time: access.auth_time });
    expect(refreshedId).toMatchObject({
      origin_jti: access.origin_jti,
      auth_time: access.auth_time,
      name: ADMIN.name,
    });
    expect(refreshedAccess.jti).not.toBe(access.jti);
    expect(Number(refreshedAccess.iat)).toBeGreaterThan(Number(access.iat));
    const verifier = createTokenVerifier({ issuer: cognito.issuer, audience: [cognito.clientId] });
    expect(await verifier.verify(out.AuthenticationResult!.IdToken!)).toMatchObject({ name: ADMIN.name });
    const me = await viaProxy.send(
      new GetUserCommand({ AccessToken: out.AuthenticationResult!.AccessToken! }),
    );
    expect(me.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(ADMIN.email);
  });

  it('revokes one session with RevokeToken (Amplify’s sign-out): its refresh and access tokens are refused, others live on', async () => {
    const phone = await signInViaProxy();
    const laptop = await signInViaProxy();
    const out = await viaProxy.send(
      new RevokeTokenCommand({ ClientId: cognito.clientId, Token: phone.refreshToken }),
    );
    expect(out.$metadata.httpStatusCode).toBe(200);
    const revoked = {
      name: 'NotAuthorizedException',
      status: 400,
      message: 'Refresh Token has been revoked',
    };
    expect(await refusal(refresh(phone.refreshToken))).toEqual(revoked);
    expect(await refusal(refreshByInitiateAuth(phone.refreshToken))).toEqual(revoked);
    expect(
      await refusal(viaProxy.send(new GetUserCommand({ AccessToken: phone.accessToken }))),
    ).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // The other session is untouched.
    expect((await refresh(laptop.refreshToken)).AuthenticationResult?.IdToken).toBeDefined();
    expect(
      (await viaProxy.send(new GetUserCommand({ AccessToken: laptop.accessToken }))).Username,
    ).toBeDefined();
    // Revoking it again succeeds and changes nothing.
    await viaProxy.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: phone.refreshToken }));

    // The revocation outlives a restart: an endpoint started anew on the same state directory
    // refuses the revoked session and keeps the live one.
    const restarted = await startCognitoProxy({
      port: await freePort(),
      target: cognito.endpoint,
      stateDir,
      users: localUserStore(cognito.dataDir),
    });
    const viaRestarted = localCognitoClient(restarted.endpoint);
    try {
      const refreshThere = (token: string) =>
        viaRestarted.send(
          new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: token }),
        );
      expect(await refusal(refreshThere(phone.refreshToken))).toEqual(revoked);
      expect((await refreshThere(laptop.refreshToken)).AuthenticationResult?.IdToken).toBeDefined();
    } finally {
      viaRestarted.destroy();
      await restarted.stop();
    }
  });

  it('refuses to revoke what is not its refresh token, or for another client, and revokes nothing then', async () => {
    const { accessToken, idToken, refreshToken } = await signInViaProxy();
    for (const token of [accessToken, idToken, 'abc.def', `${refreshToken.slice(0, -4)}AAAA`])
      expect(
        await refusal(viaProxy.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: token }))),
      ).toMatchObject({
        name: 'UnsupportedTokenTypeException',
        status: 400,
      });
    expect(
      await failure(viaProxy.send(new RevokeTokenCommand({ ClientId: 'otrocliente', Token: refreshToken }))),
    ).toEqual({ name: 'UnauthorizedException', status: 400 });
    expect(
      await failure(
        viaProxy.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: 'no es <un> token' })),
      ),
    ).toEqual({ name: 'InvalidParameterException', status: 400 });
    expect((await refresh(refreshToken)).AuthenticationResult?.IdToken).toBeDefined();
  });

  it('refuses a refresh token that is forged, altered, of another client or expired, with Cognito’s messages', async () => {
    const { refreshToken } = await signInViaProxy();
    const invalid = { name: 'NotAuthorizedException', status: 400, message: 'Invalid Refresh Token' };
    // cognito-local's own kind of refresh token (a JWT it signs) is no token of this endpoint.
    const upstream = sessionOf(refreshToken).upstream;
    const [head, iv, body, tag] = [0, 2, 3, 4].map((i) => refreshToken.split('.')[i]);
    const flipped = `${body.slice(0, 5)}${body[5] === 'A' ? 'B' : 'A'}${body.slice(6)}`;
    for (const token of [upstream, `${head}..${iv}.${flipped}.${tag}`, 'nope'])
      expect(await refusal(refresh(token))).toEqual(invalid);
    expect(await refusal(refresh(sealedLike(refreshToken, { client: 'otrocliente' })))).toEqual(invalid);
    expect(await refusal(refresh(sealedLike(refreshToken, { expires: Date.now() - 1000 })))).toEqual({
      name: 'NotAuthorizedException',
      status: 400,
      message: 'Refresh Token has expired',
    });
  });
});

describe('a disabled account, as Cognito refuses it', () => {
  it('is refused at sign-in, at refresh and at its access token; enabled again, it signs in', async () => {
    const session = await signInViaProxy(ADMIN);
    await direct.send(new AdminDisableUserCommand({ UserPoolId: cognito.userPoolId, Username: ADMIN.email }));
    try {
      const disabled = { name: 'NotAuthorizedException', status: 400, message: 'User is disabled.' };
      const signIn = await signInViaProxy(ADMIN).then(
        () => null,
        (err: { code?: string; name?: string; message: string }) => ({
          name: err.code ?? err.name,
          message: err.message,
        }),
      );
      expect(signIn).toEqual({ name: disabled.name, message: disabled.message });
      expect(await refusal(refresh(session.refreshToken))).toEqual(disabled);
      expect(await refusal(refreshByInitiateAuth(session.refreshToken))).toEqual(disabled);
      expect(await refusal(viaProxy.send(new GetUserCommand({ AccessToken: session.accessToken })))).toEqual(
        disabled,
      );
      // A wrong password gets the wrong-password answer, not a hint that the account exists.
      const wrong = await signInViaProxy({ email: ADMIN.email, password: 'Equivocada123' }).then(
        () => null,
        (err: { code?: string; name?: string; message: string }) => ({
          name: err.code ?? err.name,
          message: err.message,
        }),
      );
      expect(wrong).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    } finally {
      await direct.send(
        new AdminEnableUserCommand({ UserPoolId: cognito.userPoolId, Username: ADMIN.email }),
      );
    }
    expect((await signInViaProxy(ADMIN)).idToken).toBeDefined();
  });
});
