import * as z from 'zod/mini';
import { buyerIdSchema, sellerDealSchema } from './deals';
import { CAREERS, CONDITIONS, DEFAULT_CONDITION } from './enums';
import { PUBLISH_CATEGORIES } from './tag-suggestions';
import { PRODUCT_STATUSES } from './statuses';
import { LIMITS } from './limits';
import { productSummarySchema, universityIdSchema } from './schemas';
import { cleanLine, cleanLines, integer } from './zod';

/**
 * The publishing rules of the spec (validation rules: publishing, phone number, tags, images),
 * shared by the /new-product form and the API that creates the product. Messages are the spec's.
 */
export const PUBLISH_MESSAGES = {
  titleRequired: 'El título es requerido',
  titleTooLong: `El título no puede tener más de ${LIMITS.titleMaxLength} caracteres`,
  descriptionTooLong: `La descripción no puede tener más de ${LIMITS.descriptionMaxLength} caracteres`,
  priceAboveZero: 'El precio debe ser mayor a 0',
  priceNumeric: 'El precio debe ser un número',
  priceStep: 'El precio admite como máximo 2 decimales',
  priceTooHigh: 'El precio es demasiado alto',
  categoryRequired: 'La categoría es requerida',
  conditionRequired: 'La condición es requerida',
  careerInvalid: 'Carrera no válida',
  whatsappRequired: 'El número de WhatsApp es requerido',
  phoneMandatory: 'El número de WhatsApp es obligatorio',
  phoneDigitsOnly: 'El número solo puede contener dígitos',
  phoneTooShort: 'El número debe tener al menos 10 dígitos',
  phoneTooLong: 'El número no puede tener más de 15 dígitos',
  tooManyTags: `Máximo ${LIMITS.tagsPerProduct} etiquetas`,
  notAnImage: 'El archivo debe ser una imagen',
  imageTooLarge: 'La imagen no debe superar los 5MB',
  tooManyImages: 'Máximo 4 imágenes permitidas',
  moderationNeedsFields: 'Complete los campos requeridos antes de la verificación',
  mustSignIn: 'Debes iniciar sesión para publicar productos',
  mustVerify: 'Verifica tu correo institucional para publicar productos',
  /** '{university}' is replaced by the university's short name. */
  onlyOwnUniversity: 'Solo puedes publicar productos en {university}',
  /** Decision 042: the seller's university was deleted (or is being deleted). */
  universityGone: 'Tu universidad ya no está en Mercado Universitario: no puedes publicar en ella.',
  /** Decision 042: the university's domain is a public provider's or a shared suffix (old data). */
  domainNotInstitutional:
    'Tu universidad usa un dominio de correo que no es institucional: no se puede publicar en ella hasta que un administrador lo corrija.',
  /** Decision 042: the university's domain changed; '{domain}' is the new one. */
  verifyAgain:
    'Tu universidad ahora usa el dominio {domain}: verifica tu correo institucional de nuevo para publicar.',
  rejected: 'El producto no cumple con las normas de la comunidad',
  dailyLimit: 'Has alcanzado el límite de 20 publicaciones por día. Inténtalo de nuevo mañana.',
  moderationLimit: 'Has hecho demasiadas verificaciones. Espera un momento e inténtalo de nuevo.',
  onlySold: 'Solo puedes marcar tu producto como activo, reservado o vendido',
  notSellable: 'Solo un producto activo puede marcarse como vendido',
  /** The owner's status changes (issue 13). */
  soldIsFinal: 'Un producto vendido ya no cambia de estado',
  deactivatedByAdmin: 'Un administrador desactivó esta publicación: no puedes cambiar su estado',
  contactLimit: 'Has consultado demasiados contactos. Inténtalo de nuevo en un rato.',
  /** The seller asked for their own product's contact (the page shows them no contact button). */
  contactOwn: 'No puedes contactarte a ti mismo: este producto es tuyo.',
} as const;

export const WHATSAPP_COUNTRY_CODE = '58';

/**
 * The spec's normalisation of a WhatsApp number (digits only): 11 digits starting 04 get the
 * country code 58 with the leading 0 dropped; 10 digits get the 58 prefix; anything else is kept.
 */
export function normalizeWhatsapp(digits: string): string {
  if (digits.length === 11 && digits.startsWith('04')) return `${WHATSAPP_COUNTRY_CODE}${digits.slice(1)}`;
  if (digits.length === 10) return `${WHATSAPP_COUNTRY_CODE}${digits}`;
  return digits;
}

