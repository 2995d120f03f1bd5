import { caracasDate } from './caracas-time';
import { describe, expect, it } from 'vitest';
import { isOnOffer, OWNER_TRANSITIONS, PRODUCT_STATUS_LABELS } from './statuses';
import {
  daysLeftInCaracas,
  expiryFrom,
  expiryLabel,
  LEGACY_GRACE_DAYS,
  legacyExpiry,
  linkValidUntil,
  reminderDueAt,
  renewalCountsAsPublishing,
} from './listing-expiry';
import { expiryStepDue, isListed, productIndexAttributes } from './table';

const DAY = 86_400_000;

describe('expiry arithmetic', () => {
  it('expires a fixed number of days after publishing or renewal', () => {
    expect(expiryFrom(new Date('2026-01-01T15:00:00.000Z'), 60)).toBe('2026-03-02T15:00:00.000Z');
    expect(expiryFrom(new Date('2026-01-01T15:00:00.000Z'), 7)).toBe('2026-01-08T15:00:00.000Z');
  });

  it('reminds three days before and lets the links work until seven days after', () => {
    expect(reminderDueAt('2026-03-02T15:00:00.000Z')).toBe('2026-02-27T15:00:00.000Z');
    expect(linkValidUntil('2026-03-02T15:00:00.000Z').toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });

  it('charges a daily slot only for a renewal more than 30 days after the expiry', () => {
    const expiredAt = '2026-01-01T00:00:00.000Z';
    expect(renewalCountsAsPublishing(expiredAt, new Date(Date.parse(expiredAt) + 30 * DAY))).toBe(false);
    expect(renewalCountsAsPublishing(expiredAt, new Date(Date.parse(expiredAt) + 30 * DAY + 1000))).toBe(
      true,
    );
    expect(renewalCountsAsPublishing(null, new Date())).toBe(false);
  });

  it('gives listings stored before expiry their full period, but at least a week from now', () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    // Published 10 days ago: 50 days left.
    expect(legacyExpiry('2026-05-22T12:00:00.000Z', now, 60)).toBe('2026-07-21T12:00:00.000Z');
    // Published a year ago: a week from now, so its seller still gets the reminder.
    expect(legacyExpiry('2025-06-01T12:00:00.000Z', now, 60)).toBe(
      new Date(now.getTime() + LEGACY_GRACE_DAYS * DAY).toISOString(),
    );
  });
});

describe("'Vence en N días' counts calendar days in Caracas (UTC-4)", () => {
  it('takes the Caracas date, not the UTC date', () => {
    // 02:30 UTC on the 10th is 22:30 on the 9th in Caracas.
    expect(caracasDate(new Date('2026-01-10T02:30:00.000Z'))).toBe('2026-01-09');
    expect(caracasDate(new Date('2026-01-10T04:00:00.000Z'))).toBe('2026-01-10');
  });

  it('counts the days between dates, whatever the hours', () => {
    // 23:00 on the 9th in Caracas; expiry at 01:00 on the 10th in Caracas: tomorrow, 2 hours away.
    const now = new Date('2026-01-10T03:00:00.000Z');
    expect(daysLeftInCaracas('2026-01-10T05:00:00.000Z', now)).toBe(1);
    expect(expiryLabel('2026-01-10T05:00:00.000Z', now)).toBe('Vence en 1 día');
    // Same instant gap seen from UTC would be the same day; in Caracas it is tomorrow.
    expect(caracasDate(now)).toBe('2026-01-09');
    // 00:30 on the 9th in Caracas, expiry 23:30 the same day: 'Vence hoy'.
    expect(expiryLabel('2026-01-10T03:30:00.000Z', new Date('2026-01-09T04:30:00.000Z'))).toBe('Vence hoy');
  });

  it('says the days left in Spanish', () => {
    const now = new Date('2026-01-01T16:00:00.000Z');
    expect(expiryLabel(expiryFrom(now, 60), now)).toBe('Vence en 60 días');
    expect(expiryLabel(expiryFrom(now, 3), now)).toBe('Vence en 3 días');
    // A day already past (the job has not run yet) still reads 'Vence hoy', never a negative count.
    expect(expiryLabel('2025-12-31T16:00:00.000Z', now)).toBe('Vence hoy');
    expect(daysLeftInCaracas('2025-12-31T16:00:00.000Z', now)).toBe(-1);
  });

  it('crosses month and year ends by the calendar', () => {
    const now = new Date('2026-12-31T12:00:00.000Z');
    expect(daysLeftInCaracas('2027-01-02T12:00:00.000Z', now)).toBe(2);
    expect(daysLeftInCaracas('2027-03-01T12:00:00.000Z', new Date('2027-02-28T12:00:00.000Z'))).toBe(1);
  });
});

describe("the 'expired' status", () => {
  it('is not on offer and not listed, and says Vencido', () => {
    expect(isOnOffer('expired')).toBe(false);
    expect(isListed({ status: 'expired' })).toBe(false);
    expect(PRODUCT_STATUS_LABELS.expired).toBe('Vencido');
  });

  it('lets the owner only sell it (renewal is its own route); no owner change leads to it', () => {
    expect(OWNER_TRANSITIONS.expired).toEqual(['sold']);
    for (const from of Object.keys(OWNER_TRANSITIONS) as (keyof typeof OWNER_TRANSITIONS)[])
      expect(OWNER_TRANSITIONS[from]).not.toContain('expired');
  });
});

describe('gsi7: the next expiry step of a listing', () => {
  const base = {
    id: 42,
    university_id: 'ucab',
    category: 'libros',
    created_at: '2026-01-01T00:00:00.000Z',
    owner_id: 'u1',
    expires_at: '2026-03-02T00:00:00.000Z',
  };

  it('is the reminder until it was mailed, then the expiry', () => {
    expect(expiryStepDue({ ...base, status: 'active' })).toBe('2026-02-27T00:00:00.000Z');
    expect(expiryStepDue({ ...base, status: 'reserved', reminded_for: base.expires_at })).toBe(
      base.expires_at,
    );
    // A reminder for an earlier expiry (renewed since) does not count.
    expect(expiryStepDue({ ...base, status: 'active', reminded_for: '2026-01-01T00:00:00.000Z' })).toBe(
      '2026-02-27T00:00:00.000Z',
    );
  });

  it('is absent when the listing is not on offer or has no expiry', () => {
    for (const status of ['sold', 'inactive', 'expired'])
      expect(productIndexAttributes({ ...base, status }).gsi7pk).toBeUndefined();
    expect(productIndexAttributes({ ...base, status: 'active', expires_at: null }).gsi7pk).toBeUndefined();
  });

  it('sorts by the step time, then the id', () => {
    const attrs = productIndexAttributes({ ...base, status: 'active' });
    expect(attrs.gsi7pk).toBe('EXPIRY_DUE');
    expect(attrs.gsi7sk).toBe('2026-02-27T00:00:00.000Z#000000000042');
    // A held listing leaves the listings but still expires on time.
    expect(
      productIndexAttributes({ ...base, status: 'active', held_at: '2026-01-05T00:00:00.000Z' }).gsi7pk,
    ).toBe('EXPIRY_DUE');
  });
});
