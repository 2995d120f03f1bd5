import * as z from 'zod/mini';
import { CONTENT_LIMITS, CONTENT_MESSAGES, quickContentCheck } from './content-check';
import { QUESTION_LIMITS, QUESTION_MESSAGES } from './question-messages';
import { productIdSchema } from './schemas';
import { cleanText } from './zod';

/**
 * Questions and answers on a product page (spec: Product question, Question states, quick content
 * check, Questions in the error catalogue): the request and response shapes of the questions API
 * area (shared/api/questions.ts); its Spanish messages and limits are in ./question-messages.ts.
 */
export { QUESTION_LIMITS, QUESTION_MESSAGES };

/**
 * A question id: its creation time in milliseconds, zero-padded to 13 digits, then 12 random hex
 * digits. Sorting ids sorts questions by time (the table's sort key), and it is safe in a URL.
 */
export const QUESTION_ID_PATTERN = /^\d{13}-[0-9a-f]{12}$/;

export function makeQuestionId(createdAtMs: number, randomHex: string): string {
  const suffix = randomHex.toLowerCase().replace(/[^0-9a-f]/g, '').slice(0, 12);
  if (suffix.length !== 12) throw new Error('a question id needs 12 random hex digits');
  return `${String(Math.max(0, Math.trunc(createdAtMs))).padStart(13, '0')}-${suffix}`;
}

export const questionIdSchema = z
  .string({ error: QUESTION_MESSAGES.notFound })
  .check(z.regex(QUESTION_ID_PATTERN, QUESTION_MESSAGES.notFound));

/** /api/products/{id}/questions/{questionId}: a malformed id of either kind is a 404. */
export const questionParamsSchema = z.strictObject({ id: productIdSchema, questionId: questionIdSchema });

/**
 * Longest raw text looked at before cleaning: anything longer cannot become 2000 characters by
 * losing invisible characters and spaces, and is refused without further work.
 */
const RAW_MAX = 4 * CONTENT_LIMITS.maxLength;

/** The text as stored: cleaned (shared/zod.ts), line breaks kept, trimmed. */
export const cleanCommentText = (value: string) => cleanText(value, true).trim();

/** A question or answer: cleaned, then the spec's quick check (its reason is the message). */
const commentTextSchema = z.pipe(
  z
    .string({ error: CONTENT_MESSAGES.tooShort })
    .check(z.maxLength(RAW_MAX, { message: CONTENT_MESSAGES.tooLong, abort: true })),
  z.pipe(
    z.transform(cleanCommentText),
    z.string().check(
      z.superRefine((text, ctx) => {
        const reason = quickContentCheck(text);
        if (reason) ctx.addIssue({ code: 'custom', message: reason, input: text });
      }),
    ),
  ),
);

export const askQuestionBodySchema = z.strictObject({ question_text: commentTextSchema });
export type AskQuestionBody = z.output<typeof askQuestionBodySchema>;

export const answerQuestionBodySchema = z.strictObject({ answer_text: commentTextSchema });
export type AnswerQuestionBody = z.output<typeof answerQuestionBodySchema>;

/** A question as the product page shows it: never the asker's or the seller's account id. */
export const questionSchema = z.object({
  id: z.string(),
  product_id: z.number(),
  asker_name: z.string(),
  question_text: z.string(),
  created_at: z.string(),
  answer_text: z.nullable(z.string()),
  answered_at: z.nullable(z.string()),
  /** The caller asked it: they may delete it. */
  mine: z.boolean(),
  /** The caller is the seller and it is unanswered: they may answer it. */
  can_answer: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListSchema = z.object({
  /** Oldest first. */
  items: z.array(questionSchema),
  /** The caller is the product's seller (no ask form: they answer instead). */
  is_seller: z.boolean(),
  /** The caller may ask now (signed in, not the seller, and the product takes questions). */
  can_ask: z.boolean(),
  /** Why nobody may ask on this product, when that is so (not on sale, or no seller account). */
  closed_reason: z.nullable(z.string()),
});
export type QuestionList = z.infer<typeof questionListSchema>;

export const deletedQuestionSchema = z.object({ id: z.string(), deleted: z.literal(true) });