/** Separators people type ('0414-123 45 67', '(0414) 1234567') are not part of the number. */
const SEPARATORS = /[\s\-().]/g;

export const whatsappSchema = z.pipe(
  z.pipe(
    z.pipe(
      z.string({ error: PUBLISH_MESSAGES.whatsappRequired }),
      z.transform((v: string) => v.replace(SEPARATORS, '').replace(/^\+/, '')),
    ),
    z.string().check(
      // One message at a time: an empty or lettered number says only that.
      z.minLength(1, { message: PUBLISH_MESSAGES.whatsappRequired, abort: true }),
      z.regex(/^\d+$/, { message: PUBLISH_MESSAGES.phoneDigitsOnly, abort: true }),
      z.minLength(10, PUBLISH_MESSAGES.phoneTooShort),
      z.maxLength(15, PUBLISH_MESSAGES.phoneTooLong),
    ),
  ),
  z.transform(normalizeWhatsapp),
);

/**
 * A tag as stored: lower-case, letters (accents and ñ kept), digits, single spaces and hyphens,
 * at most 20 characters. Empty after cleaning means no tag.
 */
export function sanitizeTag(raw: string): string {
  return raw
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.tagMaxLength)
    .trim();
}

/** Cleans, drops empties and duplicates, keeps the order given. */
export function cleanTags(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of raw.map(sanitizeTag)) if (tag && !out.includes(tag)) out.push(tag);
  return out;
}

export const tagsSchema = z.pipe(
  z
    .array(z.string().check(z.maxLength(LIMITS.genericStringMax)), { error: PUBLISH_MESSAGES.tooManyTags })
    .check(z.maxLength(LIMITS.tagsPerProduct, PUBLISH_MESSAGES.tooManyTags)),
  z.transform((tags: string[]) => cleanTags(tags)),
);

export const priceSchema = z.number({ error: PUBLISH_MESSAGES.priceNumeric }).check(
  z.refine(Number.isFinite, PUBLISH_MESSAGES.priceNumeric),
  z.refine((v) => v > 0, PUBLISH_MESSAGES.priceAboveZero),
  z.refine((v) => v <= LIMITS.priceMax, PUBLISH_MESSAGES.priceTooHigh),
  // Step 0.01: cents only (tolerant of binary floating point, 19.99 * 100 = 1998.9999…).
  z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PUBLISH_MESSAGES.priceStep),
);

/** The listing's text and facts: what the form sends and what moderation judges. */
const listingFieldsShape = {
  title: z
    .string({ error: PUBLISH_MESSAGES.titleRequired })
    .check(
      cleanLine(),
      z.trim(),
      z.minLength(1, PUBLISH_MESSAGES.titleRequired),
      z.maxLength(LIMITS.titleMaxLength, PUBLISH_MESSAGES.titleTooLong),
    ),
  description: z.pipe(
    z.nullish(
      z
        .string()
        .check(
          cleanLines(),
          z.trim(),
          z.maxLength(LIMITS.descriptionMaxLength, PUBLISH_MESSAGES.descriptionTooLong),
        ),
    ),
    z.transform((v: string | null | undefined) => v || null),
  ),
  price: priceSchema,
  category: z.enum(PUBLISH_CATEGORIES, { error: PUBLISH_MESSAGES.categoryRequired }),
  condition: z._default(z.enum(CONDITIONS, { error: PUBLISH_MESSAGES.conditionRequired }), DEFAULT_CONDITION),
  career: z.pipe(
    z.nullish(z.enum(CAREERS, { error: PUBLISH_MESSAGES.careerInvalid })),
    z.transform((v: (typeof CAREERS)[number] | null | undefined) => v ?? null),
  ),
};
export const listingFieldsSchema = z.strictObject(listingFieldsShape);

export type ListingFields = z.output<typeof listingFieldsSchema>;

