import * as z from 'zod';
import {
  type CognitoLocal,
  ensureUserPool,
  type LocalUser,
  type LocalUserPool,
  localCognitoClient,
  signInLocal,
  startCognitoLocal,
} from '../../scripts/local/parts/cognito';
import { freePort } from '../../scripts/local/ports';

/**
 * cognito-local for tests that need real tokens: started in process on a free port with a temporary
 * data directory, with the pool the local stack uses. Tests call it from their own beforeAll.
 */
export interface TestCognito extends LocalUserPool {
  endpoint: string;
  /** cognito-local's data directory (its users, for the proxy's SRP: `localUserStore`). */
  dataDir: string;
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
    dataDir: cognito.dataDir,
    signIn: async (email, password) => {
      const { idToken, accessToken } = await signInLocal(
        { cognito: { endpoint: cognito.endpoint, clientId: pool.clientId } },
        { email, password },
      );
      return { idToken, accessToken };
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
