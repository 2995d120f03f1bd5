// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_CATEGORIES } from '#shared/enums';
import { product } from '@/testing/fixtures';
import { fakeApi } from '@/testing/render';
import { getCategorySections } from './get-category-sections';

afterEach(() => vi.unstubAllGlobals());

describe('getCategorySections', () => {
  it("asks each filter category's newest products and keeps the order of the categories", async () => {
    const { requests } = fakeApi((req) => {
      const category = req.url.searchParams.get('category');
      const items = category === 'libros' ? [product({ id: 1, category: 'libros' })] : [];
      return { body: { items, total: items.length, nextCursor: null } };
    });
    const sections = await getCategorySections('ucab');
    expect(sections.map((s) => s.category)).toEqual([...FILTER_CATEGORIES]);
    expect(sections.find((s) => s.category === 'libros')?.items.map((p) => p.id)).toEqual([1]);
    expect(requests.map((r) => r.url.searchParams.get('category'))).toEqual([...FILTER_CATEGORIES]);
    for (const r of requests) {
      expect(r.url.searchParams.get('university')).toBe('ucab');
      expect(r.url.searchParams.get('limit')).toBe('4');
      expect(r.url.searchParams.get('sort')).toBe('newest');
    }
  });

  it('shows a category whose call failed as an empty one, the others as they came', async () => {
    fakeApi((req) =>
      req.url.searchParams.get('category') === 'libros'
        ? { status: 500, body: { error: { code: 'InternalError', message: 'Ocurrió un error inesperado' } } }
        : { body: { items: [product({ id: 2, category: 'ropa' })], total: 1, nextCursor: null } },
    );
    const sections = await getCategorySections('ucab');
    expect(sections.find((s) => s.category === 'libros')?.items).toEqual([]);
    expect(sections.find((s) => s.category === 'ropa')?.items.map((p) => p.id)).toEqual([2]);
  });

  it('fails when every call failed, so the query reports it and retries', async () => {
    fakeApi(() => ({ status: 503, body: { error: { code: 'Unavailable', message: 'No disponible' } } }));
    await expect(getCategorySections('ucab')).rejects.toMatchObject({ status: 503 });
  });
});
