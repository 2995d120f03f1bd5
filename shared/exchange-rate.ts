import { caracasDate } from './caracas-time';
import { formatBs, formatUsd } from './money';

/**
 * The BCV's official USD rate (issue 14, docs/decisions/033): its shape, the Spanish texts, the
 * stale rule both sides apply, and the price line with its bolívar equivalent. Zod-free, so the
 * product page carries none of the API's schemas; apart from shared/money.ts, so the first route's
 * cards carry none of it.
 */

/** One published rate: bolívares per US dollar on a date ('Fecha Valor'), with where it came from. */
export interface ExchangeRate {
  /** yyyy-mm-dd, the BCV's 'Fecha Valor' (the day the rate applies to, America/Caracas). */
  date: string;
  /** Bolívares per US dollar (the BCV publishes 8 decimals). */
  rate: number;
  /** 'bcv': read from the BCV's page by the scheduled job; 'admin': entered or corrected by an admin. */
  source: 'bcv' | 'admin';
  recorded_at: string;
  /** The admin's e-mail for 'admin'; null for the job. */
  recorded_by: string | null;
}

/** A rate as the public API answers it: without who recorded it. */
export type PublicRate = Omit<ExchangeRate, 'recorded_by'>;

export const RATE_SOURCES = ['bcv', 'admin'] as const;

/** The equivalent is hidden once the newest rate is older than this many business days. */
export const RATE_STALE_BUSINESS_DAYS = 3;
/** A new rate this far (fraction) from the previous one needs the admin's explicit confirmation. */
export const RATE_MAX_JUMP = 0.5;

export const RATE_MESSAGES = {
  rateRequired: 'La tasa es requerida',
  ratePositive: 'La tasa debe ser mayor a 0',
  rateTooPrecise: 'La tasa admite como máximo 8 decimales',
  dateInvalid: 'La fecha debe tener el formato AAAA-MM-DD y ser una fecha válida',
  dateInFuture: 'La fecha de la tasa no puede ser futura',
  rateJump: (previous: string) =>
    `La tasa se aleja más de un 50 % de la anterior (${previous}). Si es correcta, confirma el cambio.`,
  unexpected: 'Error inesperado',
} as const;

const DAY_MS = 86_400_000;
const toUtc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const toIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar date written yyyy-mm-dd. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = toUtc(value);
  return !Number.isNaN(ms) && toIso(ms) === value;
}

export function addDays(isoDate: string, days: number): string {
  return toIso(toUtc(isoDate) + days * DAY_MS);
}

/** Easter Sunday (Gregorian, anonymous algorithm): Carnival and Holy Week hang from it. */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** The national holidays banks close on, by month-day (Ley de Fiestas Nacionales; LOTTT art. 184). */
const FIXED_HOLIDAYS = new Set([
  '01-01',
  '04-19',
  '05-01',
  '06-24',
  '07-05',
  '07-24',
  '10-12',
  '12-24',
  '12-25',
  '12-31',
]);

/** Venezuelan bank holidays: the fixed ones, Carnival Monday and Tuesday, Holy Thursday and Friday. */
export function isBankHoliday(isoDate: string): boolean {
  if (FIXED_HOLIDAYS.has(isoDate.slice(5))) return true;
  const e = easter(Number(isoDate.slice(0, 4)));
  const offsets = [-48, -47, -3, -2];
  return offsets.some((o) => toIso(e + o * DAY_MS) === isoDate);
}

/** Monday to Friday and not a bank holiday. */
export function isBusinessDay(isoDate: string): boolean {
  const weekday = new Date(toUtc(isoDate)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(isoDate);
}

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count++;
  return count;
}

/** The last business day on or before a date (the demo's rate is dated on it). */
export function lastBusinessDay(isoDate: string): string {
  let day = isoDate;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/**
 * A rate older than 3 business days (America/Caracas) is stale: its equivalent is hidden rather than
 * shown wrong. A rate dated Friday still shows on Wednesday, not on Thursday.
 */
export function isRateStale(rateDate: string, now: Date): boolean {
  return businessDaysBetween(rateDate, caracasDate(now)) > RATE_STALE_BUSINESS_DAYS;
}

/** The rate a page may show beside a price: the newest one, unless missing or stale. */
export function usableRate<R extends Pick<ExchangeRate, 'rate' | 'date'>>(
  rate: R | null | undefined,
  now: Date,
): R | null {
  return rate && rate.rate > 0 && !isRateStale(rate.date, now) ? rate : null;
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy', the date of a rate as the BCV and Venezuelans write it. */
export function formatRateDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** A dollar price in bolívares at a rate (Bs. per US$), to the cent. */
export function toBolivares(usd: number, rate: number): number {
  return Math.round(usd * rate * 100) / 100;
}

/** 'US$ 12,50 · ≈ Bs. 6.585,88 (tasa BCV del 21/11/2026)': a price beside its bolívar equivalent. */
export function formatUsdWithBs(usd: number, rate: { rate: number; date: string } | null): string {
  if (!rate) return formatUsd(usd);
  return `${formatUsd(usd)} · ≈ ${formatBs(toBolivares(usd, rate.rate))} (tasa BCV del ${formatRateDate(rate.date)})`;
}
