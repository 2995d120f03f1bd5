import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STUDENT } from '../../scripts/local/demo-users';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import { freePort } from '../../scripts/local/ports';
import { type LocalStack, LocalStackStartError, startLocalStack } from '../../scripts/local/stack';
import { signInLocal } from '../../scripts/local/parts/cognito';

/**
 * Issue 28: `npm start` puts every part on a port that stays the same from one start to the next
 * (scripts/local/ports.ts, decision 050), so the token issuer — cognito-local's URL — is the same
 * after a restart and the tokens issued before it still verify; a sign-out outlives the restart
 * too; a taken port is refused up front, naming the part, the port and the variable that moves it.
 */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-ports-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const signIn = signInLocal;

/** The status of a refresh through the proxy (as Amplify refreshes): 200, or Cognito's error name. */
async function refresh(stack: LocalStack, refreshToken: string): Promise<string> {
  const client = localCognitoClient(stack.cognito.endpoint);
  try {
    await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: stack.cognito.clientId, RefreshToken: refreshToken }),
    );
    return 'ok';
  } catch (err) {
    return (err as Error).name;
  } finally {
    client.destroy();
  }
}

const profile = (stack: LocalStack, idToken: string) =>
  fetch(`${stack.url}/api/me/profile`, { headers: { authorization: `Bearer ${idToken}` } });

function hold(port = 0): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(server));
  });
}
const release = (server: Server) => new Promise<void>((done) => server.close(() => done()));
const portOf = (server: Server) => (server.address() as { port: number }).port;

describe('a restart of the local stack on the same ports and data', () => {
  it('keeps signed-in users signed in, and a signed-out session stays revoked (a kept refresh token does not come back)', async () => {
    const dataDir = tempDir();
    const ports = {
      dynamodb: await freePort(),
      cognito: await freePort(),
      cognitoProxy: await freePort(),
      ses: await freePort(),
      s3: await freePort(),
    };
    const options = { dataDir, port: await freePort(), ports, quiet: true };
    let stack = await startLocalStack(options);
    let student: Awaited<ReturnType<typeof signIn>>;
    let admin: Awaited<ReturnType<typeof signIn>>;
    const issuer = stack.cognito.issuer;
    try {
      student = await signIn(stack, DEMO_STUDENT);
      admin = await signIn(stack, DEMO_ADMIN);
      expect((await profile(stack, student.idToken)).status).toBe(200);
      // The admin signs out everywhere: the refresh token they held (and someone may have kept) is dead.
      const client = localCognitoClient(stack.cognito.endpoint);
      await client.send(new GlobalSignOutCommand({ AccessToken: admin.accessToken }));
      client.destroy();
      expect(await refresh(stack, admin.refreshToken)).toBe('NotAuthorizedException');
    } finally {
      await stack.stop();
    }

    stack = await startLocalStack(options);
    try {
      expect(stack.cognito.issuer).toBe(issuer);
      expect(stack.ports).toMatchObject(ports);
      // The ID token issued before the restart verifies after it, and the session refreshes.
      const res = await profile(stack, student.idToken);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email: DEMO_STUDENT.email, full_name: DEMO_STUDENT.name });
      expect(await refresh(stack, student.refreshToken)).toBe('ok');
      // The sign-out before the restart still holds.
      expect(await refresh(stack, admin.refreshToken)).toBe('NotAuthorizedException');
    } finally {
      await stack.stop();
    }
  }, 240_000);
});

describe('ports that are taken', () => {
  it('refuse the start before any part starts, naming the part, the port and its variable', async () => {
    const held = await hold();
    const dataDir = tempDir();
    try {
      const start = startLocalStack({ dataDir, port: 0, ports: { cognito: portOf(held) }, quiet: true });
      await expect(start).rejects.toThrow(LocalStackStartError);
      await expect(start).rejects.toThrow(
        `Port ${portOf(held)} of cognito-local is in use: stop what uses it, or set LOCAL_COGNITO_PORT to another port.`,
      );
      // Nothing was left behind: the data directory is free for the next start.
      expect(existsSync(join(dataDir, 'local-stack.lock'))).toBe(false);
      expect(existsSync(join(dataDir, 'dynamodb'))).toBe(false);
    } finally {
      await release(held);
    }
  });

  it("npm start's stable ports read their variables, and a taken one is refused with that variable", async () => {
    const held = await hold();
    const saved = process.env.LOCAL_SES_PORT;
    process.env.LOCAL_SES_PORT = String(portOf(held));
    try {
      const start = startLocalStack({ dataDir: tempDir(), port: 0, stablePorts: true, quiet: true });
      await expect(start).rejects.toThrow(
        `Port ${portOf(held)} of the SES emulator is in use: stop what uses it, or set LOCAL_SES_PORT to another port.`,
      );
      process.env.LOCAL_SES_PORT = 'tres mil';
      await expect(startLocalStack({ port: 0, stablePorts: true, quiet: true })).rejects.toThrow(
        "LOCAL_SES_PORT must be a port number from 1 to 65535 (found 'tres mil').",
      );
    } finally {
      if (saved === undefined) delete process.env.LOCAL_SES_PORT;
      else process.env.LOCAL_SES_PORT = saved;
      await release(held);
    }
  });
});
