import { fold } from './text';

/**
 * The spec's quick content check of questions and answers (validation rules: "Quick content check
 * for questions and answers"): length, repetition and spam patterns, in that order. The web form
 * runs it before sending and the API runs it again in the request schema of every write
 * (shared/questions.ts), so a client cannot skip it. The listing rules (functions/services/
 * moderation/rules.ts) reuse its spam patterns as a warning.
 */
export const CONTENT_MESSAGES = {
  tooShort: 'Contenido demasiado corto',
  tooLong: 'Contenido demasiado largo',
  repetitive: 'Contenido repetitivo detectado',
  spam: 'Patrón de spam detectado',
} as const;

/** The spec's constants: 3 to 2000 characters; under 30 % unique words over 10 words is repetitive. */
export const CONTENT_LIMITS = {
  minLength: 3,
  maxLength: 2000,
  /** Repetition is judged only above this many words. */
  repetitionMinWords: 10,
  /** Unique words ÷ words below this is repetitive. */
  repetitionUniqueRatio: 0.3,
} as const;

/**
 * One visible character 11 or more times in a row ('aaaaaaaaaaa', '!!!!!!!!!!!'). Whitespace is not
 * counted: a run of spaces is invisible and harms nobody.
 */
const REPEATED_CHAR = /(\S)\1{10,}/u;
/** Links: a scheme, 'www.', a messaging short link, or a bare domain of the usual endings. */
const LINK =
  /(https?:\/\/|www\.)\S+|\b(wa|t)\.me\/|\b[a-z0-9-]+\.(com|net|org|ve|ly|io|info|app|xyz|link)\b/i;
/** A run of 10 or more digits (a phone number written in one piece). */
const DIGIT_RUN = /\d{10,}/;
/** The messaging platforms of the spec (and the spellings people use for WhatsApp). */
const MESSAGING = /\b(whatsapp|whatsap|wasap|telegram|instagram|facebook)\b/i;

/**
 * Full-width and other compatibility forms ('ｗｈａｔｓａｐｐ', '０４１４…') read as their plain
 * letters and digits, accents folded, so a look-alike spelling does not slip past the patterns.
 */
const plain = (text: string) => fold(text.normalize('NFKC'));

/** True when the text shows one of the spec's spam patterns. */
export function hasSpamPattern(text: string): boolean {
  const t = plain(text);
  return REPEATED_CHAR.test(t) || LINK.test(t) || DIGIT_RUN.test(t) || MESSAGING.test(t);
}

/** Length in characters as a person counts them (an emoji is one), not UTF-16 units. */
export const characterCount = (text: string) => Array.from(text).length;

/** The words of a text: split on spaces, punctuation around each word dropped, accents and case folded. */
export function contentWords(text: string): string[] {
  return fold(text)
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** True when over 10 words and under 30 % of them are distinct. */
export function isRepetitive(text: string): boolean {
  const words = contentWords(text);
  if (words.length <= CONTENT_LIMITS.repetitionMinWords) return false;
  return new Set(words).size / words.length < CONTENT_LIMITS.repetitionUniqueRatio;
}

/**
 * The spec's quick check: null when the text may go on to moderation, otherwise the spec's reason
 * ('Contenido demasiado corto', 'Contenido demasiado largo', 'Contenido repetitivo detectado',
 * 'Patrón de spam detectado'). Judges the text as stored: trimmed.
 */
export function quickContentCheck(text: string): string | null {
  const trimmed = text.trim();
  const length = characterCount(trimmed);
  if (length < CONTENT_LIMITS.minLength) return CONTENT_MESSAGES.tooShort;
  if (length > CONTENT_LIMITS.maxLength) return CONTENT_MESSAGES.tooLong;
  if (isRepetitive(trimmed)) return CONTENT_MESSAGES.repetitive;
  if (hasSpamPattern(trimmed)) return CONTENT_MESSAGES.spam;
  return null;
}
