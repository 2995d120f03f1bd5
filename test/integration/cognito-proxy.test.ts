import {
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
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
import type { CognitoProxy } from '../../scripts/local/parts/cognito-proxy';
import { ensureUserPool, localCognitoClient } from '../../scripts/local/parts/cognito';
import { AUTH_CONFIG } from '#shared/auth-config';
import {
  decodeJwtPayload,
  signWithCognitoLocalKey,
  startTestCognito,
  type TestCognito,
} from '../support/local-cognito';

/**
 * The proxy in front of cognito-local (scripts/local/parts/cognito-proxy.ts) with the real emulator
 * behind it and the AWS SDK client pointed at the proxy, as Amplify and the handlers are locally.
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

let cognito: TestCognito;
let proxy: CognitoProxy;
let viaProxy: CognitoIdentityProviderClient;
let direct: CognitoIdentityProviderClient;

beforeAll(async () => {
  cognito = await startTestCognito([USER]);
  proxy = cognito.proxy;
  viaProxy = localCognitoClient(proxy.endpoint);
  direct = localCognitoClient(cognito.endpoint);
});

afterAll(async () => {
  viaProxy?.destroy();
  direct?.destroy();
  await cognito?.stop();
});

/** SRP through the proxy, as the web app signs in. */
const signInViaProxy = () => cognito.signIn(USER.email, USER.password);

/** The SDK error of a failed call, or a failure when the call succeeds. */
async function failure(call: Promise<unknown>): Promise<{ name: string; status?: number }> {
  try {
    await call;
  } catch (err) {
    const e = err as { name: string; $metadata?: { httpStatusCode?: number } };
    return { name: e.name, status: e.$metadata?.httpStatusCode };
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
    expect(lifetime(first.refreshToken)).toBe(AUTH_CONFIG.tokenValidity.refreshDays * 86_400);
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
    const refresh = (token: string) =>
      viaProxy.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: token }),
      );
    const refreshByInitiateAuth = (token: string) =>
      viaProxy.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: cognito.clientId,
          AuthParameters: { REFRESH_TOKEN: token },
        }),
      );
    // Two devices; the first signs out everywhere (Amplify's GlobalSignOut with its access token).
    const phone = await signInViaProxy();
    const laptop = await signInViaProxy();
    await viaProxy.send(new GlobalSignOutCommand({ AccessToken: phone.accessToken }));
    for (const token of [phone.refreshToken, laptop.refreshToken]) {
      expect(await failure(refresh(token))).toEqual({ name: 'NotAuthorizedException', status: 400 });
      expect(await failure(refreshByInitiateAuth(token))).toEqual({
        name: 'NotAuthorizedException',
        status: 400,
      });
    }
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
