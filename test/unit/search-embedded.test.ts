import { describe, expect, it } from 'vitest';
import {
  createEmbeddedSearchIndex,
  getEmbeddedSearchIndex,
  withinEdits,
} from '../../functions/adapters/search/embedded';
import { boundedEditDistance } from '#shared/text';
import type { SearchDocument } from '../../functions/ports/search-index';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import { runRelevanceContract } from '../contract/relevance.contract';
import { runSearchIndexContract } from '../contract/search-index.contract';
import { searchTerms } from '#shared/search-terms';

runSearchIndexContract('embedded', () => createEmbeddedSearchIndex());

runRelevanceContract('embedded', {
  search: () => createEmbeddedSearchIndex(),
  alerts: () => createEmbeddedSavedSearchIndex(),
});

describe('embedded search index', () => {
  it('is one instance per process, so the indexer and the handlers share it', () => {
    expect(getEmbeddedSearchIndex()).toBe(getEmbeddedSearchIndex());
    expect(createEmbeddedSearchIndex()).not.toBe(createEmbeddedSearchIndex());
  });

  it('keeps the sort orders right across small (spliced) and large (re-sorted) batches', async () => {
    // Prepare: 200 documents with colliding prices and timestamps, written one by one and in bulk.
    const docs: SearchDocument[] = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      title: `Producto ${i + 1}`,
      price: (i * 7) % 13,
      category: 'otros',
      career: null,
      condition: 'usado',
      image: null,
      university_id: 'ucv',
      created_at: `2024-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
      description: null,
      tags: [],
      seller_name: 'Vendedor',
    }));
    const single = createEmbeddedSearchIndex();
    const bulk = createEmbeddedSearchIndex();
    await single.search({ sort: 'price-low', limit: 1, offset: 0 }); // materialise the orders first
    for (const d of [...docs].reverse()) await single.upsert([d]);
    await bulk.upsert(docs);
    await single.remove([5, 77]);
    await bulk.remove([5, 77]);
    // Act + Assess
    for (const sort of ['newest', 'oldest', 'price-low', 'price-high'] as const) {
      const a = await single.search({ sort, limit: 60, offset: 30 });
      const b = await bulk.search({ sort, limit: 60, offset: 30 });
      expect(a.total).toBe(198);
      expect(a.items.map((i) => i.id)).toEqual(b.items.map((i) => i.id));
    }
    // Word prefixes read the vocabulary, also spliced or rebuilt: both must agree, without removed words.
    for (const q of ['1', '19', '5', 'prod']) {
      const a = await single.search({ terms: searchTerms(q), sort: 'oldest', limit: 60, offset: 0 });
      const b = await bulk.search({ terms: searchTerms(q), sort: 'oldest', limit: 60, offset: 0 });
      expect(a).toEqual(b);
    }
    expect(
      (await single.search({ terms: searchTerms('19'), sort: 'oldest', limit: 60, offset: 0 })).total,
    ).toBe(11);
    expect(
      (await single.search({ terms: searchTerms('5'), sort: 'newest', limit: 60, offset: 0 })).items.map(
        (i) => i.id,
      ),
    ).not.toContain(5);
    const newest = (await bulk.search({ sort: 'newest', limit: 3, offset: 0 })).items.map((i) => i.id);
    expect(newest).toEqual([196, 168, 140]);
  });
});

describe('withinEdits (the banded typo check)', () => {
  it('agrees with the plain edit distance on random words', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const word = () => Array.from({ length: 1 + rand(10) }, () => 'abcde'[rand(5)]).join('');
    for (let i = 0; i < 5000; i++) {
      const a = word();
      const b = word();
      for (const max of [0, 1, 2]) {
        expect(withinEdits(a, b, max), `${a} ${b} ${max}`).toBe(boundedEditDistance(a, b, max) <= max);
      }
    }
  });
});

describe('embedded search index: scope totals', () => {
  it('keeps university and category totals exact across inserts, moves and removals', async () => {
    // Prepare: 120 documents over 3 universities and 4 categories.
    const universities = ['ucab', 'usm', 'ucv'];
    const categories = ['libros', 'ropa', 'musica', 'otros'] as const;
    const docs: SearchDocument[] = Array.from({ length: 120 }, (_, i) => ({
      id: i + 1,
      title: `Artículo ${i + 1}`,
      price: i,
      category: categories[i % 4],
      career: null,
      condition: 'usado',
      image: null,
      university_id: universities[i % 3],
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      description: null,
      tags: [],
      seller_name: 'Vendedor',
    }));
    const index = createEmbeddedSearchIndex();
    await index.upsert(docs);
    // Act: move one document to another university and category, re-upsert one unchanged, remove two.
    const moved = { ...docs[0], university_id: 'usm', category: 'ropa' as const };
    await index.upsert([moved, docs[1]]);
    await index.remove([10, 11, 9999]);
    const live = [moved, ...docs.slice(1)].filter((d) => d.id !== 10 && d.id !== 11);
    // Assess: every scope's total (and its first page) equals a brute-force count.
    for (const university of [...universities, undefined]) {
      for (const category of [...categories, undefined]) {
        if (!university && !category) continue;
        const expected = live.filter(
          (d) => (!university || d.university_id === university) && (!category || d.category === category),
        );
        for (const sort of ['newest', 'oldest'] as const) {
          const result = await index.search({ university, category, sort, limit: 5, offset: 0 });
          expect(result.total).toBe(expected.length);
          const ids = [...expected]
            .sort((a, b) => (sort === 'newest' ? b.id - a.id : a.id - b.id))
            .slice(0, 5)
            .map((d) => d.id);
          expect(result.items.map((d) => d.id)).toEqual(ids);
        }
      }
    }
  });
});
