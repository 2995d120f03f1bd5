import {
  CAREER_LABELS,
  CATEGORY_LABELS,
  CONDITION_LABELS,
  type Career,
  type Category,
  type Condition,
} from './enums';
import { API_MESSAGES } from './messages';
import { formatUsd } from './money';

/**
 * Saved searches' texts and limits without zod (docs/decisions/031): the web's /alertas chunk and
 * 'Crear alerta' read these; shared/alerts.ts adds the API's schemas.
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

export interface SavedSearchFilters {
  university: string;
  q?: string;
  category?: Category;
  career?: Career;
  condition?: Condition;
  minPrice?: number;
  maxPrice?: number;
}

// The one money format (decision 033).
const usd = formatUsd;

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