/** Messages of the photo uploads (the first three are the spec's). */
export const IMAGE_MESSAGES = {
  notAnImage: 'El archivo debe ser una imagen',
  tooLarge: 'La imagen no debe superar los 5MB',
  tooManyImages: 'Máximo 4 imágenes permitidas',
  tooManyPixels: 'La imagen es demasiado grande (máximo 4096 × 4096 píxeles)',
  notYours: 'La imagen no pertenece a tu cuenta',
  missing: 'No encontramos una de las imágenes. Súbela de nuevo.',
  duplicate: 'La misma imagen aparece dos veces',
  tooManyUploads: 'Has subido demasiadas imágenes. Inténtalo de nuevo en un rato.',
  invalidUrl: 'El enlace de la imagen no es válido',
  unreachable: 'No se pudo descargar la imagen del enlace',
} as const;

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /api/me/uploads: what the browser is about to upload. */
export const uploadRequestSchema = z.strictObject({
  content_type: z.enum(UPLOAD_TYPES, { error: IMAGE_MESSAGES.notAnImage }),
  size: integer(IMAGE_MESSAGES.tooLarge).check(
    z.gte(1, IMAGE_MESSAGES.notAnImage),
    z.lte(LIMITS.imageMaxBytes, IMAGE_MESSAGES.tooLarge),
  ),
});
export type UploadRequest = z.output<typeof uploadRequestSchema>;

/** POST /api/me/uploads/from-url: a photo given by its address. */
export const importUrlBodySchema = z.strictObject({
  url: z.pipe(
    z
      .string({ error: IMAGE_MESSAGES.invalidUrl })
      .check(z.trim(), z.maxLength(2000, IMAGE_MESSAGES.invalidUrl)),
    z.url({ protocol: /^https?$/, error: IMAGE_MESSAGES.invalidUrl }),
  ),
});

export const presignedUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});

/** An upload key as the API hands them out: uploads/<user id>/<uuid>.<ext>. */
export const uploadKeySchema = z
  .string()
  .check(
    z.maxLength(200, IMAGE_MESSAGES.missing),
    z.regex(/^uploads\/[A-Za-z0-9_-]{1,128}\/[0-9a-f-]{36}\.(jpg|png|webp)$/, IMAGE_MESSAGES.missing),
  );

/** POST /api/products: the listing, the seller's WhatsApp, tags, photos and the university it is for. */
export const createProductBodySchema = z.strictObject({
  ...listingFieldsShape,
  whatsapp_number: whatsappSchema,
  tags: z._default(tagsSchema, []),
  images: z._default(
    z.array(uploadKeySchema).check(z.maxLength(LIMITS.imagesPerProduct, IMAGE_MESSAGES.tooManyImages)),
    [],
  ),
  university_id: universityIdSchema,
});
export type CreateProductBody = z.output<typeof createProductBodySchema>;

/** POST /api/me/moderation: the fields moderation needs (spec: title, category and price at least). */
export const moderationCheckBodySchema = z.strictObject({
  ...listingFieldsShape,
  /** The first photo's upload key: the server looks at the photo too. */
  image_key: z.pipe(
    z.nullish(uploadKeySchema),
    z.transform((v: string | null | undefined) => v ?? null),
  ),
});

/** GET /api/products/{id}/contact: how to reach the seller (null when they gave no number). */
export const sellerContactSchema = z.object({
  whatsapp_number: z.nullable(z.string()),
  seller_name: z.string(),
});

/**
 * PATCH /api/me/products/{id}: the changes an owner makes (spec: active → sold; issue 13 adds
 * 'Reservado': active ↔ reserved → sold). Which change is allowed from which status is the
 * server's (OWNER_TRANSITIONS).
 */
export const ownStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'reserved', 'sold'], { error: PUBLISH_MESSAGES.onlySold }),
  /**
   * Whom it is reserved for or sold to (issue 40): one of the people who came for the listing;
   * null or absent for nobody named ('A alguien fuera de Mercado Universitario').
   */
  buyer_id: z.optional(z.nullable(buyerIdSchema)),
});

/** The owner's view of a listing: the summary plus its status. */
export const ownProductSchema = z.extend(productSummarySchema, {
  status: z.enum(PRODUCT_STATUSES),
  /** Held for review by reports (the seller sees it as 'En revisión'; docs/decisions/019). */
  held_at: z.optional(z.nullable(z.string())),
  /** 'Vence en N días' while on offer; 'Vencido' with status expired (docs/decisions/030). */
  expires_at: z.optional(z.nullable(z.string())),
  /** Its deal with a named buyer, while reserved for them or once sold to them (issue 40). */
  deal: z.optional(z.nullable(sellerDealSchema)),
});
export const ownProductsSchema = z.object({ items: z.array(ownProductSchema) });
