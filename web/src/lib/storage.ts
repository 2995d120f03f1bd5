import { CAREERS, CATEGORIES, CONDITIONS } from '#shared/enums';
import { parseUniversityId } from '#shared/ids';
import { LIMITS, STORAGE_KEYS } from '#shared/limits';
import type { ProductSummary } from '#shared/schemas';

/**
 * Typed access to the app's local-storage keys (shared/limits.ts STORAGE_KEYS). Every read is
 * checked: corrupt JSON or unexpected shapes read as empty instead of breaking a page, and storage
 * that throws (private mode, quota) is treated as absent. The checks are small explicit guards,
 * not zod: this module is on every page's initial JavaScript, zod is not.
 */

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working without remembering.
  }
}

/** The stored JSON array of a key; [] when absent, corrupt or not an array. */
function readJsonArray(key: string): unknown[] {
  const raw = read(key);
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

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

// --- selectedUniversity: the bare id, as the original app stored it.

export function getSelectedUniversity(): string | null {
  return parseUniversityId(read(STORAGE_KEYS.selectedUniversity));
}

export function setSelectedUniversity(id: string): void {
  write(STORAGE_KEYS.selectedUniversity, id);
}

export function clearSelectedUniversity(): void {
  write(STORAGE_KEYS.selectedUniversity, null);
}

// --- searchHistory: distinct terms, newest first, capped at 5.

export function getSearchHistory(): string[] {
  const stored = readJsonArray(STORAGE_KEYS.searchHistory);
  // As before: a history holding anything but strings is corrupt as a whole.
  const items = stored.every((t): t is string => typeof t === 'string') ? stored : [];
  return dedupe(items.map((t) => t.trim()).filter((t) => t.length > 0)).slice(0, LIMITS.searchHistory);
}

/** Puts a non-empty term at the front (moving it if already present); returns the new history. */
export function addSearchHistory(term: string): string[] {
  const trimmed = term.trim();
  const current = getSearchHistory();
  if (trimmed.length === 0) return current;
  const next = [trimmed, ...current.filter((t) => t !== trimmed)].slice(0, LIMITS.searchHistory);
  write(STORAGE_KEYS.searchHistory, JSON.stringify(next));
  return next;
}

export function clearSearchHistory(): void {
  write(STORAGE_KEYS.searchHistory, null);
}

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
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
