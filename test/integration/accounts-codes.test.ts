import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
const confirmSignUp = handlerOf('confirmSignUp');
const getProfile = handlerOf('getProfile');
const institutionalStatus = handlerOf('institutionalStatus');
const requestInstitutionalCode = handlerOf('requestInstitutionalCode');
const requestPasswordReset = handlerOf('requestPasswordReset');
const resetPassword = handlerOf('resetPassword');
const signOutEverywhere = handlerOf('signOutEverywhere');
const verifyInstitutional = handlerOf('verifyInstitutionalEmail');
import { localCognitoClient } from '../../scripts/local/parts/cognito';
import { keys } from '#shared/table';
import {
  type AccountParts,
  APP_URL,
  confirmRegistration,
  lastCode,
  register,
  registrationOf,
  resendCode,
  startAccountParts,
} from '../support/accounts';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { MemorySearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Sign-up codes, password reset and institutional codes through the real handlers, against
 * DynamoDB Local, cognito-local and the SES emulator (codes are read from its mailbox).
 */
let table: TableAccess;
let parts: AccountParts;
/** The table stream's dispatcher: it mails what the public routes asked for, after their answer. */
let stream: TestStream;
let clock = Date.parse('2026-03-01T10:00:00.000Z');
const university = uniqueUniversity('acc');
const domain = `est.${university}.edu.ve`;
let seq = 0;
const freshEmail = () => `alumno${++seq}-${Date.now()}@correo.com`;
const PASSWORD = 'Clave12345';

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  stream = await startTestStream(table);
  await createUniversityRepository(table).putIfAbsent({
    id: university,
    name: 'Prueba',
    full_name: 'Universidad de Prueba',
    email_domain: domain,
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
});
beforeEach(() => {
  // A fresh clock hour per test: the send limit of one test never leaks into the next.
  clock += 2 * 3_600_000;
  setHandlerContext({ search: new MemorySearchIndex(), now: () => new Date(clock) });
});
afterAll(async () => {
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

const requestReset = async (email: string) => {
  const res = await invoke(requestPasswordReset, apiEvent('requestPasswordReset', { body: { email } }));
  await stream.settle();
  return res;
};
const errorMessage = (body: unknown) => (body as { error: { message: string } }).error.message;
const wrongCode = (code: string) => String(((Number(code) - 100000 + 1) % 900000) + 100000);

async function userSub(email: string): Promise<string> {
  const client = localCognitoClient(parts.cognito.endpoint);
  try {
    const out = await client.send(
      new AdminGetUserCommand({ UserPoolId: parts.cognito.userPoolId, Username: email }),
    );
    const sub = out.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error(`no sub for ${email}`);
    return sub;
  } finally {
    client.destroy();
  }
}

async function userStatus(email: string) {
  const client = localCognitoClient(parts.cognito.endpoint);
  try {
    const out = await client.send(
      new AdminGetUserCommand({ UserPoolId: parts.cognito.userPoolId, Username: email }),
    );
    const verified = out.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value;
    return { status: out.UserStatus, verified };
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return { status: 'NONE' };
    throw err;
  } finally {
    client.destroy();
  }
}

/** A registration made through the API, its code mailed: the address, the handle, the code. */
async function registered(name = 'Ana Pérez') {
  const email = freshEmail();
  const { registration } = await register(registrationOf(email, name), stream);
  return { email, registration, code: await lastCode(parts, email) };
}
const codeItem = async (registration: string) =>
  (
    await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.verification('signup', registration.split('.')[0] ?? ''),
      }),
    )
  ).Item;

