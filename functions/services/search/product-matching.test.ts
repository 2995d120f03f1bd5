import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas';
import { searchMatcher, searchTerms } from '#shared/search-terms';
import { filterAndSort } from './product-matching';
import { aProduct } from '../../../test/support/product-fixture';

const product = aProduct;

/** Whether a product matches a search text, read as the catalog service reads it. */
const matchesText = (p: Product, q: string) => searchMatcher(searchTerms(q))(p);

describe('fallback matching', () => {
  it('ignores accents both ways and matches partial words', () => {
    expect(matchesText(product({ title: 'Calculadora científica' }), 'cientifica')).toBe(true);
    expect(matchesText(product({ title: 'Calculadora cientifica' }), 'CIENTÍFICA')).toBe(true);
    expect(matchesText(product({ title: 'Calculadora' }), 'calcu')).toBe(true);
    expect(matchesText(product({ title: 'Calculadora' }), 'guitarra')).toBe(false);
  });

  it('uses synonyms, tags, seller and career; every word must match', () => {
    expect(matchesText(product({ title: 'Laptop Lenovo' }), 'computadora')).toBe(true);
    expect(matchesText(product({ title: 'X', tags: ['Cálculo'] }), 'calculo')).toBe(true);
    expect(matchesText(product({ seller_name: 'María Pérez' }), 'perez')).toBe(true);
    expect(matchesText(product({ career: 'ingenieria' }), 'ingeniería')).toBe(true);
    expect(matchesText(product({ title: 'Silla roja' }), 'silla azul')).toBe(false);
  });

  it('filters inactive products out and sorts by price with stable ties', () => {
    const items = [
      product({ id: 1, price: 30 }),
      product({ id: 2, price: 10, created_at: '2025-01-02T00:00:00.000Z' }),
      product({ id: 3, price: 10, created_at: '2025-01-03T00:00:00.000Z' }),
      product({ id: 4, price: 5, status: 'sold' }),
    ];
    expect(filterAndSort(items, { sort: 'price-low' }).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(filterAndSort(items, { sort: 'price-high', maxPrice: 20 }).map((p) => p.id)).toEqual([3, 2]);
  });
});
