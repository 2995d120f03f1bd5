/**
 * Do the two engines agree (issue 26; docs/decisions/046)? The demo catalogue and the relevance
 * corpus go into the embedded engine and into a real OpenSearch 2.19 node (started here on its own
 * port, 127.0.0.1:4150 or BENCH_OPENSEARCH_PORT, with a temporary data folder removed at the end);
 * then a fixed list of student searches runs through the catalog service on each, on the whole
 * catalogue and within one university (taking turns). A case agrees when its first 10 results (ids,
 * in order) are identical; its totals are compared apart. Every difference is printed, with titles.
 * The DynamoDB fallback's agreement with the embedded engine is printed beside it.
 * Run: `npm run bench -- search-agreement` (or `npx tsx scripts/bench/search-agreement.ts`).
 */
import { fileURLToPath } from 'node:url';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import { createOpenSearchIndex } from '../../functions/adapters/search/opensearch';
import type { SearchIndex } from '../../functions/ports/search-index';
import { type CatalogDeps, listProducts } from '../../functions/services/catalog/catalog';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { listProductsQuerySchema } from '#shared/schemas';
import { isListed } from '#shared/table';
import { DEMO_UNIVERSITIES } from '../demo/data';
import { RELEVANCE_PRODUCTS } from '../demo/relevance-corpus';
import { demoProducts, failingIndex, memoryCounts, memoryProducts } from '../demo/search-agreement';
import { type CorpusQuery, EVERYDAY_QUERIES } from '../demo/search-queries';
import { startOpenSearchLocal } from '../local/parts/opensearch';

process.env.LOG_LEVEL = 'silent';

/** Results compared per case. */
const FIRST = 10;

/**
 * The everyday searches (scripts/demo/search-queries.ts: plurals, accents, typos, synonyms, English,
 * prefixes, qualifier words, filters) and the condition words' ways, the sorts and filters with them.
 */
export const AGREEMENT_QUERIES: readonly CorpusQuery[] = [
  ...EVERYDAY_QUERIES,
  { q: 'silla casi nueva' },
  { q: 'silla nueva' },
  { q: 'sillas nuevas' },
  { q: 'silla como nuevo' },
  { q: 'audifonos nuevos de paquete' },
  { q: 'audífonos nuevos' },
  { q: 'libro de segunda mano' },
  { q: 'usada' },
  { q: 'franela nueva' },
  { q: 'libro como nuevo' },
  { q: 'cuatro cuerdas nuevas' },
  { q: 'laptop usada barata' },
  { q: 'calculadora nueva', sort: 'price-high' },
  { q: 'silla nueva', condition: 'usado' },
  { q: 'nuevo', category: 'ropa' },
  { q: 'bicileta' },
  { q: 'lámpara' },
  { q: 'telefonos' },
  { q: 'silla', sort: 'price-low' },
  { q: 'libro', sort: 'oldest' },
  { q: 'guitarra', sort: 'price-high' },
  { q: 'laptop', condition: 'nuevo' },
  { q: 'clases', minPrice: 5, maxPrice: 20, sort: 'price-low' },
  { q: 'libro', hideReserved: true },
];

interface Answer {
  total: number | null;
  ids: number[];
}

export interface EngineAgreement {
  cases: number;
  sameFirst: number;
  sameTotal: number;
  fallbackSame: number;
  /** Cases whose answer holds at least one listing (on the embedded engine). */
  found: number;
  differences: { query: CorpusQuery & { university?: string }; embedded: Answer; opensearch: Answer }[];
  openSearchReadyMs: number;
}

