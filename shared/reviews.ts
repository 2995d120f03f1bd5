import * as z from 'zod/mini';
import { productIdSchema } from './schemas';
import { cleanLines, integer } from './zod';

/**
 * Reviews (issue 40): each side of a confirmed deal may review the other once, within
 * `REVIEW_WINDOW_DAYS` of the confirmation: 1–5 stars and an optional text, moderated as questions
 * are. Neither sees the other's review until both have written or the window closes; then both
 * appear at once. A review is never edited; the reviewed person may publish one reply.
 */

/** Who wrote a review: the deal's buyer (about the seller) or its seller (about the buyer). */
export const REVIEW_SIDES = ['buyer', 'seller'] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];

export const REVIEW_WINDOW_DAYS = 14;
/** The window-closing reminder, this many days before it closes (once). */
export const REVIEW_REMINDER_DAYS = 2;
/** One review per pair of people counts in an average per this many days. */
export const REVIEW_PAIR_DAYS = 30;
export const REVIEW_TEXT_MAX = 500;
export const REPLY_TEXT_MAX = 500;
/** Reviews per page on the seller page. */
export const REVIEWS_PAGE = 10;

export const REVIEW_MESSAGES = {
  starsRequired: 'Elige de 1 a 5 estrellas.',
  textTooLong: `La reseña puede tener como máximo ${REVIEW_TEXT_MAX} caracteres.`,
  replyRequired: 'Escribe tu respuesta.',
  replyTooLong: `La respuesta puede tener como máximo ${REPLY_TEXT_MAX} caracteres.`,
  notYours: 'No encontramos esa compra.',
  notConfirmed: 'Solo puedes dejar una reseña de una compra confirmada.',
  windowClosed: 'El plazo para dejar una reseña de esta compra ya terminó.',
  alreadyReviewed: 'Ya dejaste una reseña de esta compra.',
  reviewRejected: 'Reseña rechazada',
  posted: 'Reseña publicada',
  postedHidden: 'Reseña guardada: se mostrará cuando la otra persona deje la suya o termine el plazo.',
  replyNotYours: 'Solo la persona reseñada puede responder.',
  replyNotVisible: 'Podrás responder cuando la reseña sea visible.',
  alreadyReplied: 'Ya respondiste esta reseña.',
  replyPosted: 'Respuesta publicada',
  reviewNotFound: 'No encontramos esa reseña.',
} as const;

export const starsSchema = integer(REVIEW_MESSAGES.starsRequired).check(
  z.gte(1, REVIEW_MESSAGES.starsRequired),
  z.lte(5, REVIEW_MESSAGES.starsRequired),
);

export const reviewBodySchema = z.strictObject({
  stars: starsSchema,
  text: z.pipe(
    z.nullish(
      z
        .string({ error: REVIEW_MESSAGES.textTooLong })
        .check(cleanLines(), z.trim(), z.maxLength(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong)),
    ),
    z.transform((v: string | null | undefined) => v || null),
  ),
});
export type ReviewBody = z.output<typeof reviewBodySchema>;

export const replyBodySchema = z.strictObject({
  text: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .check(
      cleanLines(),
      z.trim(),
      z.minLength(1, REVIEW_MESSAGES.replyRequired),
      z.maxLength(REPLY_TEXT_MAX, REVIEW_MESSAGES.replyTooLong),
    ),
});

export const reviewSideParamsSchema = z.strictObject({
  id: productIdSchema,
  side: z.enum(REVIEW_SIDES, { error: REVIEW_MESSAGES.reviewNotFound }),
});

/** A review as the public reads it (once visible): who wrote it, verified or not, and the reply. */
export const publicReviewSchema = z.object({
  product_id: z.number(),
  side: z.enum(REVIEW_SIDES),
  /** The listing's title when the deal was made. */
  title: z.string(),
  author_name: z.string(),
  /** The author's institutional e-mail is verified (the global marketplace lets others in). */
  author_verified: z.boolean(),
  stars: z.number(),
  text: z.nullable(z.string()),
  visible_at: z.string(),
  reply_text: z.nullable(z.string()),
  reply_at: z.nullable(z.string()),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;
export const reviewPageSchema = z.object({
  items: z.array(publicReviewSchema),
  next_cursor: z.nullable(z.string()),
});

/**
 * A person's reputation: as a seller, the average and number of counted visible reviews and the
 * confirmed deals; as a buyer only an average (never a list of what others said of them).
 */
export const reputationSchema = z.object({
  seller_average: z.nullable(z.number()),
  seller_reviews: z.number(),
  deals_completed: z.number(),
  buyer_average: z.nullable(z.number()),
  buyer_reviews: z.number(),
});
export type Reputation = z.infer<typeof reputationSchema>;

/** One decimal, as the pages show it ('4,5'). */
export const averageOf = (sum: number, count: number): number | null =>
  count > 0 ? Math.round((sum / count) * 10) / 10 : null;
