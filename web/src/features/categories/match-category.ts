import { CATEGORIES, CATEGORY_LABELS, type Category } from '#shared/enums';
import { slugify } from '#shared/text';

/**
 * A route parameter → a category, by id ('electronica') or by accent-stripped hyphenated name
 * ('Electrónica', 'hogar-y-dormitorio').
 */
export function matchCategory(param: string | undefined): Category | null {
  if (!param) return null;
  if ((CATEGORIES as readonly string[]).includes(param)) return param as Category;
  const slug = slugify(param);
  return CATEGORIES.find((c) => c === slug || slugify(CATEGORY_LABELS[c]) === slug) ?? null;
}
