import type { ModerationResult } from '#shared/moderation';
import { listingFieldsSchema, PUBLISH_MESSAGES, tagsSchema, whatsappSchema } from '#shared/product-form';
import type { FieldErrors } from './field-errors';

/** The form as typed: text inputs hold strings; the schemas turn them into the API's body. */
export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  whatsapp: string;
  category: string;
  condition: 'nuevo' | 'usado';
  career: string;
  tags: string[];
}

export const EMPTY_FORM: ProductFormValues = {
  title: '',
  description: '',
  price: '',
  whatsapp: '',
  category: '',
  condition: 'usado',
  career: '',
  tags: [],
};

/** Editing these clears an earlier moderation result (spec: title, description, category, price, images). */
export const MODERATED_FIELDS: readonly (keyof ProductFormValues)[] = ['title', 'description', 'category', 'price'];

export type Moderation =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'done'; result: ModerationResult }
  | { status: 'error' };

/** Publishing is allowed only with an approved result for the current text (spec state machine). */
export const isApproved = (m: Moderation) => m.status === 'done' && m.result.approved;

const toPrice = (text: string) => (text.trim() === '' ? 0 : Number(text.replace(',', '.')));

function listingInput(v: ProductFormValues) {
  return {
    title: v.title,
    description: v.description,
    price: toPrice(v.price),
    category: v.category,
    condition: v.condition,
    career: v.career || null,
  };
}

/** The spec's precondition of a content check: title, category and price. */
export function moderationPrecondition(v: ProductFormValues): string | null {
  const ok = v.title.trim() !== '' && v.category !== '' && toPrice(v.price) > 0;
  return ok ? null : PUBLISH_MESSAGES.moderationNeedsFields;
}

export function moderationBody(v: ProductFormValues, imageKey: string | null = null) {
  const parsed = listingFieldsSchema.safeParse(listingInput(v));
  return parsed.success ? { ...parsed.data, image_key: imageKey } : null;
}

/** Every field's first message, or the body the API takes. */
export function validateProduct(
  v: ProductFormValues,
  universityId: string,
):
  | { ok: true; body: ReturnType<typeof listingFieldsSchema.parse> & { whatsapp_number: string; tags: string[]; university_id: string } }
  | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const listing = listingFieldsSchema.safeParse(listingInput(v));
  if (!listing.success)
    for (const issue of listing.error.issues) {
      const key = String(issue.path[0] ?? '');
      errors[key] ??= issue.message;
    }
  const phone = whatsappSchema.safeParse(v.whatsapp);
  if (!phone.success) errors.whatsapp = phone.error.issues[0]?.message;
  const tags = tagsSchema.safeParse(v.tags);
  if (!tags.success) errors.tags = tags.error.issues[0]?.message;
  if (!listing.success || !phone.success || !tags.success) return { ok: false, errors };
  return {
    ok: true,
    body: { ...listing.data, whatsapp_number: v.whatsapp, tags: tags.data, university_id: universityId },
  };
}
