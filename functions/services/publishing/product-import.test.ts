import { describe, expect, it } from 'vitest';
import type { Product, University } from '#shared/schemas';
import { type ImportDeps, importExport, parseProductRow, parseUniversityRow } from './product-import';

const baseRow = {
  id: 7,
  title: 'Calculadora Casio fx-570',
  price: 25,
  category: 'electronica',
  image: '/images/products/demo/7.webp',
  images: ['/images/products/demo/7.webp'],
  seller_name: 'María Pérez',
  seller_email: 'maria.perez@est.ucab.edu.ve',
  condition: 'usado',
  status: 'active',
  career: 'ingenieria',
  description: 'Funciona perfecto.',
  tags: ['calculadora', 'casio'],
  university_id: 'ucab',
  whatsapp_number: '584141234567',
  created_at: '2025-07-29T14:03:11.000Z',
};

function product(overrides: Record<string, unknown>): Product {
  const r = parseProductRow({ ...baseRow, ...overrides });
  if (!r.ok) throw new Error(`expected a valid row, got: ${r.reason}`);
  return r.value;
}

function reason(overrides: Record<string, unknown>): string {
  const r = parseProductRow({ ...baseRow, ...overrides });
  if (r.ok) throw new Error('expected the row to be rejected');
  return r.reason;
}

describe('product rows: coercions', () => {
  it('keeps a well-formed row as given, with no owner', () => {
    expect(product({})).toEqual({ ...baseRow, owner_id: null });
  });

  it('accepts numeric strings for id and price', () => {
    const p = product({ id: '42', price: '19.50' });
    expect(p.id).toBe(42);
    expect(p.price).toBe(19.5);
  });

  it("turns 'all', empty and missing careers into null", () => {
    expect(product({ career: 'all' }).career).toBeNull();
    expect(product({ career: '' }).career).toBeNull();
    expect(product({ career: undefined }).career).toBeNull();
    expect(product({ career: null }).career).toBeNull();
  });

  it("defaults condition to 'usado' and status to 'active'", () => {
    const p = product({ condition: null, status: undefined });
    expect(p.condition).toBe('usado');
    expect(p.status).toBe('active');
  });

  it('matches enumerations by accents, case and Spanish label', () => {
    const p = product({
      category: 'Electrónica',
      career: 'Ingeniería',
      condition: 'Nuevo',
      status: 'Vendido',
    });
    expect(p).toMatchObject({
      category: 'electronica',
      career: 'ingenieria',
      condition: 'nuevo',
      status: 'sold',
    });
    expect(product({ category: 'Hogar y Dormitorio' }).category).toBe('hogar');
    expect(product({ category: 'Instrumentos Musicales' }).category).toBe('instrumentos-musicales');
  });

  it('reads images and tags from arrays, JSON strings, Postgres arrays and null', () => {
    expect(product({ images: '["/a.webp","/b.webp"]', image: null })).toMatchObject({
      images: ['/a.webp', '/b.webp'],
      image: '/a.webp',
    });
    expect(product({ images: '{/a.webp,/b.webp}' }).images).toEqual(['/a.webp', '/b.webp']);
    expect(product({ images: null, image: '/only.webp' })).toMatchObject({
      images: ['/only.webp'],
      image: '/only.webp',
    });
    expect(product({ images: null, image: null })).toMatchObject({ images: [], image: null });
    expect(product({ tags: null }).tags).toEqual([]);
  });

  it('keeps at most 4 images and 10 unique lower-case tags of at most 20 characters', () => {
    const p = product({
      images: ['/1', '/2', '/3', '/4', '/5'],
      tags: [
        'Casio',
        'casio',
        'una-etiqueta-demasiado-larga',
        ...Array.from({ length: 12 }, (_, i) => `t${i}`),
      ],
    });
    expect(p.images).toEqual(['/1', '/2', '/3', '/4']);
    expect(p.tags).toHaveLength(10);
    expect(p.tags.slice(0, 2)).toEqual(['casio', 'una-etiqueta-demasia']);
  });

  it('falls back to the e-mail local part for a missing seller name, and lower-cases the e-mail', () => {
    const p = product({ seller_name: '  ', seller_email: ' Jose.Rojas@Est.UCV.edu.ve ' });
    expect(p.seller_email).toBe('jose.rojas@est.ucv.edu.ve');
    expect(p.seller_name).toBe('jose.rojas');
  });

  it('keeps WhatsApp numbers as digits, from numbers or formatted text; blank is null', () => {
    expect(product({ whatsapp_number: 584141234567 }).whatsapp_number).toBe('584141234567');
    expect(product({ whatsapp_number: '+58 (414) 123-4567' }).whatsapp_number).toBe('584141234567');
    expect(product({ whatsapp_number: '' }).whatsapp_number).toBeNull();
  });

  it('reads Postgres timestamps and stores ISO UTC', () => {
    expect(product({ created_at: '2025-07-29 14:03:11.123+00' }).created_at).toBe('2025-07-29T14:03:11.123Z');
    expect(product({ created_at: '2025-07-29T10:03:11-04:00' }).created_at).toBe('2025-07-29T14:03:11.000Z');
  });

  it('stores titles and descriptions with HTML exactly as given', () => {
    const title = '<script>alert("x")</script> Libro & guía';
    const p = product({ title, description: '<b>negrita</b>  ' });
    expect(p.title).toBe(title);
    expect(p.description).toBe('<b>negrita</b>  ');
  });
});

