// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import { product } from '../testing/fixtures';
import { addRecentlyViewed, getRecentlyViewed } from './recently-viewed';
import { addSearchHistory, getSearchHistory, getSelectedUniversity, setSelectedUniversity } from './storage';

beforeEach(() => localStorage.clear());

describe('searchHistory', () => {
  it('keeps 5 distinct entries, newest first, moving a repeated term to the front', () => {
    for (const term of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6']) addSearchHistory(term);
    expect(getSearchHistory()).toEqual(['f6', 'e5', 'd4', 'c3', 'b2']);
    addSearchHistory('  d4 ');
    expect(getSearchHistory()).toEqual(['d4', 'f6', 'e5', 'c3', 'b2']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchHistory) ?? '')).toHaveLength(5);
  });

  it('ignores empty terms and survives corrupt JSON', () => {
    addSearchHistory('   ');
    expect(getSearchHistory()).toEqual([]);
    localStorage.setItem(STORAGE_KEYS.searchHistory, '{not json');
    expect(getSearchHistory()).toEqual([]);
    expect(addSearchHistory('libros')).toEqual(['libros']);
  });
});

describe('recentlyViewedProducts', () => {
  it('keeps the last 10 distinct products, newest first', () => {
    for (let id = 1; id <= 12; id++) addRecentlyViewed(product({ id }));
    addRecentlyViewed(product({ id: 5 }));
    const ids = getRecentlyViewed().map((p) => p.id);
    expect(ids).toEqual([5, 12, 11, 10, 9, 8, 7, 6, 4, 3]);
  });

  it('drops malformed entries without losing the valid ones', () => {
    localStorage.setItem(STORAGE_KEYS.recentlyViewed, JSON.stringify([{ id: 'x' }, product({ id: 7 }), 42]));
    expect(getRecentlyViewed().map((p) => p.id)).toEqual([7]);
    localStorage.setItem(STORAGE_KEYS.recentlyViewed, 'garbage');
    expect(getRecentlyViewed()).toEqual([]);
    localStorage.setItem(
      STORAGE_KEYS.recentlyViewed,
      JSON.stringify([{ ...product({ id: 8 }), category: 'naves' }]),
    );
    expect(getRecentlyViewed()).toEqual([]);
  });

  it('stores only the summary fields of what it is given', () => {
    addRecentlyViewed({ ...product({ id: 3 }), seller_email: 'a@b.ve', description: 'larga' } as ReturnType<
      typeof product
    >);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.recentlyViewed) ?? '[]') as Record<
      string,
      unknown
    >[];
    expect(stored[0]).toEqual(product({ id: 3 }));
    expect(stored[0]).not.toHaveProperty('seller_email');
  });
});

describe('selectedUniversity', () => {
  it('stores the bare id and rejects values that are not university ids', () => {
    setSelectedUniversity('ucab');
    expect(localStorage.getItem(STORAGE_KEYS.selectedUniversity)).toBe('ucab');
    expect(getSelectedUniversity()).toBe('ucab');
    localStorage.setItem(STORAGE_KEYS.selectedUniversity, '<script>');
    expect(getSelectedUniversity()).toBeNull();
  });
});
