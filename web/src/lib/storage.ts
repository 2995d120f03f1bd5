import { parseUniversityId } from '#shared/ids';
import { LIMITS, STORAGE_KEYS } from '#shared/limits';
import { mirrorSelectedUniversity } from './university-cookie';

/**
 * Typed access to the app's local-storage keys (shared/limits.ts STORAGE_KEYS). Every read is
 * checked: corrupt JSON or unexpected shapes read as empty instead of breaking a page, and storage
 * that throws (private mode, quota) is treated as absent. The checks are small explicit guards,
 * not zod: this module is on every page's initial JavaScript, zod is not. The recently viewed
 * products are in ./recently-viewed.ts (their guard is only needed where they are read or written).
 */

export function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working without remembering.
  }
}

/** The stored JSON array of a key; [] when absent, corrupt or not an array. */
export function readJsonArray(key: string): unknown[] {
  const raw = read(key);
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

// --- selectedUniversity: the bare id, as the original app stored it.

export function getSelectedUniversity(): string | null {
  return parseUniversityId(read(STORAGE_KEYS.selectedUniversity));
}

const universityListeners = new Set<() => void>();

/** Calls `listener` when this tab chooses or clears the university (useSelectedUniversity's store). */
export function subscribeSelectedUniversity(listener: () => void): () => void {
  universityListeners.add(listener);
  return () => {
    universityListeners.delete(listener);
  };
}

export function setSelectedUniversity(id: string): void {
  write(STORAGE_KEYS.selectedUniversity, id);
  mirrorSelectedUniversity(id);
  for (const listener of universityListeners) listener();
}

export function clearSelectedUniversity(): void {
  write(STORAGE_KEYS.selectedUniversity, null);
  mirrorSelectedUniversity(null);
  for (const listener of universityListeners) listener();
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