describe('product rows: rejections', () => {
  it.each([
    [{ id: 0 }, 'id must be a positive integer'],
    [{ id: 'abc' }, 'id must be a positive integer'],
    [{ id: 1.5 }, 'id must be a positive integer'],
    [{ title: '   ' }, 'title is required'],
    [{ title: undefined }, 'title is required'],
    [{ price: -1 }, 'price must not be negative'],
    [{ price: 'gratis' }, 'price must be a number'],
    [{ price: 2_000_000 }, 'price must not exceed'],
    [{ category: 'armas' }, 'category: unknown category'],
    [{ category: null }, 'category: unknown category'],
    [{ career: 'astrologia' }, 'career: unknown career'],
    [{ condition: 'roto' }, 'condition: unknown condition'],
    [{ status: 'deleted' }, 'status: unknown status'],
    [{ seller_email: 'no-es-correo' }, 'seller_email must be an e-mail address'],
    [{ seller_email: undefined }, 'seller_email must be an e-mail address'],
    [{ university_id: '' }, 'university_id is required'],
    [{ created_at: 'ayer' }, 'created_at must be a valid timestamp'],
    [{ images: '["unterminated' }, 'images must be an array'],
    [{ tags: [1, 2] }, 'tags must hold strings'],
  ])('rejects %o', (overrides, expected) => {
    expect(reason(overrides)).toContain(expected);
  });

  it('rejects rows that are not objects', () => {
    expect(parseProductRow(null)).toEqual({ ok: false, reason: 'row is not an object' });
    expect(parseProductRow([1])).toEqual({ ok: false, reason: 'row is not an object' });
  });
});

describe('university rows', () => {
  const uni = {
    id: 'UCAB',
    name: 'UCAB',
    full_name: 'Universidad Católica Andrés Bello',
    email_domain: 'est.ucab.edu.ve',
    city: '',
    logo: null,
    created_at: '2025-01-01 00:00:00+00',
  };

  it('lower-cases the id, turns blank city into null and reads the timestamp', () => {
    const r = parseUniversityRow(uni);
    expect(r).toEqual({
      ok: true,
      value: { ...uni, id: 'ucab', city: null, created_at: '2025-01-01T00:00:00.000Z' },
    });
  });

  it.each([
    [{ id: 'u c a b' }, 'id must be a short slug'],
    [{ name: '' }, 'name is required'],
    [{ full_name: undefined }, 'full_name is required'],
    [{ email_domain: 'nodomain' }, 'email_domain is not a domain'],
    [{ created_at: null }, 'created_at must be a valid timestamp'],
  ])('rejects %o', (overrides, expected) => {
    const r = parseUniversityRow({ ...uni, ...overrides });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(expected);
  });
});

/** In-memory repositories with the ports' semantics, to test the import's bookkeeping. */
function memoryDeps(existing: { universities?: University[]; products?: Product[] } = {}) {
  const universities = new Map((existing.universities ?? []).map((u) => [u.id, u]));
  const products = new Map((existing.products ?? []).map((p) => [p.id, p]));
  let floor = 0;
  const deps: ImportDeps = {
    universities: {
      get: async (id) => universities.get(id) ?? null,
      putIfAbsent: async (u) => {
        if (universities.has(u.id)) return false;
        universities.set(u.id, u);
        return true;
      },
    },
    products: {
      putIfAbsent: async (p) => {
        if (products.has(p.id)) return false;
        products.set(p.id, p);
        return true;
      },
      raiseIdFloor: async (id) => {
        floor = Math.max(floor, id);
      },
    },
  };
  return { deps, universities, products, floor: () => floor };
}

describe('importExport', () => {
  const ucab = { ...baseRow, id: undefined };
  const uniRow = {
    id: 'ucab',
    name: 'UCAB',
    full_name: 'Universidad Católica Andrés Bello',
    email_domain: 'est.ucab.edu.ve',
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  };

  it('reports bad rows by file and position and loads the rest', async () => {
    const mem = memoryDeps();
    const report = await importExport(mem.deps, {
      universities: [uniRow, { ...uniRow, email_domain: 'x' }, uniRow],
      products: [
        { ...ucab, id: 3 },
        { ...ucab, id: 4, category: 'armas' },
        { ...ucab, id: 5, university_id: 'nope' },
        { ...ucab, id: 3, title: 'otra vez' },
        { ...ucab, id: 90 },
      ],
    });
    expect(report.universities).toEqual({ created: 1, unchanged: 0, rejected: 2 });
    expect(report.products).toEqual({ created: 2, unchanged: 0, rejected: 3 });
    expect(report.errors.map((e) => [e.file, e.index])).toEqual([
      ['products.json', 1],
      ['products.json', 2],
      ['products.json', 3],
      ['universities.json', 1],
      ['universities.json', 2],
    ]);
    expect(report.errors[1].reason).toBe("university_id: unknown university 'nope'");
    expect([...mem.products.keys()].sort()).toEqual([3, 90]);
    expect(mem.products.get(3)?.title).toBe(baseRow.title);
    expect(mem.floor()).toBe(90);
  });

  it('accepts products of universities already in the table, and counts existing ids as unchanged', async () => {
    const existingUni = parseUniversityRow(uniRow);
    if (!existingUni.ok) throw new Error(existingUni.reason);
    const kept = product({ id: 3, title: 'ya estaba' });
    const mem = memoryDeps({ universities: [existingUni.value], products: [kept] });
    const report = await importExport(mem.deps, {
      universities: [],
      products: [
        { ...ucab, id: 3 },
        { ...ucab, id: 8 },
      ],
    });
    expect(report.products).toEqual({ created: 1, unchanged: 1, rejected: 0 });
    expect(mem.products.get(3)?.title).toBe('ya estaba');
    expect(mem.floor()).toBe(8);
  });
});
