import { CAREERS, CATEGORIES, CONDITIONS } from '#shared/enums';
import { LIMITS, STORAGE_KEYS } from '#shared/limits';
import type { ProductSummary } from '#shared/schemas';
import { readJsonArray, write } from './storage';

/**
 * The recently viewed products in local storage (see ./storage.ts for the other keys). A module of
 * its own: the product page uses it, and a card only when clicked, so the first routes' JavaScript
 * does not carry its guard (docs/decisions/024-phone-speed.md).
 */

const isOneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);

/**
 * shared/schemas.ts productSummarySchema as a guard: the summary's keys only (others are dropped,
 * as the schema strips them), or null when a field is missing or of the wrong kind.
 */
function toProductSummary(v: unknown): ProductSummary | null {
  if (typeof v !== 'object' || v === null) return null;
  const p = v as Record<string, unknown>;
  const ok =
    typeof p.id === 'number' &&
    Number.isInteger(p.id) &&
    p.id > 0 &&
    typeof p.title === 'string' &&
    typeof p.price === 'number' &&
    Number.isFinite(p.price) &&
    p.price >= 0 &&
    isOneOf(CATEGORIES, p.category) &&
    (p.career === null || isOneOf(CAREERS, p.career)) &&
    isOneOf(CONDITIONS, p.condition) &&
    (p.image === null || typeof p.image === 'string') &&
    typeof p.university_id === 'string' &&
    typeof p.created_at === 'string';
  if (!ok) return null;
  const { id, title, price, category, career, condition, image, university_id, created_at } =
    p as ProductSummary;
  return { id, title, price, category, career, condition, image, university_id, created_at };
}

// --- recentlyViewedProducts: product summaries (so a list renders without a request), newest first, capped at 10.

export function getRecentlyViewed(): ProductSummary[] {
  // Entries are checked one by one: one bad entry must not drop the others.
  const items: ProductSummary[] = [];
  for (const entry of readJsonArray(STORAGE_KEYS.recentlyViewed)) {
    const summary = toProductSummary(entry);
    if (summary && !items.some((p) => p.id === summary.id)) items.push(summary);
  }
  return items.slice(0, LIMITS.recentlyViewed);
}

/** Forgets a product that is no longer offered (sold, taken down or deleted). */
export function removeRecentlyViewed(id: number): void {
  const current = getRecentlyViewed();
  if (current.some((p) => p.id === id))
    write(STORAGE_KEYS.recentlyViewed, JSON.stringify(current.filter((p) => p.id !== id)));
}

export function addRecentlyViewed(product: ProductSummary): ProductSummary[] {
  const summary = toProductSummary(product);
  if (!summary) throw new TypeError(`Not a product summary: ${JSON.stringify(product)}`);
  const next = [summary, ...getRecentlyViewed().filter((p) => p.id !== summary.id)].slice(
    0,
    LIMITS.recentlyViewed,
  );
  write(STORAGE_KEYS.recentlyViewed, JSON.stringify(next));
  return next;
}
