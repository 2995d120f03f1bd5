import * as z from 'zod/mini';
import { ALERT_MESSAGES, type SavedSearchFilters } from './alert-texts';
import { CAREERS, CATEGORIES, CONDITIONS } from './enums';
import { LIMITS } from './limits';
import { API_MESSAGES } from './messages';
import { universityIdSchema } from './schemas';
import { tokenize } from './text';
import { trimmed } from './zod';

export {
  ALERT_MESSAGES,
  filterChips,
  MAX_NEW_PER_SEARCH,
  MAX_SAVED_SEARCHES,
  type SavedSearchFilters,
  searchLabel,
} from './alert-texts';

/**
 * Saved searches with alerts ('Crear alerta', /alertas; docs/decisions/031): a search's text and
 * filters, always inside one university, matched against every listing that goes on offer.
 */

const price = () =>
  z
    .number({ error: 'El precio debe ser un número.' })
    .check(
      z.gte(0, 'El precio no puede ser negativo.'),
      z.lte(LIMITS.priceMax, 'El precio es demasiado alto.'),
    );

/** What a saved search keeps: the search's text and filters, inside one university. */
const filtersShape = {
  university: universityIdSchema,
  q: z.optional(trimmed(LIMITS.searchMaxLength, API_MESSAGES.tooLong)),
  category: z.optional(z.enum(CATEGORIES, { error: API_MESSAGES.unknownCategory })),
  career: z.optional(z.enum(CAREERS, { error: API_MESSAGES.unknownCareer })),
  condition: z.optional(z.enum(CONDITIONS, { error: API_MESSAGES.unknownCondition })),
  minPrice: z.optional(price()),
  maxPrice: z.optional(price()),
};

export const savedSearchInputSchema = z.strictObject(filtersShape).check(
  z.refine((s) => s.minPrice === undefined || s.maxPrice === undefined || s.minPrice <= s.maxPrice, {
    message: ALERT_MESSAGES.invalidPriceRange,
    path: ['minPrice'],
  }),
);
export type SavedSearchInput = z.infer<typeof savedSearchInputSchema>;

/** A saved search as the API shows it. */
export const savedSearchSchema = z.object({
  id: z.string(),
  university: z.string(),
  q: z.optional(z.string()),
  category: z.optional(z.enum(CATEGORIES)),
  career: z.optional(z.enum(CAREERS)),
  condition: z.optional(z.enum(CONDITIONS)),
  minPrice: z.optional(z.number()),
  maxPrice: z.optional(z.number()),
  enabled: z.boolean(),
  created_at: z.string(),
  /** 'Nuevos para ti': listings that matched since the user last looked. */
  new_count: z.number(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({
  items: z.array(savedSearchSchema),
  max: z.number(),
});

export const alertIdParamsSchema = z.strictObject({
  alertId: z.string().check(z.regex(/^[a-f0-9]{24}$/, ALERT_MESSAGES.notFound)),
});

export const updateSavedSearchBodySchema = z.strictObject({
  enabled: z.boolean({ error: 'Indica si la alerta está activa (true o false).' }),
});

export const alertUnsubscribeQuerySchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(2000)),
});

/**
 * The search's filters without empty parts: text folded to its words (so 'Calculadora ' and
 * 'calculadora' are the same saved search), prices as given.
 */
export function normalizeFilters(input: SavedSearchInput): SavedSearchFilters {
  const words = input.q ? tokenize(input.q) : [];
  const out: SavedSearchFilters = { university: input.university };
  if (words.length > 0) out.q = input.q!.trim().replace(/\s+/g, ' ');
  if (input.category) out.category = input.category;
  if (input.career) out.career = input.career;
  if (input.condition) out.condition = input.condition;
  if (input.minPrice !== undefined) out.minPrice = input.minPrice;
  if (input.maxPrice !== undefined) out.maxPrice = input.maxPrice;
  return out;
}

/** True when a search has no text and no filter (its university alone is no search). */
export function isEmptySearch(f: SavedSearchFilters): boolean {
  return (
    f.q === undefined &&
    f.category === undefined &&
    f.career === undefined &&
    f.condition === undefined &&
    f.minPrice === undefined &&
    f.maxPrice === undefined
  );
}

/** The canonical text of a search (its identity for duplicates): folded words and filters. */
export function canonicalSearch(f: SavedSearchFilters): string {
  return JSON.stringify([
    f.university,
    f.q ? tokenize(f.q).join(' ') : null,
    f.category ?? null,
    f.career ?? null,
    f.condition ?? null,
    f.minPrice ?? null,
    f.maxPrice ?? null,
  ]);
}
