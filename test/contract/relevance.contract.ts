import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearchIndex } from '../../functions/ports/alerts';
import type { SearchIndex } from '../../functions/ports/search-index';
import { type CatalogDeps, listProducts } from '../../functions/services/catalog/catalog';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { LIMITS } from '#shared/limits';
import { listProductsQuerySchema } from '#shared/schemas';
import { failingIndex, memoryCounts, memoryProducts } from '../../scripts/demo/search-agreement';
import { RELEVANCE_PRODUCTS, relevanceId as id } from '../../scripts/demo/relevance-corpus';
import { savedSearch } from './saved-search-index.contract';

/**
 * Relevance of the condition words (docs/decisions/046), through the catalog service as a buyer's
 * search runs: a query's 'nueva', 'usado', 'segunda mano'… is soft — the listing's condition OR its
 * own words ('casi nueva', 'como nuevo', 'nuevos de paquete', 'nunca usado') — and the first
 * condition word's listings rank first; the condition chosen in the UI stays a hard filter; order
 * words only order. Every search is asked of the engine and of the DynamoDB fallback (an index that
 * fails), which must answer alike. Saved searches match by the same rule. `search` and `alerts`
 * must return EMPTY indexes; the corpus is scripts/demo/relevance-corpus.ts (ids 900001–900008).
 */
export function runRelevanceContract(
  name: string,
  factories: {
    search: () => Promise<SearchIndex> | SearchIndex;
    alerts: () => Promise<SavedSearchIndex> | SavedSearchIndex;
  },
) {
  describe(`relevance of condition words: ${name}`, () => {
    let engine: SearchIndex;
    const products = memoryProducts([...RELEVANCE_PRODUCTS]);
    const counts = memoryCounts([...RELEVANCE_PRODUCTS]);
    const deps = (search: SearchIndex): CatalogDeps => ({
      products,
      counts,
      search,
      searchTimeoutMs: 10_000,
    });

    beforeAll(async () => {
      engine = await factories.search();
      await engine.upsert(RELEVANCE_PRODUCTS.map(toSearchDocument));
    });

    /** The ids found (first page) by the engine; the fallback must find the same, with the same total. */
    async function found(params: Record<string, string | number>): Promise<number[]> {
      const query = listProductsQuerySchema.parse({ limit: LIMITS.pageSizeMax, ...params });
      const byEngine = await listProducts(deps(engine), query);
      const byFallback = await listProducts(deps(failingIndex), query);
      const ids = byEngine.items.map((p) => p.id);
      expect(
        byFallback.items.map((p) => p.id),
        `fallback for ${JSON.stringify(params)}`,
      ).toEqual(ids);
      expect(byEngine.total).toBe(ids.length);
      expect(byFallback.total).toBe(ids.length);
      return ids;
    }

    it("a used listing titled 'Silla casi nueva' is found by its own title", async () => {
      expect(await found({ q: 'silla casi nueva' })).toEqual([id(1)]);
    });

    it("'silla nueva' finds the new chairs first, then the used ones whose words say 'nueva'", async () => {
      // 2 is new and says nothing; 4 ('como nueva') and 1 ('casi nueva') are used: newest first.
      // The used folding chair (3) says nothing of the kind: not found.
      expect(await found({ q: 'silla nueva' })).toEqual([id(2), id(4), id(1)]);
      // Any form of the word: gender and number.
      expect(await found({ q: 'sillas nuevos' })).toEqual([id(2), id(4), id(1)]);
    });

    it("'como nuevo' and 'nuevo de paquete' find the used listings that say so", async () => {
      expect(await found({ q: 'silla como nuevo' })).toEqual([id(4)]);
      expect(await found({ q: 'audifonos nuevos de paquete' })).toEqual([id(5)]);
      expect(await found({ q: 'audifonos nuevos' })).toEqual([id(6), id(5)]);
    });

    it("'usado' is soft too: the used books first, then a new one whose words say 'nunca usado'", async () => {
      expect(await found({ q: 'libro usado' })).toEqual([id(8), id(7)]);
      expect(await found({ q: 'libro de segunda mano' })).toEqual([id(8)]);
    });

    it('the condition chosen in the UI stays a hard filter', async () => {
      expect(await found({ q: 'silla nueva', condition: 'usado' })).toEqual([id(4), id(1)]);
      expect(await found({ q: 'silla', condition: 'nuevo' })).toEqual([id(2)]);
      expect(await found({ q: 'libro usado', condition: 'nuevo' })).toEqual([id(7)]);
    });

    it("order words only order: 'barata' keeps every chair, cheapest first, the condition's first", async () => {
      expect(await found({ q: 'silla barata' })).toEqual([id(3), id(4), id(1), id(2)]);
      expect(await found({ q: 'silla nueva barata' })).toEqual([id(2), id(4), id(1)]);
      expect(await found({ q: 'silla nueva costosa' })).toEqual([id(2), id(1), id(4)]);
      // An order chosen in the UI orders each part of the ranking.
      expect(await found({ q: 'silla usada', sort: 'price-high' })).toEqual([id(1), id(4), id(3)]);
    });

    it("an alert saved for 'silla nueva' fires for a used 'Silla casi nueva' and a new chair, by the same rule", async () => {
      const alerts = await factories.alerts();
      const nueva = savedSearch({ university: 'ucv', q: 'silla nueva' });
      const casi = savedSearch({ university: 'ucv', q: 'silla casi nueva' });
      const barata = savedSearch({ university: 'ucv', q: 'silla barata' });
      const usedOnly = savedSearch({ university: 'ucv', q: 'silla nueva', condition: 'usado' });
      const usado = savedSearch({ university: 'ucv', q: 'libro usado' });
      await alerts.put([nueva, casi, barata, usedOnly, usado]);
      const matchedBy = async (n: number) => {
        const doc = toSearchDocument(RELEVANCE_PRODUCTS.find((p) => p.id === id(n))!);
        return (await alerts.match(doc, null)).map((m) => m.id).sort();
      };
      expect(await matchedBy(1)).toEqual([nueva.id, casi.id, barata.id, usedOnly.id].sort());
      expect(await matchedBy(2)).toEqual([nueva.id, barata.id].sort());
      expect(await matchedBy(3)).toEqual([barata.id]);
      expect(await matchedBy(7)).toEqual([usado.id]);
      // The search finds what the alerts fire for.
      expect(await found({ q: 'silla nueva' })).toEqual(expect.arrayContaining([id(1), id(2)]));
    });
  });
}
