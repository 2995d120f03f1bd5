import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  confirmSignUpBodySchema,
  institutionalCodeBodySchema,
  resetPasswordBodySchema,
  signUpBodySchema,
  updateProfileBodySchema,
} from '#shared/account-schemas';
import { keys } from '#shared/table';
import { emailInDomain } from '#shared/account-schemas';
import { MalformedRecordError } from '../../ports/stream';
import { deliverMailRequest, hashToken, MAIL_REQUEST_MAX_AGE_MS, type MailDeliveryDeps } from './accounts';
import { codeMatches, generateCode, hashCode } from './codes';
import { codeMail, resetMail } from '../notifications/mail-templates';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('codes', () => {
  it('are 6 digits from 100000 to 999999', () => {
    for (let i = 0; i < 2000; i++) {
      const code = generateCode();
      expect(code).toMatch(/^\d{6}$/);
      expect(Number(code)).toBeGreaterThanOrEqual(100000);
    }
  });

  it('are stored as a salted hash that matches only the same code and salt', () => {
    const record = { salt: 'abc', hash: hashCode('abc', '123456') };
    expect(record.hash).not.toContain('123456');
    expect(codeMatches(record, '123456')).toBe(true);
    expect(codeMatches(record, '123457')).toBe(false);
    expect(hashCode('abd', '123456')).not.toBe(record.hash);
    expect(codeMatches({ salt: 'abc', hash: 'zz' }, '123456')).toBe(false);
  });
});

describe('institutional domain rule', () => {
  it('accepts exactly @domain at the end, case-insensitively', () => {
    expect(emailInDomain('ana@est.ucab.edu.ve', 'est.ucab.edu.ve')).toBe(true);
    expect(emailInDomain('Ana@EST.UCAB.edu.ve', 'est.ucab.edu.ve')).toBe(true);
    expect(emailInDomain('ana@xest.ucab.edu.ve', 'est.ucab.edu.ve')).toBe(false);
    expect(emailInDomain('ana@est.ucab.edu.ve.evil.com', 'est.ucab.edu.ve')).toBe(false);
    expect(emailInDomain('ana@ucab.edu.ve', 'est.ucab.edu.ve')).toBe(false);
  });
});

describe('reset tokens', () => {
  it('are keyed by their SHA-256, never by the token', () => {
    const token = 'A'.repeat(43);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.resetToken(hashToken(token)).pk).not.toContain(token);
  });
});

describe('request bodies', () => {
  const registration = `${'a'.repeat(22)}.${'b'.repeat(43)}`;
  const password = 'Clave123';

  it('take only 6-digit codes, with the spec message', () => {
    for (const code of ['12345', '1234567', 'abcdef', '12 456', '']) {
      const r = confirmSignUpBodySchema.safeParse({ registration, code, password });
      expect(r.success, code).toBe(false);
      expect(firstMessage(r)).toBe(ACCOUNT_MESSAGES.codeFormat);
    }
    expect(confirmSignUpBodySchema.safeParse({ registration, code: '123456', password }).success).toBe(true);
  });

  it('take a registration handle of exactly its shape', () => {
    for (const handle of [
      '',
      'x',
      registration.slice(1),
      `${registration}=`,
      registration.replace('.', '-'),
      'a'.repeat(66),
    ])
      expect(
        firstMessage(confirmSignUpBodySchema.safeParse({ registration: handle, code: '123456', password })),
      ).toBe(ACCOUNT_MESSAGES.registrationInvalid);
  });

  it('refuse extra fields, bad e-mails and huge strings', () => {
    expect(confirmSignUpBodySchema.safeParse({ registration, code: '123456', password, x: 1 }).success).toBe(
      false,
    );
    expect(
      firstMessage(signUpBodySchema.safeParse({ email: 'nope', full_name: 'Ana', national_id: 'V-123' })),
    ).toBe(ACCOUNT_MESSAGES.invalidEmail);
    expect(
      signUpBodySchema.safeParse({ email: ' A@B.com ', full_name: 'Ana', national_id: 'V-123' }).data?.email,
    ).toBe('a@b.com');
    expect(
      institutionalCodeBodySchema.safeParse({ university_id: 'ucab', email: `${'a'.repeat(300)}@b.com` })
        .success,
    ).toBe(false);
    expect(updateProfileBodySchema.safeParse({ full_name: 'x'.repeat(101) }).success).toBe(false);
    expect(firstMessage(updateProfileBodySchema.safeParse({ full_name: ' a ' }))).toBe(
      ACCOUNT_MESSAGES.nameRequired,
    );
  });

  it('check reset passwords of 8 to 72 characters', () => {
    const token = 'A'.repeat(43);
    expect(firstMessage(resetPasswordBodySchema.safeParse({ token, password: '1234567' }))).toBe(
      ACCOUNT_MESSAGES.passwordMin,
    );
    expect(firstMessage(resetPasswordBodySchema.safeParse({ token, password: 'x'.repeat(73) }))).toBe(
      ACCOUNT_MESSAGES.passwordMax,
    );
    expect(resetPasswordBodySchema.safeParse({ token, password: '12345678' }).success).toBe(true);
    expect(firstMessage(resetPasswordBodySchema.safeParse({ token: 'short', password: '12345678' }))).toBe(
      ACCOUNT_MESSAGES.invalidResetLink,
    );
  });
});

