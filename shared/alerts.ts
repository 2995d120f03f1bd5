import * as z from 'zod/mini';
import {
  CAREER_LABELS,
  CAREERS,
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITION_LABELS,
  CONDITIONS,
  type Career,
  type Category,
  type Condition,
} from './enums';
import { LIMITS } from './limits';
import { API_MESSAGES } from './messages';
import { universityIdSchema } from './schemas';
import { tokenize } from './text';
import { trimmed } from './zod';

/**
 * Saved searches with alerts ('Crear alerta', /alertas; docs/decisions/031): a search's text and
 * filters, always inside one university, matched against every listing that goes on offer.
 */

/** At most this many saved searches per user. */
export const MAX_SAVED_SEARCHES = 10;
/** 'Nuevos para ti': the listing ids kept per saved search until seen. */
export const MAX_NEW_PER_SEARCH = 50;

export const ALERT_MESSAGES = {
  tooMany: `Ya tienes ${MAX_SAVED_SEARCHES} alertas guardadas. Elimina una para crear otra.`,
  empty: 'Escribe qué buscas o elige al menos un filtro para crear una alerta.',
  duplicate: 'Ya tienes una alerta con esta misma búsqueda.',
  notFound: 'No encontramos esa alerta.',
  unknownUniversity: 'Elige una universidad válida para tu alerta.',
  invalidPriceRange: API_MESSAGES.invalidPriceRange,
  invalidUnsubscribeLink: 'El enlace para dejar de recibir alertas no es válido.',
} as const;

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

export interface SavedSearchFilters {
  university: string;
  q?: string;
  category?: Category;
  career?: Career;
  condition?: Condition;
  minPrice?: number;
  maxPrice?: number;
}

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

const usd = (n: number) => `$${n.toFixed(2)}`;

/** The chips /alertas shows for a search's filters, in Spanish. */
export function filterChips(f: Omit<SavedSearchFilters, 'university'>): string[] {
  const chips: string[] = [];
  if (f.q) chips.push(`"${f.q}"`);
  if (f.category) chips.push(CATEGORY_LABELS[f.category]);
  if (f.career) chips.push(CAREER_LABELS[f.career]);
  if (f.condition) chips.push(CONDITION_LABELS[f.condition]);
  if (f.minPrice !== undefined && f.maxPrice !== undefined)
    chips.push(`${usd(f.minPrice)} – ${usd(f.maxPrice)}`);
  else if (f.minPrice !== undefined) chips.push(`Desde ${usd(f.minPrice)}`);
  else if (f.maxPrice !== undefined) chips.push(`Hasta ${usd(f.maxPrice)}`);
  return chips;
}

/** How a mail names a search: its text, else its first filter. */
export function searchLabel(f: Omit<SavedSearchFilters, 'university'>): string {
  return f.q ?? filterChips(f)[0] ?? 'tu alerta';
}
