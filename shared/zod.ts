import * as z from 'zod/mini';
import type { $ZodRawIssue } from 'zod/v4/core';

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

/** Types as a person reads them ('debe ser …'). */
const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'verdadero o falso',
  object: 'un objeto',
  array: 'una lista',
  date: 'una fecha',
  null: 'nulo',
};
/** Formats a text field may be asked to have. */
const FORMAT_NAMES: Record<string, string> = {
  email: 'un correo electrónico válido',
  url: 'una dirección web válida',
  uuid: 'un identificador válido',
  datetime: 'una fecha y hora válidas',
  date: 'una fecha válida (AAAA-MM-DD)',
  time: 'una hora válida',
};
const SIZE_UNITS: Record<string, string> = { string: 'caracteres', array: 'elementos', set: 'elementos' };
const quoted = (values: readonly unknown[]) => values.map((v) => `«${String(v)}»`).join(', ');

/**
 * THE Spanish sentence of a zod issue that its schema does not word itself, naming the field when
 * the issue has a path: 'El campo «price» debe ser un número.', 'Campo no permitido: «foo».'. The
 * API's 400s and the web app's forms read the same sentences (decision 043): it is installed as
 * zod's locale below, so every module that builds a schema from this file gets it.
 */
export function issueMessage(issue: $ZodRawIssue): string {
  const path = (issue.path ?? []).map(String).join('.');
  const field = path ? `El campo «${path}»` : 'El valor';
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return path ? `Falta el campo «${path}».` : 'Falta un valor requerido.';
      const expected = TYPE_NAMES[issue.expected];
      return expected ? `${field} debe ser ${expected}.` : `${field} no tiene el tipo esperado.`;
    }
    case 'unrecognized_keys': {
      const prefix = path ? ` en «${path}»` : '';
      return issue.keys.length === 1
        ? `Campo no permitido${prefix}: «${issue.keys[0]}».`
        : `Campos no permitidos${prefix}: ${quoted(issue.keys)}.`;
    }
    case 'too_big': {
      const unit = SIZE_UNITS[issue.origin];
      const max = String(issue.maximum);
      if (unit) return `${field} admite como máximo ${max} ${unit}.`;
      return `${field} debe ser ${issue.inclusive ? 'como máximo' : 'menor que'} ${max}.`;
    }
    case 'too_small': {
      const unit = SIZE_UNITS[issue.origin];
      const min = String(issue.minimum);
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${field} no puede estar vacío.`;
      if (unit) return `${field} debe tener al menos ${min} ${unit}.`;
      return `${field} debe ser ${issue.inclusive ? 'como mínimo' : 'mayor que'} ${min}.`;
    }
    case 'invalid_format': {
      const format = FORMAT_NAMES[issue.format];
      return format ? `${field} debe ser ${format}.` : `${field} no tiene un formato válido.`;
    }
    case 'not_multiple_of':
      return `${field} debe ser múltiplo de ${String(issue.divisor)}.`;
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 6
        ? `${field} debe ser ${issue.values.length === 1 ? '' : 'uno de: '}${quoted(issue.values)}.`
        : `${field} no tiene un valor permitido.`;
    default:
      return `${field} no es válido.`;
  }
}

// zod's own sentences ('Invalid input', or its generic Spanish locale) never reach a person.
z.config({ localeError: issueMessage });
