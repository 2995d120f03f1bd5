import type { SortOrder } from '#shared/enums';

interface Sortable {
  id: number;
  price: number;
  created_at: string;
}

/** Newest first; equal timestamps by id, higher first, so every order is total and pages are stable. */
function newestFirst(a: Sortable, b: Sortable): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}

/**
 * The spec's sort orders, shared by both search adapters (OpenSearch's `sort` clause mirrors it in
 * opensearch.ts) and matching the DynamoDB fallback: equal prices fall back to newest first.
 */
export function compareForSort(a: Sortable, b: Sortable, sort: SortOrder): number {
  switch (sort) {
    case 'newest':
      return newestFirst(a, b);
    case 'oldest':
      return newestFirst(b, a);
    case 'price-low':
      return a.price - b.price || newestFirst(a, b);
    case 'price-high':
      return b.price - a.price || newestFirst(a, b);
  }
}

/**
 * A search's order: listings of the preferred condition (its first condition word's, 'silla nueva':
 * new chairs; docs/decisions/046) first, each part in the asked order. OpenSearch sorts by a
 * constant score of that condition first (opensearch.ts); the fallback sorts alike.
 */
export function compareForSearch(
  a: Sortable & { condition: string },
  b: Sortable & { condition: string },
  sort: SortOrder,
  preferred: string | undefined,
): number {
  if (preferred !== undefined && (a.condition === preferred) !== (b.condition === preferred))
    return a.condition === preferred ? -1 : 1;
  return compareForSort(a, b, sort);
}
