import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  confirmSignUpBodySchema,
  institutionalCodeBodySchema,
  resetPasswordBodySchema,
  updateProfileBodySchema,
} from '#shared/account-schemas';
import { keys } from '#shared/table';
import { emailInDomain } from '#shared/account-schemas';
import { hashToken } from './accounts';
import { codeMatches, generateCode, hashCode } from './codes';
import { codeMail, resetMail } from './mail-templates';

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
  it('take only 6-digit codes, with the spec message', () => {
    for (const code of ['12345', '1234567', 'abcdef', '12 456', '']) {
      const r = confirmSignUpBodySchema.safeParse({ email: 'a@b.com', code });
      expect(r.success, code).toBe(false);
      expect(firstMessage(r)).toBe(ACCOUNT_MESSAGES.codeFormat);
    }
    expect(confirmSignUpBodySchema.safeParse({ email: ' A@B.com ', code: '123456' }).data?.email).toBe(
      'a@b.com',
    );
  });

  it('refuse extra fields, bad e-mails and huge strings', () => {
    expect(confirmSignUpBodySchema.safeParse({ email: 'a@b.com', code: '123456', x: 1 }).success).toBe(false);
    expect(firstMessage(confirmSignUpBodySchema.safeParse({ email: 'nope', code: '123456' }))).toBe(
      ACCOUNT_MESSAGES.invalidEmail,
    );
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
