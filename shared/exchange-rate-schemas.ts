import * as z from 'zod/mini';
import { type ExchangeRate, isIsoDate, type PublicRate, RATE_MESSAGES, RATE_SOURCES } from './exchange-rate';

/** The API's shapes of the BCV rate (docs/decisions/033); the texts and rules are in exchange-rate.ts. */
export const exchangeRateSchema = z.object({
  date: z.string(),
  rate: z.number(),
  source: z.enum(RATE_SOURCES),
  recorded_at: z.string(),
  recorded_by: z.nullable(z.string()),
}) satisfies z.ZodMiniType<ExchangeRate>;

/**
 * The rate as anyone reads it: without who recorded it (an admin's e-mail is for the admin area
 * only). The router parses answers through the route's schema, which drops the field.
 */
export const publicRateSchema = z.object({
  date: z.string(),
  rate: z.number(),
  source: z.enum(RATE_SOURCES),
  recorded_at: z.string(),
}) satisfies z.ZodMiniType<PublicRate>;

/** GET /api/exchange-rate: the newest rate dated today or earlier (Caracas), or null when none. */
export const currentRateSchema = z.object({ rate: z.nullable(publicRateSchema) });

/** GET /api/admin/exchange-rates: the newest rates first. */
export const rateHistorySchema = z.object({ items: z.array(exchangeRateSchema) });

const MAX_DECIMALS = 8;

/**
 * PUT /api/admin/exchange-rates: enter the rate of a date, or correct it. `confirm` accepts a rate
 * more than 50 % away from the previous one (a devaluation does happen; a typo must be confirmed).
 */
export const setRateBodySchema = z.strictObject({
  date: z
    .string({ error: RATE_MESSAGES.dateInvalid })
    .check(z.refine((v) => isIsoDate(v), { message: RATE_MESSAGES.dateInvalid })),
  rate: z.number({ error: RATE_MESSAGES.rateRequired }).check(
    z.refine((v) => Number.isFinite(v) && v > 0, { message: RATE_MESSAGES.ratePositive, abort: true }),
    z.refine((v) => Math.abs(Math.round(v * 10 ** MAX_DECIMALS) - v * 10 ** MAX_DECIMALS) < 1e-3, {
      message: RATE_MESSAGES.rateTooPrecise,
    }),
  ),
  confirm: z.optional(z.boolean()),
});
export type SetRateBody = z.infer<typeof setRateBodySchema>;
