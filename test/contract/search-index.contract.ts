import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchDocument, SearchIndex, SearchQuery } from '../../functions/ports/search-index';
import { searchTerms } from '#shared/search-terms';

/**
 * The SearchIndex contract: every adapter (the embedded engine, OpenSearch) must pass it.
 * Each matching rule has a positive and a negative case. `factory` must return an EMPTY index.
 */

function doc(d: Partial<SearchDocument> & Pick<SearchDocument, 'id' | 'title'>): SearchDocument {
  return {
    price: 10,
    category: 'otros',
    career: null,
    condition: 'usado',
    image: null,
    university_id: 'ucv',
    created_at: '2024-03-01T10:00:00.000Z',
    description: null,
    tags: [],
    seller_name: 'Vendedor',
    ...d,
  };
}

export const CONTRACT_DOCS: SearchDocument[] = [
  doc({
    id: 1,
    title: 'Calculadora científica Casio fx-570',
    category: 'electronica',
    career: 'ingenieria',
    price: 25,
    tags: ['casio'],
    description: 'Perfecta para cálculo',
    seller_name: 'María Pérez',
    created_at: '2024-03-01T10:00:00.000Z',
    image: '/images/1.webp',
  }),
  doc({
    id: 2,
    title: 'Computadora portátil HP 14',
    category: 'electronica',
    career: 'ingenieria',
    price: 300,
    description: 'Core i5, 8 GB de RAM',
    seller_name: 'José Rodríguez',
    university_id: 'ucab',
    created_at: '2024-03-02T10:00:00.000Z',
  }),
  doc({
    id: 3,
    title: 'Bicicleta de montaña para niño',
    category: 'transporte',
    price: 80,
    tags: ['bici'],
    description: 'Rin 20',
    seller_name: 'Ana Gómez',
    created_at: '2024-03-03T10:00:00.000Z',
  }),
  doc({
    id: 4,
    title: 'Libro de Economía Política',
    category: 'libros',
    career: 'economia',
    condition: 'nuevo',
    price: 15,
    description: 'Edición 2019',
    seller_name: 'Luis Díaz',
    university_id: 'usb',
    created_at: '2024-03-04T10:00:00.000Z',
  }),
  doc({
    id: 5,
    title: 'Silla de escritorio ergonómica',
    category: 'muebles',
    career: 'otros',
    price: 40,
    tags: ['oficina'],
    description: 'Con ruedas',
    seller_name: 'Carla Mendoza',
    created_at: '2024-03-05T10:00:00.000Z',
  }),
  doc({
    id: 6,
    title: 'Lámpara de sal',
    category: 'hogar',
    condition: 'nuevo',
    price: 15,
    description: 'Luz tenue',
    seller_name: 'Pedro Rivas',
    // Same instant as product 5: the tie is broken by id.
    created_at: '2024-03-05T10:00:00.000Z',
  }),
  doc({
    id: 7,
    title: 'Guitarra acústica Yamaha',
    category: 'musica',
    career: 'comunicacion',
    price: 120,
    tags: ['yamaha'],
    description: 'Incluye forro',
    seller_name: 'Sofía Herrera',
    university_id: 'ucab',
    created_at: '2024-03-06T10:00:00.000Z',
  }),
  doc({
    id: 8,
    title: 'Apuntes de Electrónica Digital',
    category: 'libros',
    career: 'ingenieria',
    price: 5,
    tags: ['apuntes'],
    description: 'Resumen del semestre',
    seller_name: 'Diego Ruiz',
    created_at: '2024-03-07T10:00:00.000Z',
  }),
];

const byId = (id: number) => CONTRACT_DOCS.find((d) => d.id === id)!;

