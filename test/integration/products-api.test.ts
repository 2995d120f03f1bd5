import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createEmbeddedSearchIndex } from '../../functions/adapters/search/embedded';
import { resetContext, setContextForTests } from '../../functions/app/context';
const getProduct = handlerOf('getProduct');
const health = handlerOf('health');
const listProducts = handlerOf('listProducts');
const relatedProducts = handlerOf('relatedProducts');
import type { SearchIndex } from '../../functions/ports/search-index';
import { toSearchDocument } from '../../functions/services/search/indexer';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { settleProductCounts } from '../../functions/services/catalog/listing-counts';
import type { Product } from '#shared/schemas';
import { apiEvent, invoke } from '../support/events';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { FailingSearchIndex } from '../support/memory-search-index';
import { handlerOf } from '../support/handlers';

interface PageBody {
  items: { id: number; [k: string]: unknown }[];
  total: number | null;
  nextCursor: string | null;
}
interface ErrorBody {
  error: { code: string; message: string };
}

let table: TableAccess;
let search: SearchIndex;
const uni = uniqueUniversity('p');
const other = uniqueUniversity('q');
const active: Product[] = [];
let sold: Product;

const list = async (query: Record<string, string>) =>
  invoke(listProducts, apiEvent('listProducts', { query }));

