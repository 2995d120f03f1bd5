import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import {
  type AccountParts,
  confirmRegistration,
  lastCode,
  register,
  registrationOf,
  resendCode,
  startAccountParts,
} from '../support/accounts';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Issue 25, item 1 (and issue 12's before it): nobody can take an account over before its owner
 * confirms it. A confirmed account holds the password and details of the person who confirmed
 * with the mailed code — never those of an earlier or later registration by someone else — and a
 * second registration of a pending address can neither lock out nor delay the first
 * (docs/decisions/040). Real DynamoDB Local, cognito-local behind the local proxy (the endpoint the
 * browser talks to), the SES emulator and the stream dispatcher.
 */
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
let direct: CognitoIdentityProviderClient;
let viaProxy: CognitoIdentityProviderClient;
let seq = 0;
const fresh = () => `victima${++seq}-${Date.now()}@correo.com`;
const ATTACKER_PASSWORD = 'Okupa-clave-1';
const OWNER_PASSWORD = 'Propia-clave-1';
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  stream = await startTestStream(table);
  direct = localCognitoClient(parts.cognito.endpoint);
  viaProxy = localCognitoClient(parts.proxy.endpoint);
});
beforeEach(() => setHandlerContext({ search: new MemorySearchIndex() }));
afterAll(async () => {
  direct?.destroy();
  viaProxy?.destroy();
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

const canSignIn = (email: string, password: string) =>
  parts.cognito.signIn(email, password).then(
    () => true,
    () => false,
  );

/** The pool's user of the address, or null when there is none. */
async function account(email: string) {
  try {
    const out = await direct.send(
      new AdminGetUserCommand({ UserPoolId: parts.cognito.userPoolId, Username: email }),
    );
    const attribute = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    return {
      status: out.UserStatus,
      sub: attribute('sub') ?? '',
      name: attribute('name'),
      nationalId: attribute('custom:national_id'),
      verified: attribute('email_verified'),
    };
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return null;
    throw err;
  }
}
const profileOf = async (email: string) => {
  const sub = (await account(email))?.sub ?? '';
  return (
    await invoke(handlerOf('getProfile'), apiEvent('getProfile', { claims: { sub, email, token_use: 'id' } }))
  ).body as { full_name: string | null };
};

describe('the review’s sequence: the owner registers, somebody else registers the same address a moment later', () => {
  it('the owner’s first code still confirms the owner’s own registration: the owner’s password and name, never the attacker’s', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email, 'Dueña Real'), stream);
    expect(owner.status).toBe(202);
    const ownerCode = await lastCode(parts, email);
    const attacker = await register(registrationOf(email, 'Okupa', { national_id: 'V-99999999' }), stream);
    expect(attacker.status).toBe(202);
    // The attacker's registration mailed its own code to the owner's mailbox; the owner's stays good.
    const attackerCode = await lastCode(parts, email);
    expect(attackerCode).not.toBe(ownerCode);

    expect((await confirmRegistration(owner.registration, ownerCode, OWNER_PASSWORD)).status).toBe(200);
    expect(await account(email)).toMatchObject({
      status: 'CONFIRMED',
      name: 'Dueña Real',
      nationalId: 'V-12345678',
      verified: 'true',
    });
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, ATTACKER_PASSWORD)).toBe(false);
    expect(await profileOf(email)).toMatchObject({ full_name: 'Dueña Real' });

    // Even with the code of its own registration (say the owner forwarded the wrong mail), the
    // attacker's registration can no longer make or change the account.
    const late = await confirmRegistration(attacker.registration, attackerCode, ATTACKER_PASSWORD);
    expect(late.status).toBe(409);
    expect(errorOf(late.body)).toBe(
      'Este correo ya tiene una cuenta. Inicia sesión o restablece tu contraseña.',
    );
    expect(await canSignIn(email, ATTACKER_PASSWORD)).toBe(false);
    expect(await account(email)).toMatchObject({ name: 'Dueña Real' });
  });

  it('the owner presses «Reenviar código» and confirms the new code: the account is the owner’s', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email, 'Dueña Real'), stream);
    const firstCode = await lastCode(parts, email);
    await register(registrationOf(email, 'Okupa'), stream);
    expect((await resendCode(owner.registration, stream)).status).toBe(202);
    const resent = await lastCode(parts, email);
    // The resend replaced the owner's first code (and only the owner's).
    const old = await confirmRegistration(owner.registration, firstCode, OWNER_PASSWORD);
    expect(old.status).toBe(400);
    expect(errorOf(old.body)).toBe('Código de verificación inválido');
    expect((await confirmRegistration(owner.registration, resent, OWNER_PASSWORD)).status).toBe(200);
    expect(await account(email)).toMatchObject({ status: 'CONFIRMED', name: 'Dueña Real' });
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, ATTACKER_PASSWORD)).toBe(false);
  });

  it('a code mailed for the attacker’s registration confirms nothing of the owner’s, and the attacker’s guesses never spend the owner’s attempts', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email, 'Dueña Real'), stream);
    const ownerCode = await lastCode(parts, email);
    const attacker = await register(registrationOf(email, 'Okupa'), stream);
    const attackerCode = await lastCode(parts, email);
    // The owner types the code of the newest mail (the attacker's): it is not this registration's.
    const mixed = await confirmRegistration(owner.registration, attackerCode, OWNER_PASSWORD);
    expect(mixed.status).toBe(400);
    expect(errorOf(mixed.body)).toBe('Código de verificación inválido');
    // The attacker, with the owner's code (were it ever leaked) or by guessing: its own registration only.
    expect((await confirmRegistration(attacker.registration, ownerCode, ATTACKER_PASSWORD)).status).toBe(400);
    for (let i = 0; i < 6; i++)
      await confirmRegistration(attacker.registration, String(100000 + i), ATTACKER_PASSWORD);
    expect(await account(email)).toBeNull();
    // The owner's registration is untouched by all of it.
    expect((await confirmRegistration(owner.registration, ownerCode, OWNER_PASSWORD)).status).toBe(200);
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
  });

  it('registrations of the address by somebody else never use up the owner’s resends (no lock-out, no delay)', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email, 'Dueña Real'), stream);
    // The attacker registers the address as often as the address allows in an hour (5 in all).
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => register(registrationOf(email, 'Okupa'), undefined, '10.66.66.66')),
    );
    expect(attempts.filter((a) => a.status === 202)).toHaveLength(4);
    expect(attempts.filter((a) => a.status === 429)).toHaveLength(2);
    await stream.settle();
    expect((await resendCode(owner.registration, stream)).status).toBe(202);
    expect(
      (await confirmRegistration(owner.registration, await lastCode(parts, email), OWNER_PASSWORD)).status,
    ).toBe(200);
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
  });

  it('a handle whose secret is not the registration’s own opens nothing, and spends nothing of it', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email, 'Dueña Real'), stream);
    const code = await lastCode(parts, email);
    const [id] = owner.registration.split('.');
    const forged = `${id}.${'A'.repeat(43)}`;
    for (let i = 0; i < 6; i++) {
      const res = await confirmRegistration(forged, code, ATTACKER_PASSWORD);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe('Tu registro ya no es válido. Vuelve a registrarte.');
    }
    expect((await resendCode(forged)).status).toBe(400);
    expect(await account(email)).toBeNull();
    expect((await confirmRegistration(owner.registration, code, OWNER_PASSWORD)).status).toBe(200);
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
  });
});

