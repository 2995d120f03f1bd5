import { describe, expect, it } from 'vitest';
import { alertDay, digestTimeAfter } from './alert-days';

describe('alert days (America/Caracas)', () => {
  it('a UTC instant belongs to the Caracas day, which ends at 04:00 UTC', () => {
    expect(alertDay(Date.parse('2026-03-10T03:59:59.999Z'))).toBe('2026-03-09');
    expect(alertDay(Date.parse('2026-03-10T04:00:00.000Z'))).toBe('2026-03-10');
    expect(alertDay(Date.parse('2026-03-10T23:30:00.000Z'))).toBe('2026-03-10');
  });

  it('the digest of a day goes out at 07:00 Caracas (11:00 UTC) the next morning', () => {
    expect(new Date(digestTimeAfter('2026-03-09')).toISOString()).toBe('2026-03-10T11:00:00.000Z');
  });

  it('crosses months, years and leap days', () => {
    expect(new Date(digestTimeAfter('2026-01-31')).toISOString()).toBe('2026-02-01T11:00:00.000Z');
    expect(new Date(digestTimeAfter('2026-12-31')).toISOString()).toBe('2027-01-01T11:00:00.000Z');
    expect(new Date(digestTimeAfter('2028-02-28')).toISOString()).toBe('2028-02-29T11:00:00.000Z');
  });

  it('a match late in the evening (after 20:00 Caracas, already the next UTC day) is still that day', () => {
    const late = Date.parse('2026-06-16T02:30:00.000Z'); // 22:30 on the 15th in Caracas
    expect(alertDay(late)).toBe('2026-06-15');
    expect(new Date(digestTimeAfter(alertDay(late))).toISOString()).toBe('2026-06-16T11:00:00.000Z');
  });

  it('uses the zone database: before May 2016 Caracas was UTC−4:30', () => {
    expect(new Date(digestTimeAfter('2015-06-01')).toISOString()).toBe('2015-06-02T11:30:00.000Z');
    expect(alertDay(Date.parse('2015-06-02T04:15:00.000Z'))).toBe('2015-06-01');
  });
});