describe('sign-up code', () => {
  it('mails a 6-digit code in Spanish; the right code with a password creates the account, its e-mail verified', async () => {
    const { email, registration, code } = await registered();
    // No user until the code: nothing to sign in to.
    expect(await userStatus(email)).toEqual({ status: 'NONE' });
    const mail = (await parts.mailTo(email)).at(-1);
    expect(mail?.subject).toBe('Tu código de verificación');
    expect(mail?.html).toContain('<p');
    expect(Number(code)).toBeGreaterThanOrEqual(100000);
    // Stored only as a salted hash, under its registration.
    const item = await codeItem(registration);
    expect(item?.email).toBe(email);
    expect(JSON.stringify(item)).not.toContain(code);
    expect((await confirmRegistration(registration, code, PASSWORD)).status).toBe(200);
    expect(await userStatus(email)).toEqual({ status: 'CONFIRMED', verified: 'true' });
    await expect(parts.cognito.signIn(email, PASSWORD)).resolves.toHaveProperty('idToken');
  });

  it('creates the profile with the full name given at sign-up when the account is confirmed', async () => {
    const { email, registration, code } = await registered('Luisa Fernández');
    expect((await confirmRegistration(registration, code, PASSWORD)).status).toBe(200);
    const sub = await userSub(email);
    const profile = await invoke(
      getProfile,
      // A token without the name claim (cognito-local's): the stored profile has it anyway.
      apiEvent('getProfile', { claims: { sub, email, token_use: 'id' } }),
    );
    expect(profile.body).toMatchObject({ user_id: sub, email, full_name: 'Luisa Fernández' });
  });

  it('resends a new code for the registration (the earlier one stops working), and nothing for a handle that is not one', async () => {
    const { email, registration, code } = await registered();
    expect((await resendCode(registration, stream)).status).toBe(202);
    const resent = await lastCode(parts, email);
    expect(resent).not.toBe(code);
    expect(errorMessage((await confirmRegistration(registration, code, PASSWORD)).body)).toBe(
      'Código de verificación inválido',
    );
    const unknown = await resendCode(`${'B'.repeat(22)}.${'C'.repeat(43)}`, stream);
    expect(unknown.status).toBe(400);
    expect(errorMessage(unknown.body)).toBe('Tu registro ya no es válido. Vuelve a registrarte.');
    expect((await confirmRegistration(registration, resent, PASSWORD)).status).toBe(200);
  });

  it('refuses a used code, and a registration once its account exists', async () => {
    const { registration, code } = await registered();
    const twice = await Promise.all([
      confirmRegistration(registration, code, PASSWORD),
      confirmRegistration(registration, code, PASSWORD),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(errorMessage(twice.find((r) => r.status === 400)?.body)).toBe('Este código ya ha sido utilizado');
    const again = await confirmRegistration(registration, code, PASSWORD);
    expect(again.status).toBe(400);
    expect(errorMessage(again.body)).toBe('Tu registro ya no es válido. Vuelve a registrarte.');
  });

  it('refuses an expired code (30 minutes) and accepts it just before', async () => {
    const { email, registration, code } = await registered();
    const issued = clock;
    clock = issued + 30 * 60_000;
    const late = await confirmRegistration(registration, code, PASSWORD);
    expect(late.status).toBe(400);
    expect(errorMessage(late.body)).toBe('El código de verificación ha expirado');
    expect((await userStatus(email)).status).toBe('NONE');
    clock = issued + 30 * 60_000 - 1;
    expect((await confirmRegistration(registration, code, PASSWORD)).status).toBe(200);
  });

  it('kills a code after 5 wrong attempts, even when the 6th is right', async () => {
    const { email, registration, code } = await registered();
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(errorMessage((await confirmRegistration(registration, wrongCode(code), PASSWORD)).body));
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('Código de verificación inválido'));
    expect(messages[4]).toBe('Demasiados intentos. Solicita un nuevo código.');
    const right = await confirmRegistration(registration, code, PASSWORD);
    expect(right.status).toBe(400);
    expect(errorMessage(right.body)).toBe('Demasiados intentos. Solicita un nuevo código.');
    // A new code works.
    await resendCode(registration, stream);
    expect((await confirmRegistration(registration, await lastCode(parts, email), PASSWORD)).status).toBe(
      200,
    );
  });

  it('never allows more than 5 wrong attempts under concurrency', async () => {
    const { registration, code } = await registered();
    await Promise.all(
      Array.from({ length: 12 }, () => confirmRegistration(registration, wrongCode(code), PASSWORD)),
    );
    expect((await codeItem(registration))?.attempts).toBe(5);
  });

  it('lets a code be used once under concurrency', async () => {
    const { registration, code } = await registered();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => confirmRegistration(registration, code, PASSWORD)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('takes at most 5 registrations per address per hour, concurrently too, whether or not it has an account', async () => {
    const email = freshEmail();
    const results = await Promise.all(Array.from({ length: 20 }, () => register(registrationOf(email))));
    await stream.settle();
    expect(results.filter((r) => r.status === 202)).toHaveLength(5);
    const refused = results.find((r) => r.status === 429);
    expect(errorMessage(refused?.body)).toBe(
      'Has solicitado demasiados códigos. Inténtalo de nuevo en una hora.',
    );
    expect(await parts.mailTo(email)).toHaveLength(5);
    const owned = freshEmail();
    await parts.createAccount(owned, PASSWORD);
    for (let i = 0; i < 5; i++) expect((await register(registrationOf(owned))).status).toBe(202);
    expect((await register(registrationOf(owned))).status).toBe(429);
    clock += 3_600_000;
    expect((await register(registrationOf(email))).status).toBe(202);
  });

  it('resends at most 3 codes per registration per hour', async () => {
    const { email, registration } = await registered();
    const results = await Promise.all(Array.from({ length: 6 }, () => resendCode(registration)));
    await stream.settle();
    expect(results.filter((r) => r.status === 202)).toHaveLength(3);
    expect(errorMessage(results.find((r) => r.status === 429)?.body)).toBe(
      'Has solicitado demasiados códigos para este registro. Inténtalo de nuevo en una hora.',
    );
    expect(await parts.mailTo(email)).toHaveLength(4);
    clock += 3_600_000;
    expect((await resendCode(registration)).status).toBe(202);
  });

  it('counts the hour as a sliding window: no 10 registrations of an address across an hour boundary', async () => {
    const email = freshEmail();
    const start = clock;
    clock = start + 50 * 60_000; // xx:50
    for (let i = 0; i < 3; i++) expect((await register(registrationOf(email), stream)).status).toBe(202);
    clock = start + 65 * 60_000; // the next clock hour
    for (let i = 0; i < 2; i++) expect((await register(registrationOf(email), stream)).status).toBe(202);
    clock = start + 70 * 60_000;
    expect((await register(registrationOf(email), stream)).status).toBe(429);
    // An hour after the first three, their places free up (and only theirs).
    clock = start + 110 * 60_000 + 1;
    for (let i = 0; i < 3; i++) expect((await register(registrationOf(email), stream)).status).toBe(202);
    expect((await register(registrationOf(email), stream)).status).toBe(429);
    expect(await parts.mailTo(email)).toHaveLength(8);
  });

  it('answers malformed input with 400 and changes nothing', async () => {
    const { email, registration, code } = await registered();
    for (const body of [
      { registration, code: code.slice(0, 5), password: PASSWORD },
      { registration, code: 'abcdef', password: PASSWORD },
      { registration, code: `${code}1`, password: PASSWORD },
      { registration, code, password: PASSWORD, extra: true },
      { registration, code },
      { registration: registration.slice(1), code, password: PASSWORD },
      { registration: `${registration}x`, code, password: PASSWORD },
      { email, code, password: PASSWORD },
    ]) {
      const res = await invoke(confirmSignUp, apiEvent('confirmSignUp', { body }));
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await codeItem(registration))?.attempts).toBe(0);
    expect((await userStatus(email)).status).toBe('NONE');
    expect((await confirmRegistration(registration, code, PASSWORD)).status).toBe(200);
  });
});

describe('password reset', () => {
  async function confirmedUser() {
    const { email, registration, code } = await registered();
    await confirmRegistration(registration, code, PASSWORD);
    return email;
  }
  const tokenFrom = async (email: string) => {
    const text = (await parts.mailTo(email)).at(-1)?.text ?? '';
    const match = text.match(/(\S+)\/reset-password#type=recovery&token=([A-Za-z0-9_-]+)/);
    expect(match?.[1]).toBe(APP_URL);
    return match?.[2] ?? '';
  };

  it('mails a single-use link; the token sets the password once', async () => {
    const email = await confirmedUser();
    expect((await requestReset(email)).status).toBe(202);
    const token = await tokenFrom(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const body = { token, password: 'NuevaClave99' };
    const results = await Promise.all(
      [1, 2, 3].map(() => invoke(resetPassword, apiEvent('resetPassword', { body }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(errorMessage(results.find((r) => r.status === 400)?.body)).toBe(
      'Acceso no válido. Abre el enlace desde tu correo para restablecer.',
    );
    await expect(parts.cognito.signIn(email, 'NuevaClave99')).resolves.toHaveProperty('idToken');
    await expect(parts.cognito.signIn(email, PASSWORD)).rejects.toThrow();
  });

  it('signs the account out everywhere: no session from before the reset refreshes, new ones do', async () => {
    const email = await confirmedUser();
    const phone = await parts.session(email, PASSWORD);
    const laptop = await parts.session(email, PASSWORD);
    expect(await parts.refresh(phone.refreshToken)).toHaveProperty('idToken');
    await requestReset(email);
    const token = await tokenFrom(email);
    const res = await invoke(
      resetPassword,
      apiEvent('resetPassword', { body: { token, password: 'NuevaClave99' } }),
    );
    expect(res.status).toBe(200);
    for (const old of [phone, laptop])
      expect(await parts.refresh(old.refreshToken)).toEqual({ refused: 'NotAuthorizedException' });
    const fresh = await parts.session(email, 'NuevaClave99');
    expect(await parts.refresh(fresh.refreshToken)).toHaveProperty('idToken');
  });

  it('refuses an expired or unknown token, and answers 202 for unknown addresses without mail', async () => {
    const email = await confirmedUser();
    await requestReset(email);
    const token = await tokenFrom(email);
    clock += 30 * 60_000;
    const late = await invoke(
      resetPassword,
      apiEvent('resetPassword', { body: { token, password: 'OtraClave123' } }),
    );
    expect(late.status).toBe(400);
    const forged = await invoke(
      resetPassword,
      apiEvent('resetPassword', { body: { token: 'A'.repeat(43), password: 'OtraClave123' } }),
    );
    expect(forged.status).toBe(400);
    const unknown = freshEmail();
    expect((await requestReset(unknown)).status).toBe(202);
    expect(await parts.mailTo(unknown)).toEqual([]);
    await expect(parts.cognito.signIn(email, PASSWORD)).resolves.toHaveProperty('idToken');
  });
});

describe("'Cerrar sesión en todos los dispositivos'", () => {
  it("revokes every refresh token of the caller's account, and only theirs", async () => {
    const own = await registered();
    await confirmRegistration(own.registration, own.code, PASSWORD);
    const email = own.email;
    const another = await registered();
    await confirmRegistration(another.registration, another.code, PASSWORD);
    const other = another.email;
    const mine = [await parts.session(email, PASSWORD), await parts.session(email, PASSWORD)];
    const theirs = await parts.session(other, PASSWORD);
    const sub = await userSub(email);
    const res = await invoke(
      signOutEverywhere,
      apiEvent('signOutEverywhere', { claims: { sub, email, token_use: 'id' } }),
    );
    expect(res.status).toBe(200);
    for (const session of mine)
      expect(await parts.refresh(session.refreshToken)).toEqual({ refused: 'NotAuthorizedException' });
    expect(await parts.refresh(theirs.refreshToken)).toHaveProperty('idToken');
  });
});

describe('institutional e-mail', () => {
  const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });
  const request = (sub: string, body: unknown) =>
    invoke(requestInstitutionalCode, apiEvent('requestInstitutionalCode', { claims: claims(sub), body }));

  it('applies the university and domain rules, then verifies the address into the profile', async () => {
    const sub = `inst-${Date.now()}`;
    const unknown = await request(sub, { university_id: 'no-existe', email: `a@${domain}` });
    expect(unknown.status).toBe(400);
    expect(errorMessage(unknown.body)).toBe('Universidad no válida');
    for (const email of [`a@gmail.com`, `a@x${domain}`, `a@${domain}.evil.com`]) {
      const foreign = await request(sub, { university_id: university, email });
      expect(foreign.status, email).toBe(400);
      expect(errorMessage(foreign.body)).toBe(`El correo debe ser del dominio ${domain}`);
      expect(await parts.mailTo(email)).toEqual([]);
    }
    const address = `ana-${Date.now()}@${domain}`;
    expect((await request(sub, { university_id: university, email: address })).status).toBe(202);
    const status = await invoke(
      institutionalStatus,
      apiEvent('institutionalStatus', { claims: claims(sub) }),
    );
    expect(status.body).toEqual({
      university_email: null,
      university_email_verified: false,
      university_id: null,
    });
    const code = await lastCode(parts, address);
    const wrong = await invoke(
      verifyInstitutional,
      apiEvent('verifyInstitutionalEmail', { claims: claims(sub), body: { code: wrongCode(code) } }),
    );
    expect(wrong.status).toBe(400);
    const ok = await invoke(
      verifyInstitutional,
      apiEvent('verifyInstitutionalEmail', { claims: claims(sub), body: { code } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      university_email: address,
      university_email_verified: true,
      university_id: university,
    });
    const profile = await invoke(getProfile, apiEvent('getProfile', { claims: claims(sub) }));
    expect(profile.body).toMatchObject({ university_email: address, university_email_verified: true });
    // Another user cannot use this user's code.
    const other = await invoke(
      verifyInstitutional,
      apiEvent('verifyInstitutionalEmail', { claims: claims(`${sub}-b`), body: { code } }),
    );
    expect(other.status).toBe(400);
  });
});
