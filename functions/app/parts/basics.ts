import { randomUUID } from 'node:crypto';
import { DEFAULT_LISTING_EXPIRY_DAYS, parseExpiryDays } from '#shared/listing-expiry';
import { ENV, optionalEnv } from '../../commons/env';
import type { PartFactories } from '../context';

/** The window of question mails (docs/decisions/020): at most one mail per product and kind in it. */
export const DEFAULT_NOTIFY_WINDOW_MS = 15 * 60 * 1000;

/** The question-mail window: NOTIFY_WINDOW_SECONDS when set (the local stack, tests), else 15 minutes. */
function notifyWindow(): number {
  const seconds = Number(optionalEnv(ENV.notifyWindowSeconds));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_NOTIFY_WINDOW_MS;
}

/**
 * The clock, new ids, the notification window's and a listing's lifetime (tests replace them), and
 * the parts health checks beyond the table and the index (none here; the local stack gives its own).
 */
export const basicParts = {
  healthChecks: () => ({}),
  now: () => () => new Date(),
  newId: () => randomUUID,
  notifyWindowMs: notifyWindow,
  // LISTING_EXPIRY_DAYS, set on every function from the stage's config (decision 030).
  listingExpiryDays: () => parseExpiryDays(optionalEnv(ENV.listingExpiryDays), DEFAULT_LISTING_EXPIRY_DAYS),
} satisfies PartFactories<'healthChecks' | 'now' | 'newId' | 'notifyWindowMs' | 'listingExpiryDays'>;
