import { CAREER_LABELS, CATEGORY_LABELS } from '#shared/enums';
import type { Product } from '#shared/schemas';
import { expandQuery } from '#shared/synonyms';
import { fold } from '#shared/text';
import type { SearchQuery } from '../ports/search-index';

/**
 * The spec's database fallback of a search, in memory: case- and accent-insensitive partial match
 * across title, description, category, seller_name and career, plus tag containment, built from
 * the term and its synonyms. Every query word must match one of its alternatives.
 */
export function searchableText(p: Product): { text: string; tags: string[] } {
  const parts = [
    p.title,
    p.description ?? '',
    p.category,
    CATEGORY_LABELS[p.category] ?? '',
    p.seller_name,
    p.career ?? '',
    p.career ? (CAREER_LABELS[p.career] ?? '') : '',
  ];
  return { text: fold(parts.join(' \n ')), tags: p.tags.map(fold) };
}

/** `expanded` is expandQuery(q): for each query word, the alternatives that may match it. */
export function matchesText(p: Product, expanded: string[][]): boolean {
  if (expanded.length === 0) return true;
  const { text, tags } = searchableText(p);
  return expanded.every((alternatives) =>
    alternatives.some((alt) => text.includes(alt) || tags.some((tag) => tag.includes(alt))),
  );
}

export type ProductFilters = Pick<
  SearchQuery,
  'university' | 'category' | 'career' | 'condition' | 'minPrice' | 'maxPrice'
>;

export function matchesFilters(p: Product, f: ProductFilters): boolean {
  return (
    p.status === 'active' &&
    (!f.university || p.university_id === f.university) &&
    (!f.category || p.category === f.category) &&
    (!f.career || p.career === f.career) &&
    (!f.condition || p.condition === f.condition) &&
    (f.minPrice === undefined || p.price >= f.minPrice) &&
    (f.maxPrice === undefined || p.price <= f.maxPrice)
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

/** Everything a fallback search does to its candidates: match, filter, sort. */
export function filterAndSort(
  candidates: Product[],
  query: ProductFilters & { q?: string; sort: SearchQuery['sort'] },
): Product[] {
  const expanded = query.q ? expandQuery(query.q) : [];
  return sortProducts(
    candidates.filter((p) => matchesFilters(p, query) && matchesText(p, expanded)),
    query.sort,
  );
}
