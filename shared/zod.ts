import * as z from 'zod/mini';

/**
 * Small helpers over zod's functional API ("zod/mini"). The project validates with zod/mini, not
 * classic zod: the same core and messages, a fifth of the bundle (classic's methods keep everything
 * in every bundle, and the schemas below ship in every Lambda and in the web's form chunks).
 */

/** Runs `fn` on the raw input before `schema` (classic zod's `preprocess`). */
export const preprocess = <S extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(fn), schema);

/**
 * Characters text fields never keep: C0/C1 control characters (tab and line breaks aside, which
 * single-line fields turn into spaces), bidirectional overrides, embeddings and isolates (they make
 * 'exe.gnp' display as 'gnp.exe'), zero-width spaces and joiners, word joiners and invisible
 * operators, Hangul fillers and the byte-order mark. A zero-width joiner inside an emoji is kept.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]/g;
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
/** Line and paragraph separators, tabs and line breaks. */
const BREAKS = /[\t\r\n\u2028\u2029]+/g;

/** A text as stored: Unicode NFC, no invisible or control characters; line breaks kept only if `multiline`. */
export function cleanText(value: string, multiline = false): string {
  const text = value.normalize('NFC').replace(INVISIBLE, '').replace(STRAY_JOINER, '');
  return multiline ? text.replace(/\r\n?|[\u2028\u2029]/g, '\n') : text.replace(BREAKS, ' ');
}

/** The check every single-line text field runs first (names, titles, cities, searches). */
export const cleanLine = () => z.overwrite((value: string) => cleanText(value));
/** The same for texts that may hold line breaks (descriptions, notes). */
export const cleanLines = () => z.overwrite((value: string) => cleanText(value, true));

/** A cleaned, trimmed single-line string of at most `max` characters. */
export const trimmed = (max: number, tooLong?: string) =>
  z.string().check(cleanLine(), z.trim(), z.maxLength(max, tooLong));

/** A whole number (optionally with its own message). */
export const integer = (message?: string) =>
  z.number(message ? { error: message } : undefined).check(z.refine(Number.isInteger, message));
