import * as z from 'zod';
import { CAREERS, CATEGORIES, CONDITIONS, PRODUCT_STATUSES, REQUEST_STATUSES, SORT_ORDERS } from './enums';
import { UNIVERSITY_ID_PATTERN } from './ids';
import { LIMITS } from './limits';
import { API_MESSAGES } from './messages';

/** Zod schemas of every entity and API input/output. Shared by the functions and the web app. */

const text = (max: number) => z.string().trim().max(max, API_MESSAGES.tooLong);
const requiredText = (max: number) => text(max).min(1, API_MESSAGES.required);

export const universityIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(UNIVERSITY_ID_PATTERN, 'Identificador de universidad no válido.');

export const universitySchema = z.object({
  id: universityIdSchema,
  name: requiredText(80),
  full_name: requiredText(200),
  email_domain: requiredText(100),
  city: text(80).nullable().optional(),
  logo: text(500).nullable().optional(),
  created_at: z.string(),
});
export type University = z.infer<typeof universitySchema>;

export const universityRequestInputSchema = z.strictObject({
  university_name: requiredText(80),
  university_full_name: requiredText(200),
  email_domain: requiredText(100).regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'Dominio de correo no válido.'),
  city: requiredText(80),
  additional_info: text(1000).optional().nullable(),
});
export type UniversityRequestInput = z.infer<typeof universityRequestInputSchema>;

export const universityRequestSchema = universityRequestInputSchema.extend({
  id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  admin_notes: z.string().nullable().optional(),
  requester_id: z.string().nullable(),
  created_at: z.string(),
});
export type UniversityRequest = z.infer<typeof universityRequestSchema>;

export const productIdSchema = z.coerce
  .number({ message: API_MESSAGES.productNotFound })
  .int(API_MESSAGES.productNotFound)
  .positive(API_MESSAGES.productNotFound)
  .max(Number.MAX_SAFE_INTEGER, API_MESSAGES.productNotFound);

/** A product as stored (the spec's products row). */
export const productSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.number().nonnegative(),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS),
  career: z.enum(CAREERS).nullable(),
  image: z.string().nullable(),
  images: z.array(z.string()).max(LIMITS.imagesPerProduct),
  tags: z.array(z.string()).max(LIMITS.tagsPerProduct),
  seller_name: z.string(),
  seller_email: z.string(),
  whatsapp_number: z.string().nullable(),
  university_id: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  owner_id: z.string().nullable(),
  created_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** What listings carry: never the seller's e-mail or phone. */
export const productSummarySchema = productSchema.pick({
  id: true,
  title: true,
  price: true,
  category: true,
  career: true,
  condition: true,
  image: true,
  university_id: true,
  created_at: true,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** The public detail view: no seller e-mail, phone or owner id. */
export const productDetailSchema = productSchema.omit({
  seller_email: true,
  whatsapp_number: true,
  owner_id: true,
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values, { message }).optional());

const priceParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ message: 'El precio debe ser un número.' })
    .min(0, 'El precio no puede ser negativo.')
    .max(LIMITS.priceMax)
    .optional(),
);

export const listProductsQuerySchema = z
  .strictObject({
    university: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), universityIdSchema.optional()),
    q: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      text(LIMITS.searchMaxLength).optional(),
    ),
    category: optionalEnum(CATEGORIES, API_MESSAGES.unknownCategory),
    career: optionalEnum(CAREERS, API_MESSAGES.unknownCareer),
    condition: optionalEnum(CONDITIONS, API_MESSAGES.unknownCondition),
    minPrice: priceParam,
    maxPrice: priceParam,
    sort: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(SORT_ORDERS, { message: API_MESSAGES.unknownSort }).default('newest'),
    ),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
    cursor: z.string().max(1000).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: API_MESSAGES.invalidPriceRange,
    path: ['minPrice'],
  });
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;

export const productPageSchema = z.object({
  items: z.array(productSummarySchema),
  /** Number of matching products; null when it could not be counted (search index down). */
  total: z.number().int().nonnegative().nullable(),
  nextCursor: z.string().nullable(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const idParamsSchema = z.strictObject({ id: productIdSchema });
export const universityParamsSchema = z.strictObject({ id: universityIdSchema });

export const healthSchema = z.object({ status: z.literal('ok'), parts: z.record(z.string(), z.boolean()) });
