import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCognitoIdentityProvider } from '../../functions/adapters/cognito/identity';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
const getProfile = handlerOf('getProfile');
const requestInstitutionalCode = handlerOf('requestInstitutionalCode');
const requestPasswordReset = handlerOf('requestPasswordReset');
const resetPassword = handlerOf('resetPassword');
const verifyInstitutional = handlerOf('verifyInstitutionalEmail');
import type { IdentityProvider } from '../../functions/ports/accounts';
import {
  type AccountParts,
  confirmRegistration,
  lastCode,
  register,
  registrationOf,
  startAccountParts,
} from '../support/accounts';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * What must not be lost or shared: a code or reset link survives a failure of the step after it,
 * and a verified institutional address belongs to one account. Real DynamoDB Local, cognito-local
 * and SES emulator; only the identity provider is wrapped, to make the user pool fail once.
 */
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
const university = uniqueUniversity('edge');
const domain = `est.${university}.edu.ve`;
let seq = 0;
const freshEmail = () => `edge${++seq}-${Date.now()}@correo.com`;
const PASSWORD = 'Clave12345';
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

/** The real user pool, failing its next call of `method` once (a network error, a throttle). */
function flakyIdentity(method: 'createUser' | 'setPassword') {
  const real = createCognitoIdentityProvider();
  let failNext = true;
  const identity: IdentityProvider = {
    ...real,
    createUser: async (account) => {
      if (method === 'createUser' && failNext) {
        failNext = false;
        throw new Error('user pool unreachable');
      }
      return real.createUser(account);
    },
    setPassword: async (username, password) => {
      if (method === 'setPassword' && failNext) {
        failNext = false;
        throw new Error('user pool unreachable');
      }
      return real.setPassword(username, password);
    },
  };
  return identity;
}

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  stream = await startTestStream(table);
  await createUniversityRepository(table).putIfAbsent({
    id: university,
    name: 'Borde',
    full_name: 'Universidad del Borde',
    email_domain: domain,
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
});
beforeEach(() => setHandlerContext({ search: new MemorySearchIndex() }));
afterAll(async () => {
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

describe('a failure after the check costs nothing', () => {
  it('keeps the sign-up code usable when creating the account fails', async () => {
    setHandlerContext({ search: new MemorySearchIndex(), identity: flakyIdentity('createUser') });
    const email = freshEmail();
    const { registration } = await register(registrationOf(email), stream);
    const code = await lastCode(parts, email);
    const confirm = () => confirmRegistration(registration, code, PASSWORD);

    expect((await confirm()).status).toBe(500);
    expect((await confirm()).status).toBe(200);
    await expect(parts.cognito.signIn(email, PASSWORD)).resolves.toHaveProperty('idToken');
    // And once the account exists, the registration opens nothing more.
    const again = await confirm();
    expect(again.status).toBe(400);
    expect(errorOf(again.body)).toBe('Tu registro ya no es válido. Vuelve a registrarte.');
  });

  it('keeps the reset link usable when setting the password fails', async () => {
    setHandlerContext({ search: new MemorySearchIndex(), identity: flakyIdentity('setPassword') });
    const email = freshEmail();
    await parts.createAccount(email, PASSWORD);
    await invoke(requestPasswordReset, apiEvent('requestPasswordReset', { body: { email } }));
    await stream.settle();
    const mail = (await parts.mailTo(email)).at(-1);
    const token = mail?.text.match(/token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const reset = () =>
      invoke(resetPassword, apiEvent('resetPassword', { body: { token, password: 'Nueva-clave-1' } }));

    expect((await reset()).status).toBe(500);
    expect((await reset()).status).toBe(200);
    const again = await reset();
    expect(again.status).toBe(400);
    expect(errorOf(again.body)).toBe('Acceso no válido. Abre el enlace desde tu correo para restablecer.');
  });
});

describe('one account per institutional address', () => {
  const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });
  const request = (sub: string, email: string) =>
    invoke(
      requestInstitutionalCode,
      apiEvent('requestInstitutionalCode', {
        claims: claims(sub),
        body: { university_id: university, email },
      }),
    );
  const verify = (sub: string, code: string) =>
    invoke(
      verifyInstitutional,
      apiEvent('verifyInstitutionalEmail', { claims: claims(sub), body: { code } }),
    );
  const profileOf = async (sub: string) =>
    (await invoke(getProfile, apiEvent('getProfile', { claims: claims(sub) }))).body;

  it('refuses a second account the address, before and after the first one claims it', async () => {
    const a = `claim-a-${Date.now()}`;
    const b = `claim-b-${Date.now()}`;
    const address = `compartido-${Date.now()}@${domain}`;

    // Both ask before anyone verified: both get a code.
    expect((await request(a, address)).status).toBe(202);
    const codeA = await lastCode(parts, address);
    expect((await request(b, address)).status).toBe(202);
    const codeB = await lastCode(parts, address);

    expect((await verify(a, codeA)).status).toBe(200);
    const before = await profileOf(b);

    // B's code was sent before A's claim: B still cannot take the address.
    const late = await verify(b, codeB);
    expect(late.status).toBe(409);
    expect(errorOf(late.body)).toBe('Este correo institucional ya está verificado en otra cuenta.');
    expect(await profileOf(b)).toEqual(before);

    // Asking now is refused up front, and nothing is mailed.
    const mailsBefore = (await parts.mailTo(address)).length;
    const ask = await request(b, address.toUpperCase());
    expect(ask.status).toBe(409);
    expect((await parts.mailTo(address)).length).toBe(mailsBefore);

    // The owner may verify it again.
    expect((await request(a, address)).status).toBe(202);
    expect((await verify(a, await lastCode(parts, address))).status).toBe(200);
  });

  it('frees the old address when its owner verifies another one', async () => {
    const a = `move-a-${Date.now()}`;
    const b = `move-b-${Date.now()}`;
    const first = `primero-${Date.now()}@${domain}`;
    const second = `segundo-${Date.now()}@${domain}`;
    await request(a, first);
    expect((await verify(a, await lastCode(parts, first))).status).toBe(200);
    await request(a, second);
    expect((await verify(a, await lastCode(parts, second))).status).toBe(200);
    expect(await profileOf(a)).toMatchObject({ university_email: second, university_email_verified: true });

    expect((await request(b, first)).status).toBe(202);
    expect((await verify(b, await lastCode(parts, first))).status).toBe(200);
    expect((await request(b, second)).status).toBe(409);
  });
});
