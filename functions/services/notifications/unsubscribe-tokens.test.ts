import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsubscribeTokenSchema } from '#shared/notification-schemas';
import { signUnsubscribeToken, UNSUBSCRIBE_PURPOSE, verifyUnsubscribeToken } from './unsubscribe-tokens';

const key = randomBytes(48);
const user = '3f0c9a1e-5b7d-4c2a-9e8f-1a2b3c4d5e6f';
const issued = new Date('2026-11-23T10:00:00.000Z');

/** Replaces the character at `index` by another base64url character. */
const flip = (text: string, index: number) => {
  const i = index < 0 ? text.length + index : index;
  return `${text.slice(0, i)}${text[i] === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;
};

describe('unsubscribe tokens', () => {
  it('name the user they were signed for, and have the shape the route accepts', () => {
    const token = signUnsubscribeToken(key, user, issued);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ userId: user });
    expect(unsubscribeTokenSchema.safeParse(token).success).toBe(true);
  });

  it('refuse a tampered payload: another user cannot be named', () => {
    const [payload, mac] = signUnsubscribeToken(key, user, issued).split('.');
    const other = Buffer.from(
      JSON.stringify({ sub: 'someone-else', pur: UNSUBSCRIBE_PURPOSE, iat: 1 }),
    ).toString('base64url');
    expect(verifyUnsubscribeToken(key, `${other}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${flip(payload, 3)}.${mac}`)).toBeNull();
  });

  it('refuse a tampered, truncated or lengthened signature, also in its last character', () => {
    const token = signUnsubscribeToken(key, user, issued);
    for (const index of [-1, -2, 0]) {
      const [payload, mac] = token.split('.');
      expect(verifyUnsubscribeToken(key, `${payload}.${flip(mac, index)}`), `at ${index}`).toBeNull();
    }
    expect(verifyUnsubscribeToken(key, token.slice(0, -1))).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}A`)).toBeNull();
  });

  it('refuse a token signed with another secret', () => {
    expect(verifyUnsubscribeToken(randomBytes(48), signUnsubscribeToken(key, user, issued))).toBeNull();
  });

  it('refuse a token signed for another purpose, even with the right secret', () => {
    const other = signUnsubscribeToken(key, user, issued, 'unsubscribe:everything');
    expect(verifyUnsubscribeToken(key, other)).toBeNull();
    expect(verifyUnsubscribeToken(key, other, 'unsubscribe:everything')).toEqual({ userId: user });
  });

  it('refuse what is not a token at all', () => {
    for (const garbage of ['', '.', 'a.b.c', 'abc', `${'A'.repeat(20)}.${'B'.repeat(43)}`])
      expect(verifyUnsubscribeToken(key, garbage), garbage).toBeNull();
  });
});
