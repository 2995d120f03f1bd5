import * as z from 'zod/mini';
import { CAREERS, CATEGORIES, CONDITIONS, SORT_ORDERS } from './enums';
import { PRODUCT_STATUSES, REQUEST_STATUSES } from './statuses';
import { PRODUCT_ID_PATTERN, UNIVERSITY_ID_PATTERN } from './ids';
import { LIMITS } from './limits';
import { imageVariantsSchema } from './photos';
import { API_MESSAGES } from './messages';
import { cleanLines, integer, preprocess, trimmed } from './zod';

/** Zod schemas of every entity and API input/output. Shared by the functions and the web app. */

const text = (max: number) => trimmed(max, API_MESSAGES.tooLong);
const notes = (max: number) =>
  z.string().check(cleanLines(), z.trim(), z.maxLength(max, API_MESSAGES.tooLong));
const requiredText = (max: number) => text(max).check(z.minLength(1, API_MESSAGES.required));

export const universityIdSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(UNIVERSITY_ID_PATTERN, 'Identificador de universidad no válido.'),
  );

export const universitySchema = z.object({
  id: universityIdSchema,
  name: requiredText(80),
  full_name: requiredText(200),
  email_domain: requiredText(100),
  city: z.optional(z.nullable(text(80))),
  logo: z.optional(z.nullable(text(500))),
  created_at: z.string(),
});
export type University = z.infer<typeof universitySchema>;

const universityRequestShape = {
  university_name: requiredText(80),
  university_full_name: requiredText(200),
  email_domain: requiredText(100).check(z.regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'Dominio de correo no válido.')),
  city: requiredText(80),
  additional_info: z.nullable(z.optional(notes(1000))),
};
export const universityRequestInputSchema = z.strictObject(universityRequestShape);
export type UniversityRequestInput = z.infer<typeof universityRequestInputSchema>;

export const universityRequestSchema = z.strictObject({
  ...universityRequestShape,
  id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  admin_notes: z.optional(z.nullable(z.string())),
  requester_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type UniversityRequest = z.infer<typeof universityRequestSchema>;

/** A product id as it appears in a URL (shared/ids.ts's PRODUCT_ID_PATTERN, one URL per product). */
export const productIdSchema = z.pipe(
  z
    .string({ error: API_MESSAGES.productNotFound })
    .check(z.regex(PRODUCT_ID_PATTERN, API_MESSAGES.productNotFound)),
  z.transform(Number),
);

const positiveInteger = () => integer().check(z.positive());

/**
 * The seller's rating as a listing carries it (issue 40): the average of their counted, visible
 * reviews as a seller (one decimal) and how many there are. Stamped on each of the seller's
 * listings when the average moves (services/deals/listing-ratings.ts), so every card shows it
 * whether the search index or the table answered; absent while the seller has no review.
 */
export const sellerRatingSchema = z.object({
  average: z.number().check(z.gte(1), z.lte(5)),
  reviews: integer().check(z.positive()),
});
export type SellerRating = z.infer<typeof sellerRatingSchema>;

/** A product as stored (the spec's products row). */
const productShape = {
  id: positiveInteger(),
  title: z.string(),
  description: z.nullable(z.string()),
  price: z.number().check(z.nonnegative()),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS),
  career: z.nullable(z.enum(CAREERS)),
  image: z.nullable(z.string()),
  images: z.array(z.string()).check(z.maxLength(LIMITS.imagesPerProduct)),
  /** WebP sizes derived from the photos, by served path (shared/photos.ts, decision 022). */
  image_variants: z.optional(imageVariantsSchema),
  /**
   * Its stored photos are the server's re-encoding, not the bytes uploaded (decision 009); absent
   * on products stored before, whose photos the one-off photo job draws again. Server-side only.
   */
  photos_reencoded: z.optional(z.boolean()),
  tags: z.array(z.string()).check(z.maxLength(LIMITS.tagsPerProduct)),
  seller_name: z.string(),
  seller_email: z.string(),
  whatsapp_number: z.nullable(z.string()),
  university_id: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  owner_id: z.nullable(z.string()),
  created_at: z.string(),
  /**
   * Set while the product is held for review by reports (docs/decisions/019): it stays `active`
   * but is listed, found and shown nowhere until an admin releases it.
   */
  held_at: z.optional(z.nullable(z.string())),
  /** When an admin last released a hold: reports made before it no longer count towards a new one. */
  hold_released_at: z.optional(z.nullable(z.string())),
  /** When the listing expires unless renewed (docs/decisions/030); absent on items not backfilled yet. */
  expires_at: z.optional(z.nullable(z.string())),
  /** When the expiry job expired it (a renewal after 30 days costs a daily publishing slot). */
  expired_at: z.optional(z.nullable(z.string())),
  /** The expiry whose reminder mail was sent (one reminder per expiry). */
  reminded_for: z.optional(z.nullable(z.string())),
  seller_rating: z.optional(sellerRatingSchema),
};
export const productSchema = z.object(productShape);
export type Product = z.infer<typeof productSchema>;

/** What listings carry: never the seller's e-mail or phone. */
export const productSummarySchema = z.extend(
  z.pick(productSchema, {
    id: true,
    title: true,
    price: true,
    category: true,
    career: true,
    condition: true,
    image: true,
    image_variants: true,
    university_id: true,
    created_at: true,
    seller_rating: true,
  }),
  {
    // Cards show 'Reservado' (issue 13). Optional: index documents written before it lack it.
    status: z.optional(z.enum(PRODUCT_STATUSES)),
  },
);
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * The public detail view: no seller e-mail or phone, nothing about expiry (issue 13). `seller_id`
 * names the seller's public page (/vendedor/{id}; null for a listing imported without an account;
 * decision 032).
 */
