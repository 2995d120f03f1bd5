import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import {
  type CognitoLocal,
  ensureUserPool,
  type LocalUser,
  type LocalUserPool,
  localCognitoClient,
  startCognitoLocal,
} from '../../scripts/local/parts/cognito';
import { freePort } from '../../scripts/local/ports';

/**
 * cognito-local for tests that need real tokens: started in process on a free port with a temporary
 * data directory, with the pool the local stack uses. Tests call it from their own beforeAll.
 */
export interface TestCognito extends LocalUserPool {
  endpoint: string;
  signIn(email: string, password: string): Promise<{ idToken: string; accessToken: string }>;
  stop(): Promise<void>;
}

export async function startTestCognito(users: readonly LocalUser[]): Promise<TestCognito> {
  const port = await freePort();
  const cognito: CognitoLocal = await startCognitoLocal({ port });
  const pool = await ensureUserPool(cognito.endpoint, users);
  const client = localCognitoClient(cognito.endpoint);
  return {
    ...pool,
    endpoint: cognito.endpoint,
    signIn: async (email, password) => {
      const out = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: pool.clientId,
          AuthParameters: { USERNAME: email.toLowerCase(), PASSWORD: password },
        }),
      );
      const result = out.AuthenticationResult;
      if (!result?.IdToken || !result.AccessToken) throw new Error('cognito-local returned no tokens');
      return { idToken: result.IdToken, accessToken: result.AccessToken };
    },
    stop: async () => {
      client.destroy();
      await cognito.stop();
    },
  };
}

/** Signs a JWT with cognito-local's own key (test/support/callers.ts). */
export { signWithCognitoLocalKey } from './callers';

/** Decodes a JWT's payload without verifying it (to build variants of a real token). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  return z
    .record(z.string(), z.unknown())
    .parse(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()));
}

/** Signs in through a local stack's Cognito endpoint (its proxy) as the web app does: the three tokens. */
export async function signInLocal(
  stack: { cognito: { endpoint: string; clientId: string } },
  user: { email: string; password: string },
): Promise<{ idToken: string; accessToken: string; refreshToken: string }> {
  const client = localCognitoClient(stack.cognito.endpoint);
  try {
    const out = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.cognito.clientId,
        AuthParameters: { USERNAME: user.email.toLowerCase(), PASSWORD: user.password },
      }),
    );
    const r = out.AuthenticationResult;
    if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) throw new Error('cognito-local returned no tokens');
    return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken };
  } finally {
    client.destroy();
  }
}
