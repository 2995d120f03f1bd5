/**
 * The calendar day in Caracas (the BCV dates its rates by it; 'Vence en N días' counts it; pages
 * write it) without building an `Intl.DateTimeFormat` for today's dates: building the first one
 * loads the time zone's and the locale's data, 15–20 ms of the main thread on this machine and four
 * times that on a slow phone, in one task while the product page starts (decisions 036 and 038).
 * Tests compare it with Intl's America/Caracas over decades of instants, so a change of the zone's
 * rules in the runtime's time zone data fails them.
 */

export const CARACAS_TIME_ZONE = 'America/Caracas';

/** Caracas has kept UTC−4, without daylight saving, since 1 May 2016 (it was UTC−4:30 before). */
const CARACAS_OFFSET_MS = -4 * 3_600_000;
/** From here on the fixed offset holds (a day after the change, to stay clear of it). */
const CARACAS_FIXED_SINCE = Date.UTC(2016, 4, 2);

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

let olderDates: Intl.DateTimeFormat | undefined;

/** The year, month and day of an instant on Caracas's clocks. Instants before 2016 go through Intl. */
export function caracasDay(at: Date): CalendarDay {
  const time = at.getTime();
  if (time < CARACAS_FIXED_SINCE) {
    olderDates ??= new Intl.DateTimeFormat('en-CA', {
      timeZone: CARACAS_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    const parts = olderDates.formatToParts(at);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return { year: part('year'), month: part('month'), day: part('day') };
  }
  const wall = new Date(time + CARACAS_OFFSET_MS);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day (yyyy-mm-dd) of an instant in Caracas. */
export function caracasDate(at: Date): string {
  const { year, month, day } = caracasDay(at);
  return `${year}-${pad(month)}-${pad(day)}`;
}
