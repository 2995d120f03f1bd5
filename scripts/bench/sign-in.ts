/**
 * `npm run bench -- sign-in`: what a local sign-in costs now that it is SRP (issue 42, decision
 * 059), beside the password flow it replaces, interleaved in one run on the local Cognito parts the
 * tests start (cognito-local in this process, the proxy in front of it with its users):
 * (a) `signInLocal`: USER_SRP_AUTH then PASSWORD_VERIFIER through the proxy with
 *     amazon-cognito-identity-js (its SRP in JavaScript big integers), the proxy checking the
 *     signature and signing in on cognito-local behind it;
 * (b) USER_PASSWORD_AUTH straight to cognito-local, as the old `signInLocal` sent it (a client per
 *     sign-in).
 * Client, proxy and cognito-local share this process, so (a) counts the client's SRP and the
 * proxy's both, as a test's sign-in pays them; (c) is the proxy's share of the arithmetic alone (the
 * verifier, B and the session key it makes for each challenge, srp.ts), so (a) − (b) − (c) is
 * roughly the client's SRP and the two extra round trips.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ensureUserPool, localCognitoClient, signInLocal, startCognitoLocal } from '../local/parts/cognito';
import { startCognitoProxy } from '../local/parts/cognito-proxy';
import { localUserStore } from '../local/parts/cognito-store';
import { freePort } from '../local/ports';
import { modPow, N, g, poolName, randomInteger, serverB, serverKey, verifier } from '../local/parts/srp';
import { median, percentile } from './stats';

const SAMPLES = Number(process.env.BENCH_SIGN_IN_SAMPLES ?? 100);
const WARMUP = 5;
const USER = {
  email: 'banco.srp@correo.com',
  password: 'Clave12345',
  name: 'Banco SRP',
  nationalId: 'V12345678',
  universityId: 'general',
  groups: [],
};

export async function signInFigures(
  line: (label: string, value: string, ok?: boolean) => void,
): Promise<void> {
  const cognito = await startCognitoLocal({ port: await freePort() });
  try {
    const pool = await ensureUserPool(cognito.endpoint, [USER]);
    const proxy = await startCognitoProxy({
      port: await freePort(),
      target: cognito.endpoint,
      users: localUserStore(cognito.dataDir),
    });
    try {
      const srp = () =>
        signInLocal(
          { cognito: { endpoint: proxy.endpoint, userPoolId: pool.userPoolId, clientId: pool.clientId } },
          USER,
        );
      const password = async () => {
        const client = localCognitoClient(cognito.endpoint);
        try {
          const out = await client.send(
            new InitiateAuthCommand({
              AuthFlow: 'USER_PASSWORD_AUTH',
              ClientId: pool.clientId,
              AuthParameters: { USERNAME: USER.email, PASSWORD: USER.password },
            }),
          );
          if (!out.AuthenticationResult?.IdToken) throw new Error('cognito-local returned no tokens');
        } finally {
          client.destroy();
        }
      };
      const pool_ = poolName(pool.userPoolId);
      const userId = pool.userIds.get(USER.email) ?? USER.email;
      const A = modPow(g, randomInteger(128), N);
      const proxyMath = async () => {
        const v = verifier(randomInteger(16).toString(16), pool_, userId, USER.password);
        const b = randomInteger(32);
        serverKey({ A, B: serverB(v, b), b, v });
      };
      const flows = { srp, password, proxyMath };
      const times = { srp: [] as number[], password: [] as number[], proxyMath: [] as number[] };
      const timed = async (flow: keyof typeof times, keep: boolean) => {
        const t0 = performance.now();
        await flows[flow]();
        if (keep) times[flow].push(performance.now() - t0);
      };
      // Interleaved, each round's order turned, so the machine's load moves all alike.
      const names = Object.keys(times) as (keyof typeof times)[];
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        const order = [...names.slice(i % names.length), ...names.slice(0, i % names.length)];
        for (const flow of order) await timed(flow, i >= WARMUP);
      }
      const f = (xs: number[]) => `${median(xs).toFixed(1)} / ${percentile(xs, 95).toFixed(1)} ms`;
      line('(a) SRP sign-in through the proxy (signInLocal) p50 / p95', f(times.srp));
      line('(b) USER_PASSWORD_AUTH straight to cognito-local p50 / p95', f(times.password));
      line("(c) of (a), the proxy's SRP arithmetic alone p50 / p95", f(times.proxyMath));
      line(
        'SRP ÷ password (p50 / p95)',
        `${(median(times.srp) / median(times.password)).toFixed(2)}× / ${(
          percentile(times.srp, 95) / percentile(times.password, 95)
        ).toFixed(2)}× (${SAMPLES} each, interleaved)`,
      );
    } finally {
      await proxy.stop();
    }
  } finally {
    await cognito.stop();
  }
}
