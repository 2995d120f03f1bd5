import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import type { SearchIndex } from '../../functions/ports/search-index';
import { type CatalogDeps, listProducts } from '../../functions/services/catalog/catalog';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { LIMITS } from '#shared/limits';
import { listProductsQuerySchema, type Product } from '#shared/schemas';
import { isListed } from '#shared/table';
import {
  demoProducts,
  failingIndex,
  measureAgreement,
  memoryCounts,
  memoryProducts,
} from '../../scripts/demo/search-agreement';
import { EVERYDAY_QUERIES } from '../../scripts/demo/search-queries';

/**
 * Everyday searches over the demo catalogue, as a buyer judges them, through the catalog service
 * both ways: the search index (the embedded engine, which passes OpenSearch's contract) and the
 * DynamoDB fallback (an index that fails). Both must give the same answer, and the right one.
 */
const products = demoProducts();
const active = products.filter(isListed);
let engine: SearchIndex;

beforeAll(async () => {
  engine = createEmbeddedSearchIndex();
  await engine.upsert(active.map(toSearchDocument));
});

const deps = (search: SearchIndex): CatalogDeps => ({
  products: memoryProducts(products),
  counts: memoryCounts(products),
  search,
  searchTimeoutMs: 5_000,
});

/** The first page (60) and total of a search, the same through the index and the fallback. */
async function search(params: Record<string, string | number>) {
  const query = listProductsQuerySchema.parse({ limit: LIMITS.pageSizeMax, ...params });
  const byIndex = await listProducts(deps(engine), query);
  const byFallback = await listProducts(deps(failingIndex), query);
  expect(
    byFallback.items.map((p) => p.id),
    `fallback vs index for ${JSON.stringify(params)}`,
  ).toEqual(byIndex.items.map((p) => p.id));
  expect(byFallback.total).toBe(byIndex.total);
  const found = byIndex.items.map((s) => products.find((p) => p.id === s.id)!);
  return { total: byIndex.total, found, titles: [...new Set(found.map((p) => p.title))].sort() };
}

const titlesWith = (word: RegExp) =>
  [...new Set(active.filter((p) => word.test(p.title)).map((p) => p.title))].sort();

describe('everyday words find what a buyer means', () => {
  it("'laptop' finds laptops and what is made for them, not calculators, calculus books or tickets", async () => {
    const { titles } = await search({ q: 'laptop' });
    expect(titles).toEqual([
      'Cargador original USB-C 65W', // "Compatible con laptops"
      'Laptop Lenovo IdeaPad 15" Core i5 8GB RAM',
      'MacBook Air M1 2020 256GB', // tagged laptop
      'Morral Jansport negro', // "compartimiento para laptop"
      'Reparación de laptops y formateo',
    ]);
  });

  it("'bicicleta' finds bicycles and their lock, not a Roman-law tutoring ('cara' shares the stem of 'car')", async () => {
    const { titles } = await search({ q: 'bicicleta' });
    expect(titles).toEqual(['Bicicleta montañera rin 26', 'Candado en U para bicicleta']);
    expect((await search({ q: 'bike' })).titles).toEqual(titles);
  });

  it("'calculadora' finds calculators, not calculus ('cálculo' only looks alike)", async () => {
    expect((await search({ q: 'calculadora' })).titles).toEqual(titlesWith(/^Calculadora/));
    expect((await search({ q: 'calculator' })).titles).toEqual(titlesWith(/^Calculadora/));
  });

  it("'mesa' finds tables, not a mouse whose battery lasts 'meses' nor a ride paid 'por mes'", async () => {
    const { titles } = await search({ q: 'mesa' });
    expect(titles).toContain('Mesa de dibujo plegable para arquitectura');
    expect(titles).not.toContain('Mouse inalámbrico Logitech M185');
    expect(titles).not.toContain('Cola compartida Los Teques - Caracas (mensual)');
  });

  it("'comida' finds food, not a physiology book 'como nuevo'; 'libro' not a party with 'barra libre'", async () => {
    expect((await search({ q: 'comida' })).titles).not.toContain('Fisiología Médica de Guyton y Hall');
    expect((await search({ q: 'libro' })).titles).not.toContain('Ticket fiesta de graduación promoción 2026');
  });

  it("'casco' finds the helmet, not the Casio calculator one letter away", async () => {
    expect((await search({ q: 'casco' })).titles).toEqual(['Casco para moto certificado talla M']);
  });

  it('a plural, a typo and a missing accent still find the product', async () => {
    expect((await search({ q: 'sillas' })).titles).toEqual(['Silla ergonómica de oficina']);
    expect((await search({ q: 'calculdora' })).titles).toEqual(titlesWith(/^Calculadora/));
    expect((await search({ q: 'guitara' })).titles).toEqual(['Guitarra acústica Yamaha C40']);
    expect((await search({ q: 'violin' })).titles).toEqual(['Violín 4/4 con arco y estuche']);
  });
});