export async function measureEngineAgreement(
  queries: readonly CorpusQuery[] = AGREEMENT_QUERIES,
  port = Number(process.env.BENCH_OPENSEARCH_PORT ?? 4150),
): Promise<EngineAgreement> {
  const products = [...demoProducts(), ...RELEVANCE_PRODUCTS];
  const docs = products.filter(isListed).map(toSearchDocument);
  const node = await startOpenSearchLocal({ port });
  try {
    const embedded = createEmbeddedSearchIndex();
    await embedded.upsert(docs);
    const opensearch = createOpenSearchIndex({
      node: node.endpoint,
      region: 'us-east-1',
      unsigned: true,
      index: 'agreement',
      refresh: true,
    });
    await opensearch.ensureIndex();
    for (let i = 0; i < docs.length; i += 500) await opensearch.upsert(docs.slice(i, i + 500));
    const repo = memoryProducts(products);
    const counts = memoryCounts(products);
    const deps = (search: SearchIndex): CatalogDeps => ({
      products: repo,
      counts,
      search,
      searchTimeoutMs: 30_000,
    });
    const ask = async (search: SearchIndex, query: ReturnType<typeof listProductsQuerySchema.parse>) => {
      const r = await listProducts(deps(search), query);
      return { total: r.total, ids: r.items.map((p) => p.id) };
    };
    const result: EngineAgreement = {
      cases: 0,
      sameFirst: 0,
      sameTotal: 0,
      fallbackSame: 0,
      found: 0,
      differences: [],
      openSearchReadyMs: node.readyInMs,
    };
    for (const [i, entry] of queries.entries()) {
      for (const university of [undefined, DEMO_UNIVERSITIES[i % DEMO_UNIVERSITIES.length].id]) {
        const query = listProductsQuerySchema.parse({
          ...entry,
          ...(university ? { university } : {}),
          limit: FIRST,
        });
        const [a, b, c] = [
          await ask(embedded, query),
          await ask(opensearch, query),
          await ask(failingIndex, query),
        ];
        result.cases++;
        if (a.ids.length > 0) result.found++;
        const sameFirst = a.ids.join() === b.ids.join();
        if (sameFirst) result.sameFirst++;
        if (a.total === b.total) result.sameTotal++;
        if (a.total === c.total && a.ids.join() === c.ids.join()) result.fallbackSame++;
        if (!sameFirst || a.total !== b.total)
          result.differences.push({ query: { ...entry, university }, embedded: a, opensearch: b });
      }
    }
    return result;
  } finally {
    await node.stop();
  }
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

export async function searchAgreementFigures(
  line: (label: string, value: string, verdict?: boolean) => void,
) {
  const r = await measureEngineAgreement();
  const titles = new Map([...demoProducts(), ...RELEVANCE_PRODUCTS].map((p) => [p.id, p.title]));
  for (const d of r.differences) {
    const name = (ids: number[]) => ids.map((id) => `${id} ${titles.get(id)}`).join(' | ');
    console.log(
      `✗ ${JSON.stringify(d.query)}: totals embedded ${d.embedded.total}, OpenSearch ${d.opensearch.total}\n` +
        `    embedded:   ${name(d.embedded.ids)}\n    OpenSearch: ${name(d.opensearch.ids)}`,
    );
  }
  const n = AGREEMENT_QUERIES.length;
  line('OpenSearch node ready in', `${(r.openSearchReadyMs / 1000).toFixed(1)} s`);
  line('cases that find something', `${r.found} of ${r.cases}`);
  line(
    `engines: same first ${FIRST} (ids, in order)`,
    `${r.sameFirst} of ${r.cases} cases (${n} queries × 2) = ${pct(r.sameFirst, r.cases)}`,
    r.sameFirst === r.cases,
  );
  line(
    'engines: same total',
    `${r.sameTotal} of ${r.cases} = ${pct(r.sameTotal, r.cases)}`,
    r.sameTotal === r.cases,
  );
  line(
    `fallback vs embedded: same first ${FIRST} and total`,
    `${r.fallbackSame} of ${r.cases} = ${pct(r.fallbackSame, r.cases)}`,
    r.fallbackSame === r.cases,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await searchAgreementFigures((label, value, verdict) =>
    console.log(`${label.padEnd(52)} ${value}${verdict === undefined ? '' : verdict ? '  ✓' : '  ✗'}`),
  );
}