describe('e-mails', () => {
  it('carry the code or link in both the HTML and the plain-text bodies, in Spanish', () => {
    const mail = codeMail('a@b.com', '654321', 'signup');
    expect(mail.text).toContain('654321');
    expect(mail.html).toContain('654321');
    expect(mail.html).toContain('lang="es"');
    const reset = resetMail('a@b.com', 'http://x/reset-password#type=recovery&token=abc"<');
    expect(reset.subject).toBe('Restablece tu contraseña');
    expect(reset.text).toContain('token=abc');
    expect(reset.html).toContain('&quot;&lt;');
  });
});

describe('mail requests, as the stream dispatcher delivers them', () => {
  const now = Date.parse('2026-05-01T12:00:00.000Z');
  function deps(user: { status: string; sub: string } | null) {
    const calls: string[] = [];
    const d: MailDeliveryDeps = {
      now: () => new Date(now),
      appUrl: () => 'https://mercado.example/',
      identity: {
        getUserByEmail: async () => {
          calls.push('lookup');
          return user && { username: user.sub, status: user.status, attributes: { sub: user.sub } };
        },
        createUser: async () => null,
        deleteUser: async () => undefined,
        setPassword: async () => undefined,
        signOutEverywhere: async () => undefined,
      },
      mailer: {
        send: async (m) => {
          calls.push(`mail:${m.subject}`);
        },
      },
      codes: {
        put: async (r) => {
          calls.push(`code:${r.registration}`);
        },
        get: async () => null,
        registerFailure: async () => null,
        consume: async () => false,
        release: async () => undefined,
      },
      resetTokens: {
        put: async (_hash, grant) => {
          calls.push(`link:${grant.registration}`);
        },
        consume: async () => null,
        release: async () => undefined,
      },
    };
    return { d, calls };
  }
  const request = (over: Record<string, unknown> = {}) => ({
    id: 'r1',
    kind: 'signUp',
    email: 'ana@correo.com',
    registration: 'sub-2',
    requested_at: now - 1000,
    ...over,
  });

  it('skip (never retry) a malformed item', async () => {
    const { d } = deps(null);
    for (const item of [undefined, {}, request({ kind: 'other' }), request({ requested_at: 'ayer' })])
      await expect(deliverMailRequest(d, item)).rejects.toBeInstanceOf(MalformedRecordError);
  });

  it('drop a request the stream reached too late, without looking the address up', async () => {
    const { d, calls } = deps({ status: 'UNCONFIRMED', sub: 'sub-2' });
    await deliverMailRequest(d, request({ requested_at: now - MAIL_REQUEST_MAX_AGE_MS - 1 }));
    expect(calls).toEqual([]);
  });

  it("mail a registration's code for that registration, whether the pool has no user or a pending one", async () => {
    for (const user of [null, { status: 'UNCONFIRMED', sub: 'sub-2' }])
      for (const kind of ['signUp', 'signUpCode']) {
        const { d, calls } = deps(user);
        await deliverMailRequest(d, request({ kind, registration: 'reg-7' }));
        expect(calls).toEqual(['lookup', 'code:reg-7', 'mail:Tu código de verificación']);
      }
  });

  it('tell the owner of a taken address instead of mailing a code, and mail no reset for an unknown one', async () => {
    for (const kind of ['signUp', 'signUpCode']) {
      const taken = deps({ status: 'CONFIRMED', sub: 'sub-1' });
      await deliverMailRequest(taken.d, request({ kind }));
      expect(taken.calls).toEqual(['lookup', 'mail:Ya tienes una cuenta en Mercado Universitario']);
    }
    const unknown = deps(null);
    await deliverMailRequest(unknown.d, request({ kind: 'passwordReset', registration: null }));
    expect(unknown.calls).toEqual(['lookup']);
  });

  it('mail reset links naming the registration, pending ones included', async () => {
    for (const status of ['CONFIRMED', 'UNCONFIRMED']) {
      const { d, calls } = deps({ status, sub: 'sub-9' });
      await deliverMailRequest(d, request({ kind: 'passwordReset', registration: null }));
      expect(calls).toEqual(['lookup', 'link:sub-9', 'mail:Restablece tu contraseña']);
    }
  });
});