export function runSearchIndexContract(
  name: string,
  factory: () => Promise<SearchIndex> | SearchIndex,
): void {
  describe(`SearchIndex contract: ${name}`, () => {
    let index: SearchIndex;

    /** A search as the catalog service hands it to an engine: the text `q` read once into its terms. */
    type Asked = Partial<Omit<SearchQuery, 'terms'>> & { q?: string };
    const query = ({ q, ...rest }: Asked): SearchQuery => ({
      sort: 'newest',
      limit: 50,
      offset: 0,
      ...(q === undefined ? {} : { terms: searchTerms(q) }),
      ...rest,
    });
    const ids = async (q: Asked) => (await index.search(query(q))).items.map((i) => i.id);

    beforeEach(async () => {
      index = await factory();
      await index.upsert(CONTRACT_DOCS);
    });

    it('is ready and lists everything, newest first, without a query', async () => {
      // Act
      const result = await index.search(query({}));
      // Assess
      expect(await index.ready()).toBe(true);
      expect(result.total).toBe(8);
      expect(result.items.map((i) => i.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    });

    it('returns listing summaries only (no description, tags, seller)', async () => {
      const { items } = await index.search(query({ q: 'casio' }));
      const d = byId(1);
      expect(items).toEqual([
        {
          id: 1,
          title: d.title,
          price: 25,
          category: 'electronica',
          career: 'ingenieria',
          condition: 'usado',
          image: '/images/1.webp',
          university_id: 'ucv',
          created_at: d.created_at,
        },
      ]);
    });

    describe('accent folding', () => {
      it("'electronica' finds 'Electrónica', and the accented query finds the same", async () => {
        const plain = await ids({ q: 'electronica' });
        expect(plain).toContain(8);
        expect(await ids({ q: 'Electrónica' })).toEqual(plain);
      });
      it("'electronica' does not find unrelated products", async () => {
        const found = await ids({ q: 'electronica' });
        expect(found).not.toContain(3);
        expect(found).not.toContain(7);
      });
      it("'nino' and 'niño' find 'niño' (ñ folds to n)", async () => {
        expect(await ids({ q: 'nino' })).toEqual([3]);
        expect(await ids({ q: 'NIÑO' })).toEqual([3]);
      });
      it('a fragment inside a word is not a match', async () => {
        expect((await index.search(query({ q: 'ino' }))).total).toBe(0);
      });
    });

    describe('typo tolerance (one edit from 4 letters, two from 8)', () => {
      it("'calculadra' (10 letters, one typo) finds 'calculadora'", async () => {
        expect(await ids({ q: 'calculadra' })).toContain(1);
      });
      it("'guitara' (7 letters, one edit) finds 'Guitarra'", async () => {
        expect(await ids({ q: 'guitara' })).toEqual([7]);
      });
      it("'gitara' (6 letters, two edits) finds nothing", async () => {
        expect((await index.search(query({ q: 'gitara' }))).total).toBe(0);
      });
      it("'clculdra' (three edits from 'calculadora') finds nothing", async () => {
        expect((await index.search(query({ q: 'clculdra' }))).total).toBe(0);
      });
      it("'cal' (3 letters) matches as a prefix but does not fuzz to 'sal'", async () => {
        const found = await ids({ q: 'cal' });
        expect(found).toContain(1);
        expect(found).not.toContain(6);
        expect(await ids({ q: 'sal' })).toEqual([6]);
        expect((await index.search(query({ q: 'sol' }))).total).toBe(0);
      });
    });

    describe('word prefixes', () => {
      it("'calcu' finds 'calculadora', 'ergon' finds 'ergonómica'", async () => {
        expect(await ids({ q: 'calcu' })).toContain(1);
        expect(await ids({ q: 'ergon' })).toEqual([5]);
      });
      it('the middle of a word is not a prefix', async () => {
        expect((await index.search(query({ q: 'nomica' }))).total).toBe(0);
      });
    });

    describe('singular and plural, as whole words (no stemming)', () => {
      it("'libros' finds 'Libro', 'sillas' finds 'Silla'", async () => {
        expect(await ids({ q: 'libros' })).toContain(4);
        expect(await ids({ q: 'sillas' })).toEqual([5]);
      });
      it("'libreta' is not 'libro'", async () => {
        expect((await index.search(query({ q: 'libreta' }))).total).toBe(0);
      });
    });

    describe('synonym groups', () => {
      it("'laptop' finds a 'computadora', 'guitar' finds a 'guitarra'", async () => {
        expect(await ids({ q: 'laptop' })).toContain(2);
        expect(await ids({ q: 'guitar' })).toEqual([7]);
      });
      it("'laptop' does not find furniture, bicycles or guitars", async () => {
        const found = await ids({ q: 'laptop' });
        expect(found).not.toContain(3);
        expect(found).not.toContain(5);
        expect(found).not.toContain(7);
      });
      it("'laptop' finds computers only, not every electronics item (the calculator)", async () => {
        expect(await ids({ q: 'laptop' })).toEqual([2]);
        expect(await ids({ q: 'calculator' })).toEqual([1]);
      });
      it('a synonym in the plural, and a plural query with synonyms, match whole words', async () => {
        expect(await ids({ q: 'portatiles' })).toEqual([2]);
        expect(await ids({ q: 'chairs' })).toEqual([5]);
        expect(await ids({ q: 'bicicletas' })).toEqual([3]);
      });
    });

    describe('searched fields', () => {
      it('finds by tag, description, seller, career label and category label', async () => {
        expect(await ids({ q: 'oficina' })).toEqual([5]);
        expect(await ids({ q: 'ruedas' })).toEqual([5]);
        expect(await ids({ q: 'herrera' })).toEqual([7]);
        expect(await ids({ q: 'comunicación' })).toEqual([7]);
        expect(await ids({ q: 'dormitorio' })).toEqual([6]);
      });
      it('does not search other fields (university id, price)', async () => {
        expect((await index.search(query({ q: 'ucab' }))).total).toBe(0);
        expect((await index.search(query({ q: '300' }))).total).toBe(0);
      });
    });

    describe('every word must match', () => {
      it('two words that one product has both of', async () => {
        expect(await ids({ q: 'calculadora casio' })).toEqual([1]);
        expect(await ids({ q: 'guitarra yamaha' })).toEqual([7]);
      });
      it('two words no product has together', async () => {
        expect((await index.search(query({ q: 'calculadora yamaha' }))).total).toBe(0);
      });
    });

    describe('filters', () => {
      it('university, category, career and condition', async () => {
        expect(await ids({ university: 'ucv' })).toEqual([8, 6, 5, 3, 1]);
        expect(await ids({ category: 'libros' })).toEqual([8, 4]);
        expect(await ids({ career: 'ingenieria' })).toEqual([8, 2, 1]);
        expect(await ids({ condition: 'nuevo' })).toEqual([6, 4]);
        expect(await ids({ university: 'ucab', category: 'libros' })).toEqual([]);
      });
      it('price range, inclusive at both ends', async () => {
        expect(await ids({ minPrice: 15, maxPrice: 40 })).toEqual([6, 5, 4, 1]);
        expect(await ids({ minPrice: 120 })).toEqual([7, 2]);
        expect(await ids({ maxPrice: 5 })).toEqual([8]);
        expect(await ids({ minPrice: 301 })).toEqual([]);
      });
      it("'Ocultar reservados' leaves reserved listings out; they carry their status otherwise (issue 13)", async () => {
        const [five, six] = [byId(5), byId(6)];
        await index.upsert([
          { ...five, status: 'reserved' },
          { ...six, status: 'active' },
        ]);
        expect(await ids({ university: 'ucv' })).toEqual([8, 6, 5, 3, 1]);
        expect(await ids({ university: 'ucv', hideReserved: true })).toEqual([8, 6, 3, 1]);
        expect((await index.search(query({ hideReserved: true }))).total).toBe(7);
        const listed = (await index.search(query({ university: 'ucv' }))).items;
        expect(listed.find((i) => i.id === 5)?.status).toBe('reserved');
        expect(listed.find((i) => i.id === 6)?.status).toBe('active');
        // Back to active: found again with the filter.
        await index.upsert([{ ...five, status: 'active' }]);
        expect(await ids({ university: 'ucv', hideReserved: true })).toEqual([8, 6, 5, 3, 1]);
      });
      it('combine with a query', async () => {
        expect(await ids({ q: 'electronica', category: 'libros' })).toEqual([8]);
        expect(await ids({ q: 'electronica', university: 'ucab' })).toEqual([2]);
        expect(await ids({ q: 'electronica', maxPrice: 4 })).toEqual([]);
      });
    });

    describe('sorting (ties: newest first, then higher id)', () => {
      it('newest and oldest', async () => {
        expect(await ids({ sort: 'newest' })).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
        expect(await ids({ sort: 'oldest' })).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      });
      it('price low to high and high to low', async () => {
        expect(await ids({ sort: 'price-low' })).toEqual([8, 6, 4, 1, 5, 3, 7, 2]);
        expect(await ids({ sort: 'price-high' })).toEqual([2, 7, 3, 5, 1, 6, 4, 8]);
      });
      it('the requested sort applies to a text query too', async () => {
        expect(await ids({ q: 'electronica', sort: 'price-high' })).toEqual([2, 1, 8]);
        expect(await ids({ q: 'electronica', sort: 'oldest' })).toEqual([1, 2, 8]);
      });
    });

    describe('pagination', () => {
      it('offset and limit walk the whole order, with the total on every page', async () => {
        const pages = [];
        for (const offset of [0, 3, 6])
          pages.push(await index.search(query({ sort: 'price-low', limit: 3, offset })));
        expect(pages.map((p) => p.total)).toEqual([8, 8, 8]);
        expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual([8, 6, 4, 1, 5, 3, 7, 2]);
        expect(pages.map((p) => p.items.length)).toEqual([3, 3, 2]);
      });
      it('a page past the end is empty but keeps the total', async () => {
        expect(await index.search(query({ offset: 8, limit: 3 }))).toEqual({ items: [], total: 8 });
      });
    });

    describe('writes', () => {
      it('upsert is idempotent and replaces by id', async () => {
        // Act
        await index.upsert(CONTRACT_DOCS);
        await index.upsert([{ ...byId(1), title: 'Regla T de dibujo', tags: [], price: 30 }]);
        // Assess
        expect((await index.search(query({}))).total).toBe(8);
        expect((await index.search(query({ q: 'casio' }))).total).toBe(0);
        const { items } = await index.search(query({ q: 'regla' }));
        expect(items.map((i) => [i.id, i.title, i.price])).toEqual([[1, 'Regla T de dibujo', 30]]);
        expect(await ids({ sort: 'price-low' })).toEqual([8, 6, 4, 1, 5, 3, 7, 2]);
        expect(await ids({ sort: 'price-high', maxPrice: 30 })).toEqual([1, 6, 4, 8]);
      });
      it('remove drops documents and ignores unknown ids', async () => {
        // Act
        await index.remove([1, 999_999]);
        await index.remove([1]);
        // Assess
        expect((await index.search(query({}))).total).toBe(7);
        expect((await index.search(query({ q: 'casio' }))).total).toBe(0);
        expect(await ids({ sort: 'oldest' })).toEqual([2, 3, 4, 5, 6, 7, 8]);
      });
    });
  });
}
