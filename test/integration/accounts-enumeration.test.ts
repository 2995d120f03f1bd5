import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoIdentityProvider } from '../../functions/adapters/cognito/identity';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { type AppParts, resetContext, setContextForTests } from '../../functions/app/context';
import { identityParts } from '../../functions/app/parts/identity';
import { mailParts } from '../../functions/app/parts/mail';
import { tableParts } from '../../functions/app/parts/table';
import type { RouteName } from '#shared/routes';
import { type AccountParts, startAccountParts } from '../support/accounts';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Issue 12, item 5: who has an account must not show in the public mail routes, neither in their
 * answer nor in the work done before it (which is what its time measures). Every part the handlers
 * and the stream dispatcher use is the real one (DynamoDB Local, cognito-local, the SES emulator),
 * wrapped to record which part and method each call reaches. Timing itself is not asserted (it is
 * noisy); `npm run bench -- accounts` prints the medians.
 */
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
const calls: string[] = [];
let seq = 0;
const fresh = (kind: string) => `enum-${kind}-${++seq}-${Date.now()}@correo.com`;
const PASSWORD = 'Clave12345';

/** The part, every method call on it recorded as `<part>.<method>`. */
function recorded(name: string, part: unknown): unknown {
  if (typeof part === 'function')
    return (...args: unknown[]) => {
      calls.push(name);
      return part(...args);
    };
  if (typeof part !== 'object' || part === null) return part;
  return new Proxy(part, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${name}.${String(prop)}`);
        return value.apply(target, args);
      };
    },
  });
}

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  const real: Record<string, unknown> = {};
  for (const [name, make] of Object.entries({ ...tableParts, ...identityParts, ...mailParts }))
    real[name] = recorded(name, (make as () => unknown)());
  setContextForTests({ ...(real as Partial<AppParts>), search: new MemorySearchIndex() });
  stream = await startTestStream(table);
});
afterAll(async () => {
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

async function addresses() {
  const confirmed = fresh('confirmed');
  await parts.signUp(confirmed, PASSWORD);
  await createCognitoIdentityProvider().confirmSignUp(confirmed, confirmed);
  const unconfirmed = fresh('unconfirmed');
  await parts.signUp(unconfirmed, PASSWORD);
  return { confirmed, unconfirmed, unknown: fresh('unknown') };
}

/** The answer and the calls made before it, with the stream held back (its work comes after). */
async function requestPath(route: RouteName, body: unknown) {
  await stream.settle();
  stream.pause();
  calls.length = 0;
  try {
    const res = await invoke(handlerOf(route), apiEvent(route, { body }));
    return { status: res.status, body: res.body, calls: [...calls] };
  } finally {
    stream.resume();
  }
}

describe.each([
  ['requestPasswordReset', 'POST /api/auth/password-reset'],
  ['requestSignUpCode', 'POST /api/auth/sign-up-code'],
] as const)('%s (%s)', (route, _path) => {
  it('does the same calls before answering, and answers the same, whoever holds the address', async () => {
    const { confirmed, unconfirmed, unknown } = await addresses();
    const paths = {
      confirmed: await requestPath(route, { email: confirmed }),
      unconfirmed: await requestPath(route, { email: unconfirmed }),
      unknown: await requestPath(route, { email: unknown }),
    };
    expect(paths.confirmed.status).toBe(202);
    expect(paths.unconfirmed).toEqual(paths.confirmed);
    expect(paths.unknown).toEqual(paths.confirmed);
    // Neither the user pool nor the mail is reached before the answer: the dispatcher does that.
    expect(paths.confirmed.calls.filter((c) => /^(identity|mailer|appUrl)\b/.test(c))).toEqual([]);
  });
});

describe('signUp (POST /api/auth/sign-up)', () => {
  it('answers the same for every address; an address with an account and one without make the same calls', async () => {
    const { confirmed, unconfirmed, unknown } = await addresses();
    const body = (email: string) => ({
      email,
      password: 'Otra-clave-1',
      full_name: 'Quien Sea',
      national_id: 'V-1234567',
      university_id: '',
    });
    const paths = {
      confirmed: await requestPath('signUp', body(confirmed)),
      unconfirmed: await requestPath('signUp', body(unconfirmed)),
      unknown: await requestPath('signUp', body(unknown)),
    };
    const answer = ({ status, body }: { status: number; body: unknown }) => ({ status, body });
    expect(answer(paths.confirmed)).toEqual({ status: 202, body: { ok: true } });
    expect(answer(paths.unconfirmed)).toEqual(answer(paths.confirmed));
    expect(answer(paths.unknown)).toEqual(answer(paths.confirmed));
    // The lookup and SignUp (refused by the pool for the taken address); nothing is mailed yet.
    expect(paths.confirmed.calls).toEqual(paths.unknown.calls);
    expect(paths.confirmed.calls.filter((c) => /^(mailer|appUrl)\b/.test(c))).toEqual([]);
    // A pending registration is replaced: one more call, its deletion (docs/decisions/014).
    expect(paths.unconfirmed.calls.filter((c) => !paths.unknown.calls.includes(c))).toEqual([
      'identity.deleteUser',
    ]);
  });
});

describe('after the answer, the stream dispatcher', () => {
  it('mails the reset link to an account (confirmed or not) and the code to an unconfirmed one; nothing else', async () => {
    const { confirmed, unconfirmed, unknown } = await addresses();
    for (const email of [confirmed, unconfirmed, unknown]) {
      await requestPath('requestPasswordReset', { email });
      await requestPath('requestSignUpCode', { email });
    }
    await stream.settle();
    const subjects = async (email: string) => (await parts.mailTo(email)).map((m) => m.subject).sort();
    expect(await subjects(confirmed)).toEqual(['Restablece tu contraseña']);
    expect(await subjects(unconfirmed)).toEqual(['Restablece tu contraseña', 'Tu código de verificación']);
    expect(await subjects(unknown)).toEqual([]);
  });
});
