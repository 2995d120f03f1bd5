import { z } from 'zod';
import { LIMITS, STORAGE_KEYS } from '../../../shared/limits';
import { type ProductSummary, productSummarySchema, universityIdSchema } from '../../../shared/schemas';

/**
 * Typed access to the app's local-storage keys (shared/limits.ts STORAGE_KEYS). Every read is
 * parsed: corrupt JSON or unexpected shapes read as empty instead of breaking a page, and storage
 * that throws (private mode, quota) is treated as absent.
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

function readJson<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
  const raw = read(key);
  if (raw === null) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

// --- selectedUniversity: the bare id, as the original app stored it.

export function getSelectedUniversity(): string | null {
  const raw = read(STORAGE_KEYS.selectedUniversity);
  if (raw === null) return null;
  const parsed = universityIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function setSelectedUniversity(id: string): void {
  write(STORAGE_KEYS.selectedUniversity, id);
}

export function clearSelectedUniversity(): void {
  write(STORAGE_KEYS.selectedUniversity, null);
}

// --- searchHistory: distinct terms, newest first, capped at 5.

const historySchema = z.array(z.string());

export function getSearchHistory(): string[] {
  const items = readJson(STORAGE_KEYS.searchHistory, historySchema, []);
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
  const raw = readJson(STORAGE_KEYS.recentlyViewed, z.array(z.unknown()), []);
  // Entries are parsed one by one: one bad entry must not drop the others.
  const items: ProductSummary[] = [];
  for (const entry of raw) {
    const parsed = productSummarySchema.safeParse(entry);
    if (parsed.success && !items.some((p) => p.id === parsed.data.id)) items.push(parsed.data);
  }
  return items.slice(0, LIMITS.recentlyViewed);
}

export function addRecentlyViewed(product: ProductSummary): ProductSummary[] {
  const summary = productSummarySchema.parse(product);
  const next = [summary, ...getRecentlyViewed().filter((p) => p.id !== summary.id)].slice(
    0,
    LIMITS.recentlyViewed,
  );
  write(STORAGE_KEYS.recentlyViewed, JSON.stringify(next));
  return next;
}
