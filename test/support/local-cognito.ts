import { createPrivateKey, createSign, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
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

const require = createRequire(import.meta.url);
const keyFileSchema = z.object({ jwk: z.record(z.string(), z.string()) });

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

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

/** Decodes a JWT's payload without verifying it (to build variants of a real token). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  return z
    .record(z.string(), z.unknown())
    .parse(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()));
}
