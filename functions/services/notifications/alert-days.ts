/**
 * The alert mails' calendar (docs/decisions/031): days are America/Caracas days (the community's
 * clock, UTC−4 without daylight saving since 2016; read from the time-zone database, so a future
 * change of the zone needs no change here). The first match of a day is mailed at once; later
 * matches of that day go out in one digest the next morning at DIGEST_HOUR.
 */
export const ALERT_TIME_ZONE = 'America/Caracas';
/** The digest's hour, local time. */
export const DIGEST_HOUR = 7;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ALERT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: ALERT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Caracas calendar day (YYYY-MM-DD) of an instant. */
export function alertDay(epochMs: number): string {
  return dayFormat.format(new Date(epochMs));
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (−4 h for Caracas). */
function zoneOffset(epochMs: number): number {
  const parts = Object.fromEntries(
    wallFormat.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** The instant of DIGEST_HOUR:00 Caracas time on the day after `day` (YYYY-MM-DD). */
export function digestTimeAfter(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d + 1, DIGEST_HOUR, 0, 0);
  // The wall time read as UTC, moved back by the zone's offset (taken at that instant).
  return asUtc - zoneOffset(asUtc - zoneOffset(asUtc));
}