describe("the spec's qualifier words mean what a buyer means", () => {
  const prices = (found: Product[]) => found.map((p) => p.price);
  const ascending = (list: number[]) => list.every((v, i) => i === 0 || list[i - 1] <= v);

  it("'barato' alone lists every product of the university, cheapest first", async () => {
    const { total, found } = await search({ q: 'barato', university: 'ucab' });
    expect(total).toBe(active.filter((p) => p.university_id === 'ucab').length);
    expect(ascending(prices(found))).toBe(true);
    for (const word of ['económico', 'oferta', 'ganga', 'cheap'])
      expect((await search({ q: word, university: 'ucab' })).found).toEqual(found);
  });

  it("'laptop barata' is the laptops, cheapest first; 'caro' puts the dearest first", async () => {
    const laptops = await search({ q: 'laptop' });
    const cheap = await search({ q: 'laptop barata' });
    expect(cheap.titles).toEqual(laptops.titles);
    expect(ascending(prices(cheap.found))).toBe(true);
    const dear = await search({ q: 'laptop caro' });
    expect(prices(dear.found)).toEqual([...prices(cheap.found)].reverse());
  });

  it('an explicit order other than the default wins over the word', async () => {
    const oldest = await search({ q: 'laptop barata', sort: 'oldest' });
    const dates = oldest.found.map((p) => p.created_at);
    expect([...dates].sort()).toEqual(dates);
  });

  it("'nuevo' and 'usado' are soft: the condition, or the listing's own words, the condition first (decision 046)", async () => {
    const ofCondition = (c: string) => active.filter((p) => p.university_id === 'usm' && p.condition === c);
    const nuevo = await search({ q: 'nuevo', university: 'usm' });
    const newOnes = ofCondition('nuevo').length;
    // The new listings first, then used ones whose own text says so ('cuerdas nuevas', 'como nuevo').
    expect(nuevo.found.slice(0, newOnes).every((p) => p.condition === 'nuevo')).toBe(true);
    const saidNew = nuevo.found.slice(newOnes);
    expect(saidNew.length).toBeGreaterThan(0);
    for (const p of saidNew) {
      expect(p.condition).toBe('usado');
      expect(`${p.title} ${p.tags.join(' ')} ${p.description}`).toMatch(/\bnuev[oa]s?\b/i);
    }
    expect(nuevo.total).toBe(newOnes + saidNew.length);
    // 'libro usado': the used books, then the new books whose text says 'usado' (none in the demo).
    const usedBooks = await search({ q: 'libro usado' });
    const books = await search({ q: 'libro', condition: 'usado' });
    expect(usedBooks.found.slice(0, books.found.length)).toEqual(books.found);
    // 'segunda mano' is a phrase of 'usado'.
    expect((await search({ q: 'libro segunda mano' })).found).toEqual(usedBooks.found);
    // The condition chosen in the UI stays a hard filter: a used book that says 'como nuevo' only.
    const said = await search({ q: 'libro nuevo', condition: 'usado' });
    expect(said.found.length).toBeGreaterThan(0);
    for (const p of said.found) expect(p.condition).toBe('usado');
    expect(said.titles).toContain('Fisiología Médica de Guyton y Hall');
  });
});

describe('the DynamoDB fallback agrees with the index on every everyday query', () => {
  it(`${EVERYDAY_QUERIES.length} queries on the whole catalogue and within a university`, async () => {
    const { cases, agreeing, disagreements } = await measureAgreement();
    expect(disagreements.map((d) => d.query)).toEqual([]);
    expect(agreeing).toBe(cases);
  });
});