async function walk(query: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const res = await list({ ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    const body = res.body as PageBody;
    ids.push(...body.items.map((p) => p.id));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

beforeAll(async () => {
  table = useTestTable();
  search = createEmbeddedSearchIndex();
  setContextForTests({ search });
  const specs: Partial<Product>[] = [
    { title: 'Cálculo de Stewart', category: 'libros', career: 'ingenieria', price: 25, condition: 'usado' },
    {
      title: 'Laptop Lenovo ThinkPad',
      category: 'electronica',
      career: 'ingenieria',
      price: 300,
      condition: 'usado',
    },
    { title: 'Silla ergonómica', category: 'muebles', price: 60, condition: 'nuevo' },
    {
      title: 'Libro de Derecho Romano',
      category: 'libros',
      career: 'derecho',
      price: 15,
      condition: 'nuevo',
    },
    { title: 'Guitarra acústica', category: 'musica', price: 120, condition: 'usado' },
    {
      title: 'Calculadora científica',
      category: 'electronica',
      career: 'ingenieria',
      price: 20,
      condition: 'nuevo',
    },
    { title: 'Bata de laboratorio', category: 'ropa', price: 12, condition: 'usado' },
    { title: 'Libro de Anatomía', category: 'libros', career: 'medicina', price: 40, condition: 'usado' },
  ];
  for (const spec of specs) active.push(await makeProduct(table, { university_id: uni, ...spec }));
  sold = await makeProduct(table, {
    university_id: uni,
    title: 'Libro vendido',
    category: 'libros',
    status: 'sold',
  });
  await makeProduct(table, { university_id: other, title: 'Libro de otra universidad', category: 'libros' });
  // What the stream would have delivered: only active products reach the index, and every product
  // written is counted in the listings it is in.
  await search.upsert(active.map(toSearchDocument));
  const counting = { products: createProductRepository(table), counts: createCountStore(table) };
  for (const p of [...active, sold]) await settleProductCounts(counting, p.id);
});

afterAll(() => resetContext());

const newestIds = () => [...active].reverse().map((p) => p.id);

describe('GET /api/products — plain listing (DynamoDB Query)', () => {
  it('walks newest and oldest pages with no duplicates and no gaps, total from the listing count', async () => {
    expect(await walk({ university: uni, limit: '3' })).toEqual(newestIds());
    expect(await walk({ university: uni, limit: '3', sort: 'oldest' })).toEqual(active.map((p) => p.id));
    const first = await list({ university: uni, limit: '3' });
    expect((first.body as PageBody).total).toBe(active.length);
    expect(first.headers['cache-control']).toMatch(/^public/);
  });

  it('never lists inactive products nor leaks the seller contact', async () => {
    const res = await list({ university: uni, category: 'libros', limit: '60' });
    const body = res.body as PageBody;
    expect(body.items.map((p) => p.id)).not.toContain(sold.id);
    expect(body.items.map((p) => p.id).sort()).toEqual(
      active
        .filter((p) => p.category === 'libros')
        .map((p) => p.id)
        .sort(),
    );
    for (const item of body.items) {
      expect(item).not.toHaveProperty('seller_email');
      expect(item).not.toHaveProperty('whatsapp_number');
      expect(item).toHaveProperty('university_id', uni);
    }
  });

  it('keeps the listing and its total when the index is down (the total is the listing count)', async () => {
    setContextForTests({ search: new FailingSearchIndex() });
    try {
      const res = await list({ university: uni, limit: '2' });
      expect(res.status).toBe(200);
      expect((res.body as PageBody).items.map((p) => p.id)).toEqual(newestIds().slice(0, 2));
      expect((res.body as PageBody).total).toBe(active.length);
      const books = await list({ university: uni, category: 'libros', limit: '2' });
      expect((books.body as PageBody).total).toBe(active.filter((p) => p.category === 'libros').length);
    } finally {
      setContextForTests({ search });
    }
  });
});

describe('GET /api/products — search and filters (index)', () => {
  it('filters by career, condition and price range and sorts by price', async () => {
    const res = await list({ university: uni, career: 'ingenieria', sort: 'price-low' });
    expect((res.body as PageBody).items.map((p) => p.title)).toEqual([
      'Calculadora científica',
      'Cálculo de Stewart',
      'Laptop Lenovo ThinkPad',
    ]);
    const nuevo = await list({
      university: uni,
      condition: 'nuevo',
      minPrice: '15',
      maxPrice: '60',
      sort: 'price-high',
    });
    expect((nuevo.body as PageBody).items.map((p) => p.price)).toEqual([60, 20, 15]);
    expect((nuevo.body as PageBody).total).toBe(3);
  });

  it('searches without accents and pages with an offset cursor', async () => {
    const res = await list({ university: uni, q: 'calculo' });
    expect((res.body as PageBody).items.map((p) => p.title)).toContain('Cálculo de Stewart');
    const libros = await walk({ university: uni, q: 'libro', limit: '1' });
    expect(new Set(libros).size).toBe(libros.length);
    // 'libro' is a synonym of the category, so every active book matches, the sold one never.
    expect(libros.sort()).toEqual(
      active
        .filter((p) => p.category === 'libros')
        .map((p) => p.id)
        .sort(),
    );
  });
});

describe('GET /api/products — bad input is 400, never 500', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['unknown category', { category: 'armas' }, /Categoría no válida/],
    ['unknown career', { career: 'astrologia' }, /Carrera no válida/],
    ['unknown condition', { condition: 'roto' }, /Condición no válida/],
    ['unknown sort', { sort: 'random' }, /Orden no válido/],
    ['negative price', { minPrice: '-5' }, /negativo/],
    ['non-numeric price', { maxPrice: 'mucho' }, /número/],
    [
      'reversed price range',
      { minPrice: '100', maxPrice: '10' },
      /El precio mínimo no puede ser mayor que el máximo/,
    ],
    ['oversized q', { q: 'a'.repeat(500) }, /demasiado largo/],
    ['limit too big', { limit: '1000' }, /./],
    ['repeated category (comma-joined)', { category: 'libros,ropa' }, /Categoría no válida/],
    ['unknown parameter', { foo: 'bar' }, /./],
    ['garbage cursor', { cursor: '!!!' }, /El cursor de paginación no es válido/],
    [
      'base64 garbage cursor',
      { cursor: Buffer.from('{"k":"d","i":"gsi1"}').toString('base64url') },
      /cursor/,
    ],
    [
      'offset cursor on a plain listing',
      { cursor: Buffer.from('{"k":"o","o":3}').toString('base64url') },
      /cursor/,
    ],
    [
      'negative offset cursor on a search',
      { q: 'libro', cursor: Buffer.from('{"k":"o","o":-3}').toString('base64url') },
      /cursor/,
    ],
  ];
  it.each(cases)('%s', async (_name, query, message) => {
    const res = await list({ university: uni, ...query });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error.message).toMatch(message);
  });

  it('refuses a cursor of another university', async () => {
    const page = await list({ university: other, limit: '1' });
    await makeProduct(table, { university_id: other });
    const again = await list({ university: other, limit: '1' });
    const cursor = (again.body as PageBody).nextCursor;
    expect(page.status).toBe(200);
    expect(cursor).not.toBeNull();
    const res = await list({ university: uni, cursor: cursor! });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error.message).toBe('El cursor de paginación no es válido.');
  });
});

