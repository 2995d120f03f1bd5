import * as z from 'zod/mini';
import { REPORT_CATEGORIES, REPORT_STATUSES } from './statuses';
import { LIMITS } from './limits';
import { ALREADY_REPORTED_CODE, REPORT_MESSAGES } from './report-messages';
import { cleanLines, integer, preprocess } from './zod';

export { ALREADY_REPORTED_CODE, REPORT_MESSAGES };

/**
 * Reports of a product (the spec's product_reports, its Report rules and its Reports messages):
 * what a signed-in user sends, what the table keeps (with a snapshot of the product as it was
 * reported). The texts both sides show are in shared/report-messages.ts (no zod there, so the
 * product page can say them). docs/decisions/019-reports-and-holds.md.
 */

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