describe('the same attack through the Cognito endpoint directly', () => {
  it('the pool refuses a sign-up of its own, before or after the owner’s registration: the owner confirms with the owner’s password', async () => {
    const email = fresh();
    const signUpDirectly = () =>
      viaProxy.send(
        new SignUpCommand({
          ClientId: parts.cognito.clientId,
          Username: email,
          Password: ATTACKER_PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'name', Value: 'Okupa' },
          ],
        }),
      );
    await expect(signUpDirectly()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const owner = await register(registrationOf(email, 'Dueña Real'), stream);
    await expect(signUpDirectly()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await account(email)).toBeNull();
    expect(
      (await confirmRegistration(owner.registration, await lastCode(parts, email), OWNER_PASSWORD)).status,
    ).toBe(200);
    expect(await account(email)).toMatchObject({ status: 'CONFIRMED', name: 'Dueña Real', verified: 'true' });
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, ATTACKER_PASSWORD)).toBe(false);
  });

  it('a pending user the pool still holds (made when it took sign-ups) never keeps the owner out and keeps nothing of its own', async () => {
    const email = fresh();
    await parts.pendingUser(email, ATTACKER_PASSWORD, 'Okupa');
    const squatter = await account(email);
    expect(squatter?.status).toBe('UNCONFIRMED');
    const owner = await register(registrationOf(email, 'Dueña Real'), stream);
    // The owner gets a code (the pending user is no account).
    expect((await parts.mailTo(email)).at(-1)?.subject).toBe('Tu código de verificación');
    expect(
      (await confirmRegistration(owner.registration, await lastCode(parts, email), OWNER_PASSWORD)).status,
    ).toBe(200);
    const after = await account(email);
    expect(after).toMatchObject({ status: 'CONFIRMED', name: 'Dueña Real', nationalId: 'V-12345678' });
    expect(after?.sub).not.toBe(squatter?.sub);
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, ATTACKER_PASSWORD)).toBe(false);
  });

  it('a pending user the pool still holds is given to whoever follows the reset link: nothing of it is kept', async () => {
    const email = fresh();
    await parts.pendingUser(email, ATTACKER_PASSWORD, 'Okupa');
    const before = await account(email);
    await invoke(handlerOf('requestPasswordReset'), apiEvent('requestPasswordReset', { body: { email } }));
    await stream.settle();
    const token = (await parts.mailTo(email)).at(-1)?.text.match(/token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const res = await invoke(
      handlerOf('resetPassword'),
      apiEvent('resetPassword', { body: { token, password: 'Nueva-clave-99' } }),
    );
    expect(res.status).toBe(200);
    const after = await account(email);
    expect(after).toMatchObject({
      status: 'CONFIRMED',
      verified: 'true',
      name: undefined,
      nationalId: undefined,
    });
    expect(after?.sub).not.toBe(before?.sub);
    expect(await canSignIn(email, 'Nueva-clave-99')).toBe(true);
    expect(await canSignIn(email, ATTACKER_PASSWORD)).toBe(false);
    expect(await profileOf(email)).toMatchObject({ full_name: null });
    const again = await invoke(
      handlerOf('resetPassword'),
      apiEvent('resetPassword', { body: { token, password: 'Otra-clave-99' } }),
    );
    expect(again.status).toBe(400);
  });
});