export const productDetailSchema = z.extend(
  z.omit(productSchema, {
    seller_email: true,
    whatsapp_number: true,
    owner_id: true,
    photos_reencoded: true,
    held_at: true,
    hold_released_at: true,
    expires_at: true,
    expired_at: true,
    reminded_for: true,
    // The product page shows the seller's whole reputation instead, on the seller's card.
    seller_rating: true,
  }),
  { seller_id: z.optional(z.nullable(z.string())) },
);
export type ProductDetail = z.infer<typeof productDetailSchema>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.optional(z.enum(values, { error: message })),
  );

const priceParam = preprocess(
  (v) => (v === '' ? undefined : v),
  z.optional(
    z.coerce
      .number({ error: 'El precio debe ser un número.' })
      .check(z.gte(0, 'El precio no puede ser negativo.'), z.lte(LIMITS.priceMax)),
  ),
);

export const listProductsQuerySchema = z
  .strictObject({
    university: preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.optional(universityIdSchema)),
    q: preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.optional(text(LIMITS.searchMaxLength)),
    ),
    category: optionalEnum(CATEGORIES, API_MESSAGES.unknownCategory),
    career: optionalEnum(CAREERS, API_MESSAGES.unknownCareer),
    condition: optionalEnum(CONDITIONS, API_MESSAGES.unknownCondition),
    minPrice: priceParam,
    maxPrice: priceParam,
    sort: preprocess(
      (v) => (v === '' ? undefined : v),
      z._default(z.enum(SORT_ORDERS, { error: API_MESSAGES.unknownSort }), 'newest'),
    ),
    limit: z._default(
      z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(LIMITS.pageSizeMax))),
      LIMITS.pageSizeDefault,
    ),
    cursor: z.optional(z.string().check(z.maxLength(1000))),
    // 'Ocultar reservados' (issue 13): only `true` ('true' or '1' in the URL) filters.
    hideReserved: preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? undefined : v),
      z.optional(z.literal(true, { error: API_MESSAGES.invalidHideReserved })),
    ),
  })
  .check(
    z.refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
      message: API_MESSAGES.invalidPriceRange,
      path: ['minPrice'],
    }),
  );
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;

export const productPageSchema = z.object({
  items: z.array(productSummarySchema),
  /** Number of matching products; null when it could not be counted (search index down). */
  total: z.nullable(integer().check(z.nonnegative())),
  nextCursor: z.nullable(z.string()),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const idParamsSchema = z.strictObject({ id: productIdSchema });
export const universityParamsSchema = z.strictObject({ id: universityIdSchema });

/**
 * GET /api/health's report: each part checked ('table', 'search'; locally also 'auth', 'mail',
 * 'images') answering or not. 'ok': every part answers (200); 'degraded': some part does not (503);
 * 'down': the table does not, so nothing can be served (503). The 503 carries the same report beside
 * its error, whose message names the parts in Spanish.
 */
export const partStateSchema = z.enum(['ok', 'down']);
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  parts: z.record(z.string(), partStateSchema),
});
export type HealthReport = z.infer<typeof healthReportSchema>;
/** The 200 answer: every part answers. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  parts: z.record(z.string(), z.literal('ok')),
});
