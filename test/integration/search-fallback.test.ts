import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetContext, setContextForTests } from '../../functions/app/context';
const listProducts = handlerOf('listProducts');
import type { SearchIndex } from '../../functions/ports/search-index';
import type { Product } from '#shared/schemas';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { FailingSearchIndex, HangingSearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';

/**
 * The index is down (throws) or hung (never answers): a search must still answer, from DynamoDB,
 * with the spec's accent-insensitive partial matching and synonym groups. Nothing is indexed here,
 * so every hit below can only come from the fallback.
 */
interface PageBody {
  items: { id: number; title: string; price: number }[];
  total: number | null;
  nextCursor: string | null;
}

const uni = uniqueUniversity('f');
const other = uniqueUniversity('g');
const made: Record<string, Product> = {};

beforeAll(async () => {
  const table = useTestTable();
  const specs: [string, Partial<Product>][] = [
    ['laptop', { title: 'Laptop HP 14"', category: 'electronica', price: 250, condition: 'usado' }],
    [
      'calc',
      {
        title: 'Calculadora Científica Casio',
        category: 'electronica',
        price: 30,
        condition: 'nuevo',
        career: 'ingenieria',
      },
    ],
    [
      'silla',
      { title: 'Silla de escritorio', category: 'muebles', price: 45, description: 'Cómoda y económica' },
    ],
    [
      'bici',
      { title: 'Bicicleta montañera', category: 'transporte', price: 180, tags: ['Montaña', 'rin 26'] },
    ],
    ['tutor', { title: 'Clases de física', category: 'servicios', price: 10, seller_name: 'José Núñez' }],
    ['vendida', { title: 'Laptop vendida', category: 'electronica', price: 100, status: 'sold' }],
  ];
  for (const [key, spec] of specs) made[key] = await makeProduct(table, { university_id: uni, ...spec });
  made.elsewhere = await makeProduct(table, {
    university_id: other,
    title: 'Laptop de otra universidad',
    category: 'electronica',
  });
});

afterAll(() => resetContext());

const search = async (query: Record<string, string>) => {
  const res = await invoke(listProducts, apiEvent('listProducts', { query: { university: uni, ...query } }));
  expect(res.status).toBe(200);
  return res.body as PageBody;
};
const titles = (b: PageBody) => b.items.map((p) => p.title).sort();

describe.each<[string, () => SearchIndex, number]>([
  ['throws', () => new FailingSearchIndex(), 1500],
  ['hangs past the timeout', () => new HangingSearchIndex(), 150],
])('search falls back to DynamoDB when the index %s', (_name, makeIndex, timeout) => {
  let index: SearchIndex & { calls: number };
  beforeAll(() => {
    index = makeIndex() as SearchIndex & { calls: number };
    setContextForTests({ search: index, searchTimeoutMs: timeout });
  });

  it('matches ignoring accents in the query and in the data', async () => {
    expect(titles(await search({ q: 'cientifica' }))).toEqual(['Calculadora Científica Casio']);
    expect(titles(await search({ q: 'FÍSICA' }))).toEqual(['Clases de física']);
    expect(titles(await search({ q: 'comoda' }))).toEqual(['Silla de escritorio']);
    expect(titles(await search({ q: 'nunez' }))).toEqual(['Clases de física']);
    expect(index.calls).toBeGreaterThan(0);
  });

  it('matches partial words, synonyms and tags; all words must match', async () => {
    expect(titles(await search({ q: 'calcu' }))).toEqual(['Calculadora Científica Casio']);
    // 'computadora' is a synonym of 'laptop' (not of every electronics item); the sold laptop and
    // other universities' products never appear.
    expect(titles(await search({ q: 'computadora' }))).toEqual(['Laptop HP 14"']);
    expect(titles(await search({ q: 'electronica' }))).toEqual([
      'Calculadora Científica Casio',
      'Laptop HP 14"',
    ]);
    expect(titles(await search({ q: 'furniture' }))).toEqual(['Silla de escritorio']);
    expect(titles(await search({ q: 'bike' }))).toEqual(['Bicicleta montañera']);
    expect(titles(await search({ q: 'montana' }))).toEqual(['Bicicleta montañera']);
    expect(titles(await search({ q: 'silla casio' }))).toEqual([]);
    expect(titles(await search({ q: 'casio cientifica' }))).toEqual(['Calculadora Científica Casio']);
  });

  it('tolerates a typo and a plural as the index does', async () => {
    expect(titles(await search({ q: 'calculdora' }))).toEqual(['Calculadora Científica Casio']);
    expect(titles(await search({ q: 'sillas' }))).toEqual(['Silla de escritorio']);
    expect(titles(await search({ q: 'bicicletas' }))).toEqual(['Bicicleta montañera']);
    expect(titles(await search({ q: 'fisca' }))).toEqual(['Clases de física']);
  });

  it("reads the qualifier words: 'barata' cheaper first, 'nuevo' the condition", async () => {
    const cheap = await search({ q: 'barata' });
    expect(cheap.items.map((p) => p.price)).toEqual([10, 30, 45, 180, 250]);
    expect(cheap.total).toBe(5);
    expect(titles(await search({ q: 'nuevo' }))).toEqual(['Calculadora Científica Casio']);
  });

  it('applies the filters and the sort, and pages with an offset cursor', async () => {
    const cheap = await search({ category: 'electronica', maxPrice: '100' });
    expect(titles(cheap)).toEqual(['Calculadora Científica Casio']);
    const byPrice = await search({ minPrice: '10', sort: 'price-high', limit: '2' });
    expect(byPrice.items.map((p) => p.price)).toEqual([250, 180]);
    expect(byPrice.total).toBe(5);
    const next = await search({
      minPrice: '10',
      sort: 'price-high',
      limit: '2',
      cursor: byPrice.nextCursor!,
    });
    expect(next.items.map((p) => p.price)).toEqual([45, 30]);
    const last = await search({ minPrice: '10', sort: 'price-high', limit: '2', cursor: next.nextCursor! });
    expect(last.items.map((p) => p.price)).toEqual([10]);
    expect(last.nextCursor).toBeNull();
  });
});
