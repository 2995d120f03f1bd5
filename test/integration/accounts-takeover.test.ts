import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCognitoIdentityProvider } from '../../functions/adapters/cognito/identity';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import { type AccountParts, lastCode, startAccountParts } from '../support/accounts';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Issue 12, item 1: an address cannot be taken over before its owner registers. Someone who signs
 * up with another person's address and never confirms must not keep it: the owner registers
 * anyway, the code mailed after the LAST registration confirms THAT registration's password and
 * name (earlier codes stop working), and the forgot-password link works for an unconfirmed address
 * too. A confirmed account is never taken this way. Real DynamoDB Local, cognito-local behind the
 * local proxy, the SES emulator and the stream dispatcher.
 */
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
let seq = 0;
const fresh = () => `victima${++seq}-${Date.now()}@correo.com`;
const SQUATTER_PASSWORD = 'Okupa-clave-1';
const OWNER_PASSWORD = 'Propia-clave-1';
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  stream = await startTestStream(table);
});
beforeEach(() => setHandlerContext({ search: new MemorySearchIndex() }));
afterAll(async () => {
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

const signUp = async (body: Record<string, unknown>, settle = true) => {
  const res = await invoke(handlerOf('signUp'), apiEvent('signUp', { body }));
  if (settle) await stream.settle();
  return res;
};
const registration = (email: string, password: string, fullName: string) => ({
  email,
  password,
  full_name: fullName,
  national_id: 'V-12345678',
  university_id: '',
});
const confirm = (email: string, code: string) =>
  invoke(handlerOf('confirmSignUp'), apiEvent('confirmSignUp', { body: { email, code } }));
const requestCode = async (email: string) => {
  await invoke(handlerOf('requestSignUpCode'), apiEvent('requestSignUpCode', { body: { email } }));
  await stream.settle();
};
const canSignIn = (email: string, password: string) =>
  parts.cognito.signIn(email, password).then(
    () => true,
    () => false,
  );

async function account(email: string) {
  const client = localCognitoClient(parts.cognito.endpoint);
  try {
    const out = await client.send(
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
  } finally {
    client.destroy();
  }
}
const profileOf = async (email: string) => {
  const { sub } = await account(email);
  return (
    await invoke(handlerOf('getProfile'), apiEvent('getProfile', { claims: { sub, email, token_use: 'id' } }))
  ).body as { full_name: string | null };
};

describe('a pending registration of someone else', () => {
  it("does not keep the owner out: the owner's registration replaces it, and its code confirms the owner's password and name", async () => {
    const email = fresh();
    // The squatter signs up straight with the pool (as the browser's Cognito sign-up allows) and
    // even asks for a code, which goes to the owner's mailbox.
    await parts.signUp(email, SQUATTER_PASSWORD, 'Okupa');
    await requestCode(email);
    const squatterCode = await lastCode(parts, email);

    const res = await signUp(registration(email, OWNER_PASSWORD, 'Dueña Real'));
    expect(res).toMatchObject({ status: 202, body: { ok: true } });
    const ownerCode = await lastCode(parts, email);
    expect(ownerCode).not.toBe(squatterCode);

    expect(errorOf((await confirm(email, squatterCode)).body)).toBe('Código de verificación inválido');
    expect((await confirm(email, ownerCode)).status).toBe(200);
    expect(await account(email)).toMatchObject({
      status: 'CONFIRMED',
      name: 'Dueña Real',
      nationalId: 'V-12345678',
      verified: 'true',
    });
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, SQUATTER_PASSWORD)).toBe(false);
    expect(await profileOf(email)).toMatchObject({ full_name: 'Dueña Real' });
  });

  it('loses its codes the moment the address is registered again, before the new code is even mailed', async () => {
    const email = fresh();
    await signUp(registration(email, SQUATTER_PASSWORD, 'Okupa'));
    const earlier = await lastCode(parts, email);
    const mailed = (await parts.mailTo(email)).length;
    // The dispatcher is held back: the new registration exists, its code is not stored yet.
    stream.pause();
    try {
      expect((await signUp(registration(email, OWNER_PASSWORD, 'Dueña Real'), false)).status).toBe(202);
      const refused = await confirm(email, earlier);
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body)).toBe('Código de verificación inválido');
    } finally {
      stream.resume();
    }
    await stream.settle();
    expect((await parts.mailTo(email)).length).toBe(mailed + 1);
    expect((await confirm(email, await lastCode(parts, email))).status).toBe(200);
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, SQUATTER_PASSWORD)).toBe(false);
  });

  it('is given to whoever follows the reset link: the link sets the password and confirms the account, keeping nothing of the pending registration', async () => {
    const email = fresh();
    await parts.signUp(email, SQUATTER_PASSWORD, 'Okupa');
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
    expect(after.sub).not.toBe(before.sub);
    expect(await canSignIn(email, 'Nueva-clave-99')).toBe(true);
    expect(await canSignIn(email, SQUATTER_PASSWORD)).toBe(false);
    // The profile starts without the pending registration's name.
    expect(await profileOf(email)).toMatchObject({ full_name: null });
    // The link worked once.
    const again = await invoke(
      handlerOf('resetPassword'),
      apiEvent('resetPassword', { body: { token, password: 'Otra-clave-99' } }),
    );
    expect(again.status).toBe(400);
  });

  it('a reset link mailed for an earlier registration of the address opens nothing', async () => {
    const email = fresh();
    await signUp(registration(email, SQUATTER_PASSWORD, 'Okupa'));
    await invoke(handlerOf('requestPasswordReset'), apiEvent('requestPasswordReset', { body: { email } }));
    await stream.settle();
    const token = (await parts.mailTo(email)).at(-1)?.text.match(/token=([\w-]+)/)?.[1];
    await signUp(registration(email, OWNER_PASSWORD, 'Dueña Real'));
    const res = await invoke(
      handlerOf('resetPassword'),
      apiEvent('resetPassword', { body: { token, password: 'Nueva-clave-99' } }),
    );
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe('Acceso no válido. Abre el enlace desde tu correo para restablecer.');
    expect((await account(email)).name).toBe('Dueña Real');
  });

  it('under concurrent registrations of one address, the last one holds it and answers never fail', async () => {
    const email = fresh();
    const results = await Promise.all(
      ['Uno', 'Dos', 'Tres'].map((name) =>
        signUp(registration(email, `${OWNER_PASSWORD}-${name}`, name), false),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([202, 202, 202]);
    await stream.settle();
    const holder = await account(email);
    expect(holder.status).toBe('UNCONFIRMED');
    // Exactly the registration that holds the address got a code, and it confirms it.
    expect((await confirm(email, await lastCode(parts, email))).status).toBe(200);
    expect(await canSignIn(email, `${OWNER_PASSWORD}-${holder.name}`)).toBe(true);
  });
});

