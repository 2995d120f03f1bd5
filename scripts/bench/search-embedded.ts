/**
 * Embedded search engine figures: cold indexing of 200 and 50,000 documents and query latency at
 * 50,000. Run: npx tsx scripts/bench/search-embedded.ts [count]
 */
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import type { SearchDocument, SearchQuery } from '../../functions/ports/search-index';
import { CAREERS, CATEGORIES, CONDITIONS } from '#shared/enums';
import { searchTerms } from '#shared/search-terms';
import { fmt, percentile, sample } from './stats';

const NOUNS = [
  'Calculadora científica',
  'Computadora portátil',
  'Libro de cálculo',
  'Guitarra acústica',
  'Silla de escritorio',
  'Bicicleta de montaña',
  'Camisa de vestir',
  'Zapatos deportivos',
  'Teclado mecánico',
  'Audífonos inalámbricos',
  'Mesa plegable',
  'Lámpara de noche',
  'Cuaderno universitario',
  'Bata de laboratorio',
  'Balón de fútbol',
  'Entradas para concierto',
  'Tequeños congelados',
  'Clases de matemática',
  'Reparación de celulares',
  'Colchón individual',
];
const BRANDS = [
  'Casio',
  'HP',
  'Lenovo',
  'Yamaha',
  'Samsung',
  'Nike',
  'Adidas',
  'Sony',
  'Xiaomi',
  'Genérico',
  'Stewart',
];
const ADJ = [
  'nuevo',
  'usado',
  'como nuevo',
  'económico',
  'en buen estado',
  'poco uso',
  'original',
  'grande',
  'pequeño',
];
const WORDS =
  'ideal para estudiantes entrega en el campus incluye cargador funda manual garantía precio negociable'.split(
    ' ',
  );
const SELLERS = [
  'María Pérez',
  'José Rodríguez',
  'Ana Gómez',
  'Luis Díaz',
  'Carla Mendoza',
  'Sofía Herrera',
  'Diego Ruiz',
];
const UNIS = ['ucv', 'ucab', 'usb', 'unimet'];

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

function makeDocs(n: number): SearchDocument[] {
  const r = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const t0 = Date.parse('2023-01-01T00:00:00Z');
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    title: `${pick(NOUNS)} ${pick(BRANDS)} ${pick(ADJ)} ${i}`,
    price: Math.round(r() * 50000) / 100,
    category: pick(CATEGORIES),
    career: r() < 0.2 ? null : pick(CAREERS),
    condition: pick(CONDITIONS),
    image: null,
    university_id: pick(UNIS),
    created_at: new Date(t0 + Math.floor(r() * 3e10)).toISOString(),
    description: Array.from({ length: 12 }, () => pick(WORDS)).join(' '),
    tags: [pick(BRANDS).toLowerCase(), pick(ADJ)],
    seller_name: pick(SELLERS),
  }));
}

const count = Number(process.argv[2] ?? 50_000);

async function timeIndexing(n: number) {
  const docs = makeDocs(n);
  const index = createEmbeddedSearchIndex();
  const t0 = performance.now();
  await index.upsert(docs);
  await index.search({ sort: 'newest', limit: 1, offset: 0 }); // includes the lazy first sort
  return { index, ms: performance.now() - t0 };
}

const small = await timeIndexing(200);
console.log(`index 200 docs (cold): ${fmt(small.ms)}`);
const { index, ms } = await timeIndexing(count);
console.log(`index ${count} docs (cold): ${fmt(ms)}`);

/** A search as the catalog service hands it to the engine: the text `q` read once into its terms. */
type Asked = Partial<Omit<SearchQuery, 'terms'>> & { q?: string };
const queries: [string, Asked][] = [
  ['no text, newest', {}],
  [
    'no text, university + category, price-low',
    { university: 'ucv', category: 'electronica', sort: 'price-low' },
  ],
  ["q='calculadora'", { q: 'calculadora' }],
  ["q='calculadra' (typo)", { q: 'calculadra' }],
  ["q='laptop' (synonyms)", { q: 'laptop' }],
  ["q='calcu' (prefix)", { q: 'calcu' }],
  ["q='guitarra yamaha' price-high", { q: 'guitarra yamaha', sort: 'price-high' }],
  ["q='electrónica barato' ucab", { q: 'electrónica barato', university: 'ucab' }],
  ["q='libros' oldest, page 10", { q: 'libros', sort: 'oldest', offset: 216 }],
];
for (const [label, { q, ...rest }] of queries) {
  const full: SearchQuery = {
    sort: 'newest',
    limit: 24,
    offset: 0,
    ...(q === undefined ? {} : { terms: searchTerms(q) }),
    ...rest,
  };
  const { total } = await index.search(full);
  const s = await sample(200, () => index.search(full));
  console.log(
    `${label.padEnd(48)} total ${String(total).padStart(6)}  p50 ${fmt(percentile(s, 50))}  p95 ${fmt(percentile(s, 95))}`,
  );
}

// A write while serving: one upsert then a query (the sorted orders are spliced, not rebuilt).
const w = await sample(200, async () => {
  await index.upsert(makeDocs(1).map((d) => ({ ...d, id: count + 1 + Math.floor(Math.random() * 1000) })));
  await index.search({ terms: searchTerms('calculadora'), sort: 'price-low', limit: 24, offset: 0 });
});
console.log(
  `${'upsert 1 doc + query'.padEnd(48)}               p50 ${fmt(percentile(w, 50))}  p95 ${fmt(percentile(w, 95))}`,
);
// The same with the typo scan not cached: each write adds a new word, which clears the match cache.
let n = 0;
const t = await sample(200, async () => {
  await index.upsert([{ ...makeDocs(1)[0], id: count + 5000, title: `Palabranueva${n++}` }]);
  await index.search({ terms: searchTerms('calculadra'), sort: 'newest', limit: 24, offset: 0 });
});
console.log(
  `${"upsert new word + q='calculadra' (uncached)".padEnd(48)}               p50 ${fmt(percentile(t, 50))}  p95 ${fmt(percentile(t, 95))}`,
);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
