import * as z from 'zod';
import {
  type CognitoLocal,
  ensureUserPool,
  type LocalUser,
  type LocalSession,
  type LocalUserPool,
  signInLocal,
  startCognitoLocal,
} from '../../scripts/local/parts/cognito';
import { type CognitoProxy, startCognitoProxy } from '../../scripts/local/parts/cognito-proxy';
import { localUserStore } from '../../scripts/local/parts/cognito-store';
import { freePort } from '../../scripts/local/ports';

/**
 * cognito-local for tests that need real tokens, as the local stack runs it: started in process on
 * a free port with a temporary data directory and the pool the local stack uses, behind the local
 * Cognito endpoint (the proxy, with SRP). Tests call it from their own beforeAll.
 */
export interface TestCognito extends LocalUserPool {
  /** cognito-local itself: its issuer's host, and where the pool is set up. */
  endpoint: string;
  /** cognito-local's data directory (its users, for the proxy's SRP: `localUserStore`). */
  dataDir: string;
  /** The local Cognito endpoint in front of it: what the web app and the handlers call. */
  proxy: CognitoProxy;
  /** Signs in through the proxy with SRP, as the web app does (`signInLocal`). */
  signIn(email: string, password: string): Promise<LocalSession>;
  stop(): Promise<void>;
}

export async function startTestCognito(users: readonly LocalUser[]): Promise<TestCognito> {
  const port = await freePort();
  const cognito: CognitoLocal = await startCognitoLocal({ port });
  const pool = await ensureUserPool(cognito.endpoint, users);
  const proxy = await startCognitoProxy({
    port: await freePort(),
    target: cognito.endpoint,
    // Its session key and revocations beside cognito-local's data, as the stack keeps them.
    stateDir: cognito.dataDir,
    users: localUserStore(cognito.dataDir),
  });
  return {
    ...pool,
    endpoint: cognito.endpoint,
    dataDir: cognito.dataDir,
    proxy,
    signIn: (email, password) =>
      signInLocal(
        { cognito: { endpoint: proxy.endpoint, userPoolId: pool.userPoolId, clientId: pool.clientId } },
        { email, password },
      ),
    stop: async () => {
      await proxy.stop();
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
