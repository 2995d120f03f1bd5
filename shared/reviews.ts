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

// ---------------------------------------------------------------- reports of reviews

/** A review report's state: waiting for an admin, or decided (the review hidden, or kept). */
export const REVIEW_REPORT_STATUSES = ['pending', 'hidden', 'kept'] as const;
export type ReviewReportStatus = (typeof REVIEW_REPORT_STATUSES)[number];
export const REVIEW_REPORT_COMMENT_MAX = 500;

export const REVIEW_REPORT_MESSAGES = {
  reported: 'Reseña reportada. Un administrador la revisará.',
  alreadyReported: 'Ya reportaste esta reseña.',
  ownReview: 'No puedes reportar tu propia reseña.',
  commentTooLong: `El comentario puede tener como máximo ${REVIEW_REPORT_COMMENT_MAX} caracteres.`,
  hidden: 'Reseña ocultada',
  kept: 'Reseña mantenida',
  decisionInvalid: 'Indica si ocultas o mantienes la reseña.',
  nothingPending: 'Esta reseña no tiene reportes pendientes.',
} as const;

export const reviewReportBodySchema = z.strictObject({
  comment: z.pipe(
    z.nullish(
      z
        .string({ error: REVIEW_REPORT_MESSAGES.commentTooLong })
        .check(
          cleanLines(),
          z.trim(),
          z.maxLength(REVIEW_REPORT_COMMENT_MAX, REVIEW_REPORT_MESSAGES.commentTooLong),
        ),
    ),
    z.transform((v: string | null | undefined) => v || null),
  ),
});

/** A report of a review by one person, decided with every other report of that review. */
export const reviewReportSchema = z.object({
  product_id: z.number(),
  side: z.enum(REVIEW_SIDES),
  reporter_id: z.string(),
  reporter_name: z.string(),
  comment: z.nullable(z.string()),
  status: z.enum(REVIEW_REPORT_STATUSES),
  created_at: z.string(),
  decided_at: z.optional(z.string()),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** The admin's queue: a reported review, what it says, and who reported it. */
export const adminReviewReportSchema = z.object({
  ...z.omit(reviewReportSchema, { decided_at: true }).shape,
  /** The review now: null when it is gone. */
  review: z.nullable(
    z.object({
      title: z.string(),
      stars: z.number(),
      text: z.nullable(z.string()),
      author_name: z.string(),
      subject_name: z.string(),
      hidden: z.boolean(),
    }),
  ),
});
export type AdminReviewReport = z.infer<typeof adminReviewReportSchema>;
export const adminReviewReportPageSchema = z.object({
  items: z.array(adminReviewReportSchema),
  nextCursor: z.nullable(z.string()),
});

/** PUT /api/admin/reviews/{id}/{side}: hide the review or keep it; every pending report of it is decided. */
export const reviewDecisionBodySchema = z.strictObject({
  action: z.enum(['hide', 'keep'], { error: REVIEW_REPORT_MESSAGES.decisionInvalid }),
  notes: z.pipe(
    z.nullish(z.string().check(cleanLines(), z.trim(), z.maxLength(500))),
    z.transform((v: string | null | undefined) => v || null),
  ),
});
