import type { Product } from '#shared/schemas';
import { type SearchTerms, searchMatcher } from '#shared/search-terms';
import { isListed } from '#shared/table';
import type { SearchQuery } from '../../ports/search-index';

/**
 * The spec's database fallback of a search, in memory, matching as the search index does: the
 * word rule of shared/search-terms.ts (accents folded, plurals, word prefix, whole-word synonyms, a
 * typo within the budget) over title, tags, category, career, description and seller. Every query
 * word must match; a condition word ('nueva') is the product's condition or one of its words.
 */

export type ProductFilters = Pick<
  SearchQuery,
  'university' | 'category' | 'career' | 'condition' | 'minPrice' | 'maxPrice' | 'hideReserved'
>;

export function matchesFilters(p: Product, f: ProductFilters): boolean {
  return (
    isListed(p) &&
    (!f.university || p.university_id === f.university) &&
    (!f.category || p.category === f.category) &&
    (!f.career || p.career === f.career) &&
    (!f.condition || p.condition === f.condition) &&
    (f.minPrice === undefined || p.price >= f.minPrice) &&
    (f.maxPrice === undefined || p.price <= f.maxPrice) &&
    (!f.hideReserved || p.status !== 'reserved')
  );
}

const newestFirst = (a: Product, b: Product) =>
  a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;

/** The spec's sort orders; ties by price fall back to newest first, so pages are stable. */
export function sortProducts(items: Product[], sort: SearchQuery['sort']): Product[] {
  const sorted = [...items];
  switch (sort) {
    case 'oldest':
      return sorted.sort((a, b) => newestFirst(b, a));
    case 'price-low':
      return sorted.sort((a, b) => a.price - b.price || newestFirst(a, b));
    case 'price-high':
      return sorted.sort((a, b) => b.price - a.price || newestFirst(a, b));
    default:
      return sorted.sort(newestFirst);
  }
}

/**
 * Everything a fallback search does to its candidates: match, filter, sort — the preferred
 * condition's products first (the first condition word's, docs/decisions/046), as the index does.
 * The text comes parsed (`terms`, read once by the catalog service), as the engines get it.
 */
export function filterAndSort(
  candidates: Product[],
  query: ProductFilters & { terms?: SearchTerms; sort: SearchQuery['sort'] },
): Product[] {
  const text = searchMatcher(query.terms);
  const sorted = sortProducts(
    candidates.filter((p) => matchesFilters(p, query) && text(p)),
    query.sort,
  );
  const preferred = query.terms?.preferred;
  if (preferred === undefined) return sorted;
  return [
    ...sorted.filter((p) => p.condition === preferred),
    ...sorted.filter((p) => p.condition !== preferred),
  ];
}
