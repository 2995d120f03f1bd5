import * as z from 'zod/mini';
import { reputationSchema, reviewPageSchema } from './reviews';
import { SELLER_ID_PATTERN, UNIVERSITY_ID_PATTERN } from './ids';
import { productSummarySchema } from './schemas';
import { MEETING_POINT_NAME_MAX, TRUST_MESSAGES } from './trust-messages';

import { cleanLine, trimmed } from './zod';

/**
 * Who the seller is and where to meet (issue 14; docs/decisions/032): the public seller page, the
 * universities' safe meeting points and the seller's own switch for their sold listings.
 */
export { TRUST_MESSAGES };

/** A seller's public id is their account id (the owner of their listings); anything else is unknown. */
export const sellerParamsSchema = z.strictObject({
  id: z
    .string({ error: TRUST_MESSAGES.sellerNotFound })
    .check(z.regex(SELLER_ID_PATTERN, TRUST_MESSAGES.sellerNotFound)),
});

/**
 * The public seller page: only what earns trust. Never the e-mail, the phone or the national id;
 * the months are month-precise (yyyy-mm), no more than the page says.
 */
export const sellerSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  /** The university of the verified institutional e-mail (its short name for the badge). */
  university_id: z.nullable(z.string()),
  university_name: z.nullable(z.string()),
  verified: z.boolean(),
  /** yyyy-mm of the verification; null when verified before the date was kept. */
  verified_month: z.nullable(z.string()),
  /** yyyy-mm of the account's creation. */
  member_since: z.string(),
  /** Listed now (active or reserved, not held) and sold: exact, from one Query of the owner index. */
  active_count: z.number(),
  sold_count: z.number(),
  /** The seller chose to hide the listing of their sold items (the count stays). */
  sold_hidden: z.boolean(),
  listings: z.array(productSummarySchema),
  sold_listings: z.array(productSummarySchema),
  /** Their reputation from confirmed deals and reviews (issue 40). */
  reputation: reputationSchema,
  /** The newest page of their reviews as a seller, with replies (more by GET …/reviews). */
  reviews: reviewPageSchema,
});
export type Seller = z.infer<typeof sellerSchema>;

/** GET /api/sellers/{id}/reviews: the next page of a seller's reviews. */
export const sellerReviewsQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(1000))),
});

/** /settings → 'Mi página de vendedor'. */
export const sellerPageSettingsSchema = z.object({ hide_sold: z.boolean() });
export type SellerPageSettings = z.infer<typeof sellerPageSettingsSchema>;
export const sellerPageSettingsBodySchema = z.strictObject({
  hide_sold: z.boolean({ error: TRUST_MESSAGES.hideSoldRequired }),
});

/** A safe meeting point on a university's campus, managed by admins. */
export const meetingPointSchema = z.object({
  id: z.string(),
  university_id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  hours: z.nullable(z.string()),
  created_at: z.string(),
});
export type MeetingPoint = z.infer<typeof meetingPointSchema>;
export const meetingPointListSchema = z.object({ items: z.array(meetingPointSchema) });

const optionalText = (max: number, message: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        trimmed(max, message),
        z.transform((v) => (v === '' ? null : v)),
      ),
    ),
  );

export const meetingPointBodySchema = z.strictObject({
  name: z
    .string({ error: TRUST_MESSAGES.meetingPointNameRequired })
    .check(
      cleanLine(),
      z.trim(),
      z.minLength(1, TRUST_MESSAGES.meetingPointNameRequired),
      z.maxLength(MEETING_POINT_NAME_MAX, TRUST_MESSAGES.meetingPointNameTooLong),
    ),
  description: optionalText(500, TRUST_MESSAGES.meetingPointDescriptionTooLong),
  hours: optionalText(200, TRUST_MESSAGES.meetingPointHoursTooLong),
});
export type MeetingPointBody = z.infer<typeof meetingPointBodySchema>;

const universityId = z
  .string({ error: TRUST_MESSAGES.meetingPointNotFound })
  .check(z.regex(UNIVERSITY_ID_PATTERN, 'Identificador de universidad no válido.'));
export const meetingPointsParamsSchema = z.strictObject({ id: universityId });
export const meetingPointParamsSchema = z.strictObject({
  id: universityId,
  pointId: z
    .string({ error: TRUST_MESSAGES.meetingPointNotFound })
    .check(z.regex(/^[A-Za-z0-9-]{1,64}$/, TRUST_MESSAGES.meetingPointNotFound)),
});
export const deletedMeetingPointSchema = z.object({ ok: z.literal(true), id: z.string() });
