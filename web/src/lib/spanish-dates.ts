/**
 * Dates as the pages write them ('29 de julio de 2025', 'marzo de 2026'), without building an
 * `Intl.DateTimeFormat`: building one loads the locale's and the time zone's data, ~70 ms of a slow
 * phone's main thread while the product page starts (decision 036; the day itself comes from
 * shared/caracas-time.ts). Unit tests compare both functions with Intl over thousands of dates.
 */

import { caracasDay } from '#shared/caracas-time';

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

/** The day in Caracas, es-ES style: '29 de julio de 2025'. */
export function caracasDayLabel(date: Date): string {
  const { year, month, day } = caracasDay(date);
  return `${day} de ${MONTHS[month - 1]} de ${year}`;
}

/** The day in Caracas without its year: '29 de julio' (a date within the coming weeks). */
export function caracasDayMonthLabel(date: Date): string {
  const { month, day } = caracasDay(date);
  return `${day} de ${MONTHS[month - 1]}`;
}

/** A month ('2026', 3) as the pages say it: 'marzo de 2026'. */
export function monthYearLabel(year: number, month: number): string {
  return `${MONTHS[month - 1]} de ${year}`;
}