describe('a confirmed account', () => {
  it('is never replaced by a registration: the same answer, no change, and its owner is told', async () => {
    const email = fresh();
    await parts.signUp(email, OWNER_PASSWORD, 'Dueña Real');
    await createCognitoIdentityProvider().confirmSignUp(email, email);
    const before = await account(email);
    const res = await signUp(registration(email, SQUATTER_PASSWORD, 'Okupa'));
    expect(res).toMatchObject({ status: 202, body: { ok: true } });
    expect(await account(email)).toEqual(before);
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(true);
    expect(await canSignIn(email, SQUATTER_PASSWORD)).toBe(false);
    const mail = (await parts.mailTo(email)).at(-1);
    expect(mail?.subject).toBe('Ya tienes una cuenta en Mercado Universitario');
    expect(mail?.text).toContain('/forgot-password');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe('POST /api/auth/sign-up', () => {
  it('registers a new address UNCONFIRMED with its name, national id and university, and mails its code', async () => {
    const email = fresh();
    const res = await signUp({
      ...registration(email, OWNER_PASSWORD, '  Ana Pérez '),
      university_id: 'ucab',
    });
    expect(res.status).toBe(202);
    expect(await account(email)).toMatchObject({
      status: 'UNCONFIRMED',
      name: 'Ana Pérez',
      nationalId: 'V-12345678',
    });
    expect((await parts.mailTo(email)).at(-1)?.subject).toBe('Tu código de verificación');
    expect(await canSignIn(email, OWNER_PASSWORD)).toBe(false);
  });

  it('answers malformed input with 400 and the form’s Spanish messages, registering nothing', async () => {
    const email = fresh();
    const good = registration(email, OWNER_PASSWORD, 'Ana');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, email: 'no-es-correo' }, 'Correo electrónico inválido'],
      [{ ...good, password: '12345' }, 'La contraseña debe tener al menos 6 caracteres'],
      [{ ...good, password: 'x'.repeat(73) }, 'La contraseña es demasiado larga'],
      [{ ...good, full_name: ' A ' }, 'El nombre es requerido'],
      [{ ...good, national_id: 'V1' }, 'La cédula es requerida'],
      [{ ...good, national_id: 'V'.repeat(21) }, 'La cédula es demasiado larga'],
      [{ ...good, university_id: 'No Existe!' }, 'Identificador de universidad no válido.'],
    ];
    for (const [body, message] of cases) {
      const res = await signUp(body, false);
      expect(res.status, message).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    }
    for (const body of [{ ...good, admin: true }, { email }, 'no json', []])
      expect((await signUp(body as Record<string, unknown>, false)).status).toBe(400);
    await expect(account(email)).rejects.toThrow();
  });
});
