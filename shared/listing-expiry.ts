/**
 * Listing expiry and renewal (issue 13, docs/decisions/030): the arithmetic both sides use, the
 * constants and the Spanish texts. A listing expires a fixed number of days (the stage's
 * `listingExpiryDays`, LISTING_EXPIRY_DAYS) after it was published or last renewed; the expiry job
 * then moves it to status `expired`, which is not on offer (isOnOffer), so it leaves listings, the
 * counts and search like a sold one.
 */

import { caracasDate } from './caracas-time';

export const DEFAULT_LISTING_EXPIRY_DAYS = 60;
/** The reminder mail goes this many days before the expiry. */
export const REMINDER_DAYS_BEFORE = 3;
/** The mail's links work until this many days after the expiry they were mailed for. */
export const LINK_DAYS_AFTER_EXPIRY = 7;
/** A renewal counts against the daily publishing limit only after this many days expired. */
export const FREE_RENEWAL_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days of a stage's config, or the default; a bad value fails loudly at start. */
export function parseExpiryDays(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 365)
    throw new Error(`LISTING_EXPIRY_DAYS must be 1..365, got ${value}`);
  return days;
}

/** When a listing published or renewed at `from` expires. */
export function expiryFrom(from: Date, days: number = DEFAULT_LISTING_EXPIRY_DAYS): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString();
}

/** The least time a listing dated before expiry existed (import, backfill) keeps: room for its reminder. */
export const LEGACY_GRACE_DAYS = 7;

/**
 * The expiry of a listing stored before expiry existed (the import, the backfill of an existing
 * table): its full period from publishing, but never less than LEGACY_GRACE_DAYS from now, so no
 * seller loses a listing without the reminder's three days.
 */
export function legacyExpiry(
  createdAt: string,
  now: Date,
  days: number = DEFAULT_LISTING_EXPIRY_DAYS,
): string {
  const full = Date.parse(createdAt) + days * DAY_MS;
  const floor = now.getTime() + LEGACY_GRACE_DAYS * DAY_MS;
  return new Date(Number.isFinite(full) ? Math.max(full, floor) : floor).toISOString();
}

/** When the reminder of an expiry is due. */
export function reminderDueAt(expiresAt: string): string {
  return new Date(Date.parse(expiresAt) - REMINDER_DAYS_BEFORE * DAY_MS).toISOString();
}

/** Until when the mail's links for an expiry work. */
export function linkValidUntil(expiresAt: string): Date {
  return new Date(Date.parse(expiresAt) + LINK_DAYS_AFTER_EXPIRY * DAY_MS);
}

/** Whether renewing a listing expired at `expiredAt` counts as a new publication (limit). */
export function renewalCountsAsPublishing(expiredAt: string | null | undefined, now: Date): boolean {
  if (!expiredAt) return false;
  return now.getTime() - Date.parse(expiredAt) > FREE_RENEWAL_DAYS * DAY_MS;
}

/**
 * Calendar days in Caracas from `now` to the expiry (0: it expires today, Caracas time; negative:
 * a day already past). Counted on dates, not 24-hour spans: a listing expiring tomorrow at 01:00
 * is '1 día' at 23:00 today.
 */
export function daysLeftInCaracas(expiresAt: string, now: Date): number {
  const a = Date.parse(`${caracasDate(now)}T00:00:00Z`);
  const b = Date.parse(`${caracasDate(new Date(expiresAt))}T00:00:00Z`);
  return Math.round((b - a) / DAY_MS);
}

/** The seller's line for a listing on offer: 'Vence en N días', 'Vence mañana', 'Vence hoy'. */
export function expiryLabel(expiresAt: string, now: Date): string {
  const days = daysLeftInCaracas(expiresAt, now);
  if (days <= 0) return 'Vence hoy';
  if (days === 1) return 'Vence en 1 día';
  return `Vence en ${days} días`;
}

export const EXPIRY_MESSAGES = {
  renew: 'Renovar',
  renewed: 'Tu publicación fue renovada y vuelve a estar visible.',
  markedSold: 'Tu publicación quedó marcada como vendida.',
  soldCannotRenew: 'Esta publicación ya está vendida: no se puede renovar.',
  inactiveCannotRenew: 'Un administrador desactivó esta publicación: no se puede renovar.',
  invalidLink: 'El enlace no es válido. Ábrelo tal como llegó en el correo, o entra en Mis publicaciones.',
  expiredLink: 'El enlace venció. Entra en Mis publicaciones para renovar tu publicación.',
  usedLink: 'Este enlace ya fue usado o ya no corresponde a tu publicación. Revisa Mis publicaciones.',
  notYourListing: 'Este enlace no corresponde a esta publicación.',
  listingGone: 'La publicación ya no existe.',
  alreadySold: 'Esta publicación ya estaba marcada como vendida.',
  renewToShow: 'Esta publicación está vencida: usa «Renovar» para volver a mostrarla.',
} as const;
