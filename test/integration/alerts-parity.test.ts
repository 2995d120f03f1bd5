import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import type { MatchableSearch } from '../../functions/ports/alerts';
import type { SearchDocument } from '../../functions/ports/search-index';
import { TEMPLATES } from '../../scripts/demo/catalogue';
import { prng } from '../../scripts/demo/data';
import { CAREERS, CATEGORIES, CONDITIONS } from '#shared/enums';
import { ITEM_SYNONYMS } from '#shared/synonyms';
import { tokenize } from '#shared/text';
import { deleteIndexes, localSavedSearchIndex, uniqueIndexName } from '../support/opensearch';

/**
 * Matching parity (docs/decisions/031): OpenSearch's percolator (the real engine, docs/decisions/044)
 * and the embedded reverse index must alert the same saved searches for every listing. 200 listings
 * from the demo catalogue, 50 saved searches of every kind (plain words, typos, prefixes, synonyms,
 * two words, filters only, price ranges, turned off, the seller's own), each listing percolated by
 * both.
 */
const random = prng(31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const UNIVERSITIES = ['ucv', 'ucab', 'usb'];

const listings: SearchDocument[] = Array.from({ length: 200 }, (_, i) => {
  const [title, category, low, high, career, tags, description] = pick(TEMPLATES);
  return {
    id: i + 1,
    title,
    price: Math.round((low + random() * (high - low)) * 100) / 100,
    category,
    career,
    condition: pick(CONDITIONS),
    image: null,
    university_id: pick(UNIVERSITIES),
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    description,
    tags: [...tags],
    seller_name: `Vendedor ${i % 7}`,
  };
});
const sellerOf = (doc: SearchDocument) => `seller-${doc.id % 5}`;

/** Words of the catalogue long enough for typos and prefixes. */
const words = [...new Set(listings.flatMap((l) => tokenize(`${l.title} ${l.tags.join(' ')}`)))].filter(
  (w) => w.length >= 5 && !/\d/.test(w),
);
const typo = (w: string) => {
  const i = 1 + Math.floor(random() * (w.length - 2));
  return `${w.slice(0, i)}${w[i] === 'x' ? 'y' : 'x'}${w.slice(i + 1)}`;
};

type Kind = 'word' | 'typo' | 'prefix' | 'synonym' | 'two words' | 'filters only' | 'off' | 'seller';
const kinds: Kind[] = ['word', 'typo', 'prefix', 'synonym', 'two words', 'filters only', 'off', 'seller'];
const searches: (MatchableSearch & { kind: Kind })[] = Array.from({ length: 50 }, (_, i) => {
  const kind = kinds[i % kinds.length];
  const base = {
    id: `search-${String(i).padStart(3, '0')}`,
    user_id: kind === 'seller' ? `seller-${i % 5}` : `buyer-${i}`,
    enabled: kind !== 'off',
    university: pick(UNIVERSITIES),
    kind,
  };
  const filters =
    i % 3 === 0
      ? { maxPrice: Math.round(10 + random() * 150) }
      : i % 3 === 1
        ? { minPrice: Math.round(random() * 20), condition: pick(CONDITIONS) }
        : {};
  switch (kind) {
    case 'word':
    case 'off':
    case 'seller':
      return { ...base, ...filters, q: pick(words) };
    case 'typo':
      return { ...base, q: typo(pick(words.filter((w) => w.length >= 8))) };
    case 'prefix':
      return { ...base, ...filters, q: pick(words).slice(0, 4) };
    case 'synonym':
      return { ...base, q: pick(pick(ITEM_SYNONYMS)) };
    case 'two words': {
      // Two words of one listing (the second cut to a prefix), so both can match together.
      const own = tokenize(pick(listings).title).filter((w) => w.length >= 5);
      return { ...base, ...filters, q: own.length >= 2 ? `${own[0]} ${own[1].slice(0, 5)}` : pick(words) };
    }
    default: // 'filters only'
      return {
        ...base,
        category: pick(CATEGORIES),
        ...(random() < 0.5 ? { career: pick(CAREERS) } : { maxPrice: 50 }),
      };
  }
});

const percolatorIndex = uniqueIndexName('parity');
afterAll(() => deleteIndexes(percolatorIndex));

describe("alert matching parity: OpenSearch's percolator and the embedded reverse index", () => {
  // 200 percolations, four at a time (the node's search threads on two cores).
  it('alert the same saved searches for each of 200 listings', { timeout: 120_000 }, async () => {
    const index = createEmbeddedSavedSearchIndex();
    await index.put(searches);
    const percolator = localSavedSearchIndex(percolatorIndex);
    await percolator.put(searches);
    const percolated = new Map<number, string[]>();
    for (let i = 0; i < listings.length; i += 4)
      await Promise.all(
        listings.slice(i, i + 4).map(async (doc) => {
          const matches = await percolator.match(doc, sellerOf(doc));
          percolated.set(doc.id, matches.map((m) => m.id).sort());
        }),
      );
    const byKind = new Map<Kind, number>();
    let pairs = 0;
    for (const doc of listings) {
      const embedded = (await index.match(doc, sellerOf(doc))).map((m) => m.id).sort();
      expect(embedded, `listing ${doc.id} '${doc.title}'`).toEqual(percolated.get(doc.id));
      pairs += embedded.length;
      for (const id of embedded) {
        const kind = searches.find((s) => s.id === id)!.kind;
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
    }
    // Not a vacuous agreement: many pairs, and every kind of text search found something.
    expect(pairs).toBeGreaterThan(30);
    for (const kind of ['word', 'typo', 'prefix', 'synonym', 'two words', 'filters only'] as const)
      expect(byKind.get(kind) ?? 0, kind).toBeGreaterThan(0);
    // A turned-off search, and a seller's own listing, never alert.
    expect(byKind.get('off') ?? 0).toBe(0);
  });
});
