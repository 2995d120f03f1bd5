/**
 * Dates as the pages write them ('29 de julio de 2025', 'marzo de 2026'), without building an
 * `Intl.DateTimeFormat`: building one loads the locale's and the time zone's data, ~70 ms of a slow
 * phone's main thread while the product page starts (decision 036). Unit tests compare both
 * functions with Intl over thousands of dates.
 */

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** Caracas has kept UTC−4, without daylight saving, since 1 May 2016 (it was UTC−4:30 before). */
const CARACAS_OFFSET_MS = -4 * 3_600_000;
const CARACAS_FIXED_SINCE = Date.UTC(2016, 4, 2);

let caracasIntl: Intl.DateTimeFormat | undefined;

/** The day in Caracas, es-ES style: '29 de julio de 2025'. Dates before 2016 go through Intl. */
export function caracasDayLabel(date: Date): string {
  const time = date.getTime();
  if (time < CARACAS_FIXED_SINCE) {
    caracasIntl ??= new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Caracas',
    });
    return caracasIntl.format(date);
  }
  const local = new Date(time + CARACAS_OFFSET_MS);
  return `${local.getUTCDate()} de ${MONTHS[local.getUTCMonth()]} de ${local.getUTCFullYear()}`;
}

/** A month ('2026', 3) as the pages say it: 'marzo de 2026'. */
export function monthYearLabel(year: number, month: number): string {
  return `${MONTHS[month - 1]} de ${year}`;
}
