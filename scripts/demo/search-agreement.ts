import { isListed } from '#shared/table';
// Does the DynamoDB fallback answer the everyday searches as the search index does?
//   LOG_LEVEL=silent npx tsx scripts/demo/search-agreement.ts   the agreement figure and every disagreement
// Each query of scripts/demo/search-queries.ts runs on the whole demo catalogue and within one
// university, through the catalog service twice: once with the embedded engine as the index (what
// OpenSearch does in AWS; both pass the same contract), once with an index that fails, so the
// fallback answers from the same products held in an in-memory repository.
import { fileURLToPath } from 'node:url';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import type { CountStore } from '../../functions/ports/counts';
import type { Page, ProductListingScope, ProductRepository } from '../../functions/ports/repositories';
import type { SearchIndex } from '../../functions/ports/search-index';
import { type CatalogDeps, listProducts } from '../../functions/services/catalog/catalog';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { parseProductRow } from '../../functions/services/publishing/product-import';
import { LIMITS } from '#shared/limits';
import { type Product, listProductsQuerySchema } from '#shared/schemas';
import { productListingPartitions } from '#shared/table';
import { DEMO_UNIVERSITIES, generateDemoExport } from './data';
import { type CorpusQuery, EVERYDAY_QUERIES } from './search-queries';

/** The demo catalogue as the table holds it (every status), with fixed dates. */
export function demoProducts(): Product[] {
  const demo = generateDemoExport({ now: new Date('2026-01-15T12:00:00.000Z') });
  return demo.products.map((row) => {
    const parsed = parseProductRow(row);
    if (!parsed.ok) throw new Error(`demo product ${row.id}: ${parsed.reason}`);
    return parsed.value;
  });
}

const newestFirst = (a: Product, b: Product) =>
  a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;

/** listActive over an array, as the listing indexes serve it (active only, by scope, by date). */
export function memoryProducts(all: Product[]): ProductRepository {
  const unused = () => {
    throw new Error('not used by the catalog search');
  };
  return {
    nextId: unused,
    raiseIdFloor: unused,
    get: async (id) => all.find((p) => p.id === id) ?? null,
    getMany: unused,
    putIfAbsent: unused,
    publish: unused,
    listByOwner: unused,
    setSellerRating: unused,
    changeStatus: unused,
    deleteOwned: unused,
    hold: unused,
    releaseHold: unused,
    listEvery: unused,
    replace: unused,
    remove: unused,
    async listActive(scope: ProductListingScope, order, limit, cursor): Promise<Page<Product>> {
      const list = all
        .filter(
          (p) =>
            isListed(p) &&
            (!scope.university || p.university_id === scope.university) &&
            (!scope.category || p.category === scope.category),
        )
        .sort((a, b) => (order === 'oldest' ? newestFirst(b, a) : newestFirst(a, b)));
      const from = cursor ? Number(cursor) : 0;
      const items = list.slice(from, from + limit);
      return { items, nextCursor: from + limit < list.length ? String(from + limit) : null };
    },
  };
}

/** The listing counts as the stream dispatcher keeps them, computed from the products. */
export function memoryCounts(all: Product[]): CountStore {
  const unused = () => {
    throw new Error('not used by the catalog search');
  };
  return {
    values: async (names) =>
      names.map((name) => all.filter((p) => productListingPartitions(p).includes(name)).length),
    memberships: unused,
    move: unused,
    moveMany: unused,
    markerPages: unused,
    movePaged: unused,
    productMarkersFolded: unused,
    markProductMarkersFolded: unused,
    productMarkers: unused,
  };
}

/** An index whose every search fails: the catalog then answers from the fallback. */
export const failingIndex: SearchIndex = {
  write: async () => [],
  upsert: async () => {},
  remove: async () => {},
  ready: async () => false,
  search: async () => {
    throw new Error('search index down (agreement check)');
  },
};

export interface Disagreement {
  query: CorpusQuery & { university?: string };
  index: { total: number | null; ids: number[] };
  fallback: { total: number | null; ids: number[] };
}

export interface Agreement {
  cases: number;
  agreeing: number;
  disagreements: Disagreement[];
}

/** Runs every corpus query both ways; a case agrees when the totals and the first page are equal. */
export async function measureAgreement(
  queries: readonly CorpusQuery[] = EVERYDAY_QUERIES,
): Promise<Agreement> {
  const products = demoProducts();
  const repo = memoryProducts(products);
  const engine = createEmbeddedSearchIndex();
  await engine.upsert(products.filter(isListed).map(toSearchDocument));
  const counts = memoryCounts(products);
  const deps = (search: SearchIndex): CatalogDeps => ({
    products: repo,
    counts,
    search,
    searchTimeoutMs: 5_000,
  });
  const disagreements: Disagreement[] = [];
  let cases = 0;
  for (const [i, entry] of queries.entries()) {
    // Every query on the whole catalogue, and within one university (taking turns).
    for (const university of [undefined, DEMO_UNIVERSITIES[i % DEMO_UNIVERSITIES.length].id]) {
      const query = listProductsQuerySchema.parse({
        ...entry,
        ...(university ? { university } : {}),
        limit: LIMITS.pageSizeMax,
      });
      const [a, b] = [await listProducts(deps(engine), query), await listProducts(deps(failingIndex), query)];
      const index = { total: a.total, ids: a.items.map((p) => p.id) };
      const fallback = { total: b.total, ids: b.items.map((p) => p.id) };
      cases++;
      if (index.total !== fallback.total || index.ids.join() !== fallback.ids.join())
        disagreements.push({ query: { ...entry, university }, index, fallback });
    }
  }
  return { cases, agreeing: cases - disagreements.length, disagreements };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { cases, agreeing, disagreements } = await measureAgreement();
  const byId = new Map(demoProducts().map((p) => [p.id, p.title]));
  for (const d of disagreements) {
    const onlyIndex = d.index.ids.filter((id) => !d.fallback.ids.includes(id));
    const onlyFallback = d.fallback.ids.filter((id) => !d.index.ids.includes(id));
    console.log(
      `✗ ${JSON.stringify(d.query)}: index ${d.index.total}, fallback ${d.fallback.total}` +
        (onlyIndex.length ? `\n    only the index: ${onlyIndex.map((id) => byId.get(id)).join(' | ')}` : '') +
        (onlyFallback.length
          ? `\n    only the fallback: ${onlyFallback.map((id) => byId.get(id)).join(' | ')}`
          : ''),
    );
  }
  console.log(
    `search agreement: ${agreeing} of ${cases} cases (${EVERYDAY_QUERIES.length} queries, whole catalogue and one university) give the same total and first page through the index and the fallback (${((100 * agreeing) / cases).toFixed(1)} %)`,
  );
}