describe('a pending registration', () => {
  it('is no account: nobody signs in, nothing is in the pool, and a reset of the address mails nothing', async () => {
    const email = fresh();
    const res = await register({ ...registrationOf(email, '  Ana Pérez '), university_id: 'ucab' }, stream);
    expect(res.status).toBe(202);
    expect(res.registration).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(await account(email)).toBeNull();
    expect((await parts.mailTo(email)).at(-1)?.subject).toBe('Tu código de verificación');
    await invoke(handlerOf('requestPasswordReset'), apiEvent('requestPasswordReset', { body: { email } }));
    await stream.settle();
    expect(await parts.mailTo(email)).toHaveLength(1);
    // Confirmed, it holds the form's details (trimmed) and the university chosen.
    expect(
      (await confirmRegistration(res.registration, await lastCode(parts, email), OWNER_PASSWORD)).status,
    ).toBe(200);
    expect(await account(email)).toMatchObject({ name: 'Ana Pérez', nationalId: 'V-12345678' });
  });

  it('two registrations of one person, confirmed at once from two browsers: one account, the winner’s password, the other told', async () => {
    const email = fresh();
    const first = await register(registrationOf(email, 'Uno'), stream);
    const firstCode = await lastCode(parts, email);
    const second = await register(registrationOf(email, 'Dos'), stream);
    const secondCode = await lastCode(parts, email);
    const results = await Promise.all([
      confirmRegistration(first.registration, firstCode, `${OWNER_PASSWORD}-uno`),
      confirmRegistration(second.registration, secondCode, `${OWNER_PASSWORD}-dos`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0].status === 200 ? 'uno' : 'dos';
    const loser = winner === 'uno' ? 'dos' : 'uno';
    expect(await canSignIn(email, `${OWNER_PASSWORD}-${winner}`)).toBe(true);
    expect(await canSignIn(email, `${OWNER_PASSWORD}-${loser}`)).toBe(false);
    expect((await account(email))?.name).toBe(winner === 'uno' ? 'Uno' : 'Dos');
  });

  it('refuses a password the form would refuse, before the code is spent', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email), stream);
    const code = await lastCode(parts, email);
    for (const [password, message] of [
      ['12345', 'La contraseña debe tener al menos 6 caracteres'],
      ['x'.repeat(73), 'La contraseña es demasiado larga'],
    ]) {
      const res = await confirmRegistration(owner.registration, code, password);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    expect((await confirmRegistration(owner.registration, code, OWNER_PASSWORD)).status).toBe(200);
  });

  it('expires after a day: its handle then opens nothing', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email), stream);
    const code = await lastCode(parts, email);
    const [id] = owner.registration.split('.');
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `REGISTRATION#${id}`, sk: 'REGISTRATION' },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    const res = await confirmRegistration(owner.registration, code, OWNER_PASSWORD);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe('Tu registro ya no es válido. Vuelve a registrarte.');
    expect((await resendCode(owner.registration)).status).toBe(400);
    expect(await account(email)).toBeNull();
  });

  it('keeps no password anywhere in the table', async () => {
    const email = fresh();
    const owner = await register(registrationOf(email), stream);
    const [id] = owner.registration.split('.');
    const item = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: `REGISTRATION#${id}`, sk: 'REGISTRATION' },
      }),
    );
    expect(Object.keys(item.Item ?? {}).sort()).toEqual(
      [
        'created_at',
        'email',
        'entity',
        'expires_at',
        'expires_at_epoch',
        'full_name',
        'id',
        'national_id',
        'pk',
        'secret_hash',
        'sk',
        'university_id',
      ].sort(),
    );
    // The handle's secret is not stored, only its hash.
    expect(JSON.stringify(item.Item)).not.toContain(owner.registration.split('.')[1]);
  });
});

