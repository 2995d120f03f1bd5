import * as z from 'zod/mini';

/**
 * Small helpers over zod's functional API ("zod/mini"). The project validates with zod/mini, not
 * classic zod: the same core and messages, a fifth of the bundle (classic's methods keep everything
 * in every bundle, and the schemas below ship in every Lambda and in the web's form chunks).
 */

/** Runs `fn` on the raw input before `schema` (classic zod's `preprocess`). */
export const preprocess = <S extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(fn), schema);

/** A trimmed string of at most `max` characters. */
export const trimmed = (max: number, tooLong?: string) =>
  z.string().check(z.trim(), z.maxLength(max, tooLong));

/** A whole number (optionally with its own message). */
export const integer = (message?: string) =>
  z.number(message ? { error: message } : undefined).check(z.refine(Number.isInteger, message));
