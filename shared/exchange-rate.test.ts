import { caracasDate } from './caracas-time';
import { describe, expect, it } from 'vitest';
import {
  businessDaysBetween,
  type ExchangeRate,
  isBankHoliday,
  isBusinessDay,
  isIsoDate,
  isRateStale,
  lastBusinessDay,
  usableRate,
} from './exchange-rate';

/** A moment given as Caracas wall time (UTC-4 all year since 2016). */
const caracas = (local: string) => new Date(`${local}-04:00`);

describe('Caracas dates', () => {
  it("takes the day in Caracas, not UTC's", () => {
    // 23:30 in Caracas on Friday is already Saturday in UTC.
    expect(caracasDate(caracas('2026-11-20T23:30:00'))).toBe('2026-11-20');
    expect(caracasDate(new Date('2026-11-21T03:59:00Z'))).toBe('2026-11-20');
    expect(caracasDate(new Date('2026-11-21T04:00:00Z'))).toBe('2026-11-21');
  });

  it('knows real calendar dates', () => {
    expect(isIsoDate('2026-11-20')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('20-11-2026')).toBe(false);
  });
});

describe('business days', () => {
  it('skips weekends', () => {
    expect(isBusinessDay('2026-11-20')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(businessDaysBetween('2026-11-20', '2026-11-23')).toBe(1);
    expect(businessDaysBetween('2026-11-20', '2026-11-20')).toBe(0);
    expect(businessDaysBetween('2026-11-23', '2026-11-20')).toBe(0);
  });

  it('skips Venezuelan bank holidays: fixed dates, Carnival and Holy Week', () => {
    expect(isBankHoliday('2026-07-24')).toBe(true); // Natalicio del Libertador
    expect(isBankHoliday('2026-12-24')).toBe(true);
    // Easter 2026 is 5 April: Carnival 16-17 February, Holy Thursday and Friday 2-3 April.
    for (const day of ['2026-02-16', '2026-02-17', '2026-04-02', '2026-04-03'])
      expect(isBankHoliday(day)).toBe(true);
    expect(isBankHoliday('2026-04-06')).toBe(false);
    expect(isBusinessDay('2026-12-25')).toBe(false);
    // Wednesday 23 December 2026 → Monday 28 December: 24 and 25 are holidays, then a weekend.
    expect(businessDaysBetween('2026-12-23', '2026-12-28')).toBe(1);
  });

  it('finds the last business day on or before a date', () => {
    expect(lastBusinessDay('2026-11-22')).toBe('2026-11-20');
    expect(lastBusinessDay('2026-11-23')).toBe('2026-11-23');
    expect(lastBusinessDay('2027-01-01')).toBe('2026-12-30');
  });
});

describe('the stale rule: hidden once older than 3 business days (America/Caracas)', () => {
  const friday = '2026-11-20';

  it('shows a Friday rate through Wednesday and hides it on Thursday', () => {
    expect(isRateStale(friday, caracas('2026-11-23T09:00:00'))).toBe(false); // Monday: 1
    expect(isRateStale(friday, caracas('2026-11-25T23:59:00'))).toBe(false); // Wednesday: 3
    expect(isRateStale(friday, caracas('2026-11-26T00:00:00'))).toBe(true); // Thursday: 4
  });

  it('counts by the day in Caracas: Wednesday night in Caracas is Thursday in UTC', () => {
    expect(isRateStale(friday, new Date('2026-11-26T03:00:00Z'))).toBe(false);
    expect(isRateStale(friday, new Date('2026-11-26T04:00:00Z'))).toBe(true);
  });

  it('does not count a weekend or holidays against the rate', () => {
    // Wednesday 23 December: the 24th and 25th are holidays, then a weekend, then 28, 29, 30.
    expect(isRateStale('2026-12-23', caracas('2026-12-30T12:00:00'))).toBe(false);
    expect(isRateStale('2026-12-23', caracas('2027-01-04T12:00:00'))).toBe(true);
  });

  it('gives no rate to show when none, stale or not positive', () => {
    const rate: ExchangeRate = {
      date: friday,
      rate: 526.8704,
      source: 'bcv',
      recorded_at: '2026-11-19T21:00:00.000Z',
      recorded_by: null,
    };
    const monday = caracas('2026-11-23T09:00:00');
    expect(usableRate(rate, monday)).toBe(rate);
    expect(usableRate(null, monday)).toBeNull();
    expect(usableRate(rate, caracas('2026-11-26T09:00:00'))).toBeNull();
    expect(usableRate({ ...rate, rate: 0 }, monday)).toBeNull();
  });
});