describe('a confirmed account', () => {
  it('is never replaced by a registration: the same answer, no change, and its owner is told', async () => {
    const email = fresh();
    await parts.createAccount(email, OWNER_PASSWORD, 'Dueña Real');
    const before = await account(email);
    const res = await register(registrationOf(email, 'Okupa'), stream);
    expect(res).toMatchObject({ status: 202, body: { ok: true } });
    expect(await account(email)).toEqual(before);
    const mail = (await parts.mailTo(email)).at(-1);
    expect(mail?.subject).toBe('Ya tienes una cuenta en Mercado Universitario');
    expect(mail?.text).toContain('/forgot-password');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    // No code exists for that registration: nothing to confirm with.
    for (const code of ['123456', '654321'])
      expect((await confirmRegistration(res.registration, code, ATTACKER_PASSWORD)).status).toBe(400);
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, ATTACKER_PASSWORD)).toBe(false);
  });
});

describe('POST /api/auth/sign-up', () => {
  it('answers malformed input with 400 and the form’s Spanish messages, registering nothing', async () => {
    const email = fresh();
    const good = registrationOf(email, 'Ana');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, email: 'no-es-correo' }, 'Correo electrónico inválido'],
      [{ ...good, full_name: ' A ' }, 'El nombre es requerido'],
      [{ ...good, national_id: 'V1' }, 'La cédula es requerida'],
      [{ ...good, national_id: 'V'.repeat(21) }, 'La cédula es demasiado larga'],
      [{ ...good, university_id: 'No Existe!' }, 'Identificador de universidad no válido.'],
    ];
    for (const [body, message] of cases) {
      const res = await register(body);
      expect(res.status, message).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    // A password is not taken here (it comes with the code), nor any other unknown field.
    for (const body of [
      { ...good, password: OWNER_PASSWORD },
      { ...good, admin: true },
      { email },
      'no json',
      [],
    ])
      expect((await register(body as Record<string, unknown>)).status).toBe(400);
    await stream.settle();
    expect(await parts.mailTo(email)).toHaveLength(0);
  });
});
