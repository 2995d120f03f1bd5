import type { Product } from '#shared/schemas';

/**
 * The relevance corpus (docs/decisions/046): listings whose own words say their condition the way
 * students write it ('casi nueva', 'como nuevo', 'nuevos de paquete', 'nunca usado'), beside listings
 * of each condition that say nothing about it. The relevance contract (test/contract/relevance.contract.ts)
 * searches it on both engines and the fallback; the engines' agreement bench
 * (scripts/bench/search-agreement.ts) adds it to the demo catalogue. Ids from 900001, so they never
 * meet the demo's.
 */
const base: Omit<Product, 'id' | 'title' | 'price' | 'condition' | 'created_at'> = {
  description: null,
  category: 'muebles',
  career: null,
  image: null,
  images: [],
  tags: [],
  seller_name: 'Vendedor de prueba',
  seller_email: 'vendedor@correo.com',
  whatsapp_number: null,
  university_id: 'ucv',
  status: 'active',
  owner_id: 'relevance-seller',
};

const listing = (
  n: number,
  p: Pick<Product, 'title' | 'price' | 'condition'> & Partial<Product>,
): Product => ({
  ...base,
  id: 900_000 + n,
  created_at: `2026-01-0${n}T12:00:00.000Z`,
  ...p,
});

export const RELEVANCE_PRODUCTS: readonly Product[] = [
  listing(1, { title: 'Silla casi nueva', price: 30, condition: 'usado' }),
  listing(2, { title: 'Silla de oficina', price: 50, condition: 'nuevo' }),
  listing(3, { title: 'Silla plegable', price: 10, condition: 'usado' }),
  listing(4, { title: 'Silla como nueva', price: 20, condition: 'usado' }),
  listing(5, {
    title: 'Audífonos nuevos de paquete',
    price: 25,
    condition: 'usado',
    category: 'electronica',
  }),
  listing(6, { title: 'Audífonos Sony', price: 40, condition: 'nuevo', category: 'electronica' }),
  listing(7, {
    title: 'Libro de cálculo',
    price: 15,
    condition: 'nuevo',
    category: 'libros',
    description: 'Nunca usado, con su forro.',
  }),
  listing(8, { title: 'Libro de física', price: 12, condition: 'usado', category: 'libros' }),
];

/** A corpus listing's id by its number (1–8). */
export const relevanceId = (n: number) => 900_000 + n;
