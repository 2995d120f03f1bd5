import { describe, expect, it } from 'vitest';
import { CARACAS_TIME_ZONE, caracasDate, caracasDay } from './caracas-time';

/** The zone's rules as the runtime's time zone data has them. */
const intl = new Intl.DateTimeFormat('en-CA', {
  timeZone: CARACAS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe("Caracas's calendar day", () => {
  it('changes at midnight in Caracas, not at UTC midnight', () => {
    expect(caracasDate(new Date('2026-11-21T03:59:59.999Z'))).toBe('2026-11-20');
    expect(caracasDate(new Date('2026-11-21T04:00:00Z'))).toBe('2026-11-21');
    expect(caracasDay(new Date('2026-01-01T03:30:00Z'))).toEqual({ year: 2025, month: 12, day: 31 });
    expect(caracasDate(new Date('2028-02-29T12:00:00Z'))).toBe('2028-02-29');
  });

  it('keeps UTC−4:30 for instants before the 2016 change', () => {
    // 23:50 on 30 April 2016 in Caracas (UTC−4:30) was 04:20 UTC on 1 May.
    expect(caracasDate(new Date('2016-05-01T04:20:00Z'))).toBe('2016-04-30');
    expect(caracasDate(new Date('2010-03-01T04:15:00Z'))).toBe('2010-02-28');
    expect(caracasDate(new Date('2010-03-01T04:45:00Z'))).toBe('2010-03-01');
  });

  it("agrees with the time zone data's America/Caracas over decades and around every midnight", () => {
    const times: number[] = [];
    // Every day's last and first minute in Caracas from 2015 to 2045 (UTC−4:30 and UTC−4 alike).
    for (let day = Date.UTC(2015, 0, 1); day < Date.UTC(2045, 0, 1); day += 86_400_000)
      times.push(
        day + 3.5 * 3_600_000 + 59_000,
        day + 4 * 3_600_000,
        day + 4.5 * 3_600_000 - 1,
        day + 4.5 * 3_600_000,
      );
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i++)
      times.push(Math.floor(Date.UTC(1990, 0, 1) + random() * 60 * 365 * 86_400_000));
    // The disagreements, listed (one expect per instant made the test 49,000 assertions long,
    // more than 5 s on a loaded machine).
    const disagreements = times
      .filter((time) => caracasDate(new Date(time)) !== intl.format(time))
      .map((time) => `${new Date(time).toISOString()}: ${caracasDate(new Date(time))} ≠ ${intl.format(time)}`);
    expect(disagreements).toEqual([]);
  });
});
