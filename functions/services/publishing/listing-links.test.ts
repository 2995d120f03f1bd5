import { describe, expect, it } from 'vitest';
import { signListingLink, verifyListingLink } from './listing-links';
import { signUnsubscribeToken } from '../notifications/unsubscribe-tokens';

const KEY = new Uint8Array(Buffer.from('k'.repeat(48)));
const OTHER_KEY = new Uint8Array(Buffer.from('o'.repeat(48)));
const claims = {
  purpose: 'renew' as const,
  productId: 42,
  ownerId: 'owner-1',
  expiresFor: '2026-03-02T00:00:00.000Z',
  validUntil: new Date('2026-03-09T00:00:00.000Z'),
};
const before = new Date('2026-03-01T00:00:00.000Z');

describe('listing links (the expiry reminder)', () => {
  it('verifies its own purpose, listing, owner and expiry', () => {
    const token = signListingLink(KEY, claims);
    expect(verifyListingLink(KEY, token, 'renew', before)).toEqual({ ok: true, claims });
  });

  it('refuses the other purpose: a renewal link never sells, a sale link never renews', () => {
    expect(verifyListingLink(KEY, signListingLink(KEY, claims), 'sold', before)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const sold = signListingLink(KEY, { ...claims, purpose: 'sold' });
    expect(verifyListingLink(KEY, sold, 'renew', before).ok).toBe(false);
    expect(verifyListingLink(KEY, sold, 'sold', before).ok).toBe(true);
  });

  it('refuses another key, a tampered payload or signature, and other tokens', () => {
    const token = signListingLink(KEY, claims);
    expect(verifyListingLink(OTHER_KEY, token, 'renew', before).ok).toBe(false);
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), pid: 43 }),
    ).toString('base64url');
    expect(verifyListingLink(KEY, `${forged}.${mac}`, 'renew', before).ok).toBe(false);
    expect(
      verifyListingLink(
        KEY,
        `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
        'renew',
        before,
      ).ok,
    ).toBe(false);
    expect(verifyListingLink(KEY, 'not-a-token', 'renew', before).ok).toBe(false);
    // An unsubscribe token signed with the same secret is not a listing link.
    expect(verifyListingLink(KEY, signUnsubscribeToken(KEY, 'owner-1', before), 'renew', before).ok).toBe(
      false,
    );
  });

  it('stops working after its time', () => {
    const token = signListingLink(KEY, claims);
    expect(verifyListingLink(KEY, token, 'renew', new Date('2026-03-09T00:00:00.000Z')).ok).toBe(true);
    expect(verifyListingLink(KEY, token, 'renew', new Date('2026-03-09T00:00:01.000Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