describe('GET /api/products/{id} and /related', () => {
  it('returns an active product without seller contact; 404 for sold, unknown and malformed ids', async () => {
    const p = active[1];
    const res = await invoke(getProduct, apiEvent('getProduct', { params: { id: p.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, title: p.title, seller_name: p.seller_name });
    expect(res.body).not.toHaveProperty('seller_email');
    expect(res.body).not.toHaveProperty('whatsapp_number');
    expect(res.body).not.toHaveProperty('owner_id');
    for (const id of [sold.id, 987_654_321, 'abc', '-1', '1.5', '99999999999999999999']) {
      const r = await invoke(getProduct, apiEvent('getProduct', { params: { id } }));
      expect(r.status).toBe(404);
      expect((r.body as ErrorBody).error.message).toBe('Producto no encontrado');
    }
  });

  it('answers only the canonical form of an id: one product, one URL', async () => {
    const p = active[1];
    expect((await invoke(getProduct, apiEvent('getProduct', { params: { id: String(p.id) } }))).status).toBe(
      200,
    );
    const hex = `0x${p.id.toString(16)}`;
    for (const id of [
      hex,
      `${p.id}.0`,
      `+${p.id}`,
      `000${p.id}`,
      `${p.id / 10}e1`,
      ` ${p.id}`,
      `${p.id} `,
      '0',
    ]) {
      const r = await invoke(getProduct, apiEvent('getProduct', { params: { id } }));
      expect(r.status, JSON.stringify(id)).toBe(404);
    }
  });

  it('relates up to 4 other active products of the same university and category', async () => {
    const book = active[0];
    const res = await invoke(relatedProducts, apiEvent('relatedProducts', { params: { id: book.id } }));
    expect(res.status).toBe(200);
    const ids = (res.body as PageBody).items.map((p) => p.id);
    const expected = active.filter((p) => p.category === 'libros' && p.id !== book.id).map((p) => p.id);
    expect(ids.sort()).toEqual(expected.sort());
    expect(ids).not.toContain(sold.id);
    const missing = await invoke(relatedProducts, apiEvent('relatedProducts', { params: { id: sold.id } }));
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/health', () => {
  it('is 200 when table and index answer, 503 when the index is not ready', async () => {
    const ok = await invoke(health, apiEvent('health'));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok', parts: { table: 'ok', search: 'ok' } });
    expect(ok.headers['cache-control']).toBe('no-store');
    setContextForTests({ search: new FailingSearchIndex() });
    try {
      const down = await invoke(health, apiEvent('health'));
      expect(down.status).toBe(503);
      // The report names the part down, beside an error a person reads in Spanish.
      expect(down.body).toEqual({
        status: 'degraded',
        parts: { table: 'ok', search: 'down' },
        error: {
          code: 'unavailable',
          message: 'No responde el buscador. Inténtalo de nuevo en unos segundos.',
          details: [{ path: 'parts.search', message: 'El buscador no responde.' }],
        },
      });
    } finally {
      setContextForTests({ search });
    }
  });
});
