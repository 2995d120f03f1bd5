import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  await parts.createAccount(confirmed, PASSWORD);
  const unconfirmed = fresh('unconfirmed');
  await parts.pendingUser(unconfirmed, PASSWORD);
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

const registrationBody = (email: string) => ({
  email,
  full_name: 'Quien Sea',
  national_id: 'V-1234567',
  university_id: '',
});
/** The answer with the registration's handle (a fresh random value each time) reduced to its shape. */
const shapeOf = ({ status, body }: { status: number; body: unknown }) => {
  const { registration, ...rest } = body as { registration?: string };
  return { status, body: rest, handle: /^[\w-]{22}\.[\w-]{43}$/.test(registration ?? '') };
};

describe('requestPasswordReset (POST /api/auth/password-reset)', () => {
  it('does the same calls before answering, and answers the same, whoever holds the address', async () => {
    const { confirmed, unconfirmed, unknown } = await addresses();
    const paths = {
      confirmed: await requestPath('requestPasswordReset', { email: confirmed }),
      unconfirmed: await requestPath('requestPasswordReset', { email: unconfirmed }),
      unknown: await requestPath('requestPasswordReset', { email: unknown }),
    };
    expect(paths.confirmed.status).toBe(202);
    expect(paths.unconfirmed).toEqual(paths.confirmed);
    expect(paths.unknown).toEqual(paths.confirmed);
    // Neither the user pool nor the mail is reached before the answer: the dispatcher does that.
    expect(paths.confirmed.calls.filter((c) => /^(identity|mailer|appUrl)\b/.test(c))).toEqual([]);
  });
});

describe('signUp (POST /api/auth/sign-up) and requestSignUpCode (POST /api/auth/sign-up-code)', () => {
  it('answer the same for every address after the same calls, none of them to the user pool or the mail', async () => {
    const { confirmed, unconfirmed, unknown } = await addresses();
    const paths = {
      confirmed: await requestPath('signUp', registrationBody(confirmed)),
      unconfirmed: await requestPath('signUp', registrationBody(unconfirmed)),
      unknown: await requestPath('signUp', registrationBody(unknown)),
    };
    expect(shapeOf(paths.confirmed)).toEqual({ status: 202, body: { ok: true }, handle: true });
    expect(shapeOf(paths.unconfirmed)).toEqual(shapeOf(paths.confirmed));
    expect(shapeOf(paths.unknown)).toEqual(shapeOf(paths.confirmed));
    expect(paths.confirmed.calls).toEqual(paths.unknown.calls);
    expect(paths.unconfirmed.calls).toEqual(paths.unknown.calls);
    expect(paths.confirmed.calls.filter((c) => /^(identity|mailer|appUrl)\b/.test(c))).toEqual([]);

    const handle = (path: { body: unknown }) => (path.body as { registration: string }).registration;
    const resends = {
      confirmed: await requestPath('requestSignUpCode', { registration: handle(paths.confirmed) }),
      unconfirmed: await requestPath('requestSignUpCode', { registration: handle(paths.unconfirmed) }),
      unknown: await requestPath('requestSignUpCode', { registration: handle(paths.unknown) }),
    };
    expect(resends.confirmed.status).toBe(202);
    expect(resends.unconfirmed).toEqual(resends.confirmed);
    expect(resends.unknown).toEqual(resends.confirmed);
    expect(resends.confirmed.calls.filter((c) => /^(identity|mailer|appUrl)\b/.test(c))).toEqual([]);
  });
});

describe('after the answer, the stream dispatcher', () => {
  it('mails the reset link to a user of the pool, the code to a registration without an account, the notice to one with', async () => {
    const { confirmed, unconfirmed, unknown } = await addresses();
    for (const email of [confirmed, unconfirmed, unknown]) {
      await requestPath('requestPasswordReset', { email });
      await requestPath('signUp', registrationBody(email));
    }
    await stream.settle();
    const subjects = async (email: string) => (await parts.mailTo(email)).map((m) => m.subject).sort();
    expect(await subjects(confirmed)).toEqual([
      'Restablece tu contraseña',
      'Ya tienes una cuenta en Mercado Universitario',
    ]);
    expect(await subjects(unconfirmed)).toEqual(['Restablece tu contraseña', 'Tu código de verificación']);
    expect(await subjects(unknown)).toEqual(['Tu código de verificación']);
  });
});
