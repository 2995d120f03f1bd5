import * as z from 'zod/mini';
import { REPORT_CATEGORIES, REPORT_STATUSES } from './enums';
import { LIMITS } from './limits';
import { cleanLines, integer, preprocess } from './zod';

/**
 * Reports of a product (the spec's product_reports, its Report rules and its Reports messages):
 * what a signed-in user sends, what the table keeps (with a snapshot of the product as it was
 * reported) and what both the API and the web app say. docs/decisions/019-reports-and-holds.md.
 */
export const REPORT_MESSAGES = {
  categoryRequired: 'Por favor selecciona una categoría de reporte',
  commentTooLong: `El comentario no puede tener más de ${LIMITS.reportCommentMax} caracteres`,
  sent: 'Reporte enviado correctamente. Será revisado por nuestro equipo.',
  failed: 'Error al enviar el reporte. Inténtalo de nuevo.',
  /** Information, not an error: the one report a user may make of a product exists already. */
  alreadyReported: 'Ya has reportado este producto anteriormente',
  ownProduct: 'No puedes reportar tu propio producto.',
  dailyLimit: 'Has enviado demasiados reportes hoy. Inténtalo de nuevo mañana.',
  /** The seller's product is out of listings until an admin reviews the reports it got. */
  underReview:
    'Este producto está en revisión por reportes de la comunidad. No puedes modificarlo hasta que un administrador lo revise.',
} as const;

/** The error code of a repeated report (409): the web app shows it as information. */
export const ALREADY_REPORTED_CODE = 'already_reported';

/** POST /api/products/{id}/report. Unknown keys, an unknown category or a long comment are a 400. */
export const reportBodySchema = z.strictObject({
  report_category: preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(REPORT_CATEGORIES, { error: REPORT_MESSAGES.categoryRequired }),
  ),
  // Optional; an empty comment is no comment.
  additional_comments: z.pipe(
    z.nullish(
      z
        .string()
        .check(cleanLines(), z.trim(), z.maxLength(LIMITS.reportCommentMax, REPORT_MESSAGES.commentTooLong)),
    ),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  ),
});
export type ReportBody = z.output<typeof reportBodySchema>;

/** Whether the caller has reported the product (their one report exists, whatever its status). */
export const reportStateSchema = z.object({ reported: z.boolean() });
export type ReportState = z.infer<typeof reportStateSchema>;

/**
 * A report as stored. The snapshot (`product_*`, `seller_*`) is the product as it was reported, so
 * the admin can judge it after the product changed or was deleted; the reporter's institutional
 * address and whether it was verified are read from their profile at report time (the automatic
 * hold counts only verified reporters).
 */
export const productReportSchema = z.object({
  id: z.string(),
  product_id: integer().check(z.positive()),
  reporter_id: z.string(),
  reporter_name: z.string(),
  reporter_university_email: z.nullable(z.string()),
  reporter_verified: z.boolean(),
  report_category: z.enum(REPORT_CATEGORIES),
  additional_comments: z.nullable(z.string()),
  status: z.enum(REPORT_STATUSES),
  admin_notes: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  created_at: z.string(),
  product_title: z.string(),
  product_price: z.number(),
  product_category: z.string(),
  product_status: z.string(),
  product_university_id: z.string(),
  seller_id: z.nullable(z.string()),
  seller_name: z.string(),
});
export type ProductReport = z.infer<typeof productReportSchema>;
