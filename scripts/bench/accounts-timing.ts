import { randomUUID } from 'node:crypto';
import { buildHttpApiEvent } from '../../functions/http/api-event';
import { lambdaContext } from '../local/api-gateway';
import { ensureUserPool, type LocalUser } from '../local/parts/cognito';
import type { LocalStack } from '../local/stack';
import { routes } from '#shared/routes';
import { fmt, percentile } from './stats';

/**
 * Item 5 of issue 12: can the answer time of the public mail routes tell who has an account? (The
 * sign-up looks nothing up since decision 040; it is measured to show it stays so.)
 * Invokes the accounts area's Lambda handler in process (as the local server does, without the
 * HTTP noise) against the running local stack, alternating an address that has an account with
 * one that has none. Every sample uses a fresh address and a fresh client address, so neither the
 * per-address nor the per-client send limit is ever what is measured.
 */
const SAMPLES = Number(process.env.BENCH_ACCOUNT_SAMPLES ?? 40);
const PASSWORD = 'Clave-banco-1';

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number }>;

async function invoke(handler: Handler, route: 'requestPasswordReset' | 'signUp', email: string, ip: string) {
  const payload =
    route === 'signUp'
      ? { email, full_name: 'Banco', national_id: 'V00000000', university_id: '' }
      : { email };
  const def = routes[route];
  const event = buildHttpApiEvent(
    {
      method: def.method,
      url: def.path,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(payload)),
      sourceIp: ip,
      host: 'localhost',
    },
    def,
    {},
  );
  const t0 = performance.now();
  const res = await handler(event, lambdaContext('api-accounts', randomUUID(), 30_000));
  const ms = performance.now() - t0;
  if (res.statusCode !== 202) throw new Error(`${route} answered ${res.statusCode} for ${email}`);
  return ms;
}

export async function accountTimingFigures(
  stack: LocalStack,
  line: (label: string, value: string, verdict?: boolean) => void,
): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const user = (kind: string, i: number): LocalUser => ({
    email: `bench-${kind}-${i}-${tag}@correo.com`,
    password: PASSWORD,
    name: 'Banco',
    nationalId: 'V00000000',
    universityId: 'ucab',
    groups: [],
  });
  const n = SAMPLES + 5;
  // Confirmed accounts: the reset and the sign-up of their addresses against unknown addresses.
  const confirmed = Array.from({ length: n }, (_, i) => user('confirmed', i));
  await ensureUserPool(stack.cognito.endpoint, confirmed);
  const { handler } = (await import('../../functions/app/areas/accounts')) as { handler: Handler };
  let ip = 0;
  const nextIp = () => {
    ip += 1;
    return `10.77.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
  };
  for (const [route, withAccount, label] of [
    ['requestPasswordReset', confirmed, 'confirmed account'],
    ['signUp', confirmed, 'confirmed account'],
  ] as const) {
    const times = { account: [] as number[], none: [] as number[] };
    for (let i = 0; i < n; i++) {
      const a = await invoke(handler, route, withAccount[i].email, nextIp());
      const b = await invoke(handler, route, `bench-none-${route}-${i}-${tag}@correo.com`, nextIp());
      // The first five of each are the warm-up (cold clients, JIT).
      if (i < 5) continue;
      times.account.push(a);
      times.none.push(b);
    }
    const withMedian = percentile(times.account, 50);
    const noneMedian = percentile(times.none, 50);
    line(`${route}: ${label} p50`, fmt(withMedian));
    line(`${route}: no account p50`, fmt(noneMedian));
    line(`${route}: difference of the medians`, `${fmt(withMedian - noneMedian)} (${SAMPLES} samples each)`);
  }
}
