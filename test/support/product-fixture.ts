import type { Product } from '#shared/schemas';

/** A valid product in memory (nothing written), for tests of the matching and search rules. */
export const aProduct = (over: Partial<Product> = {}): Product => ({
  id: 1,
  title: 'Silla',
  description: null,
  price: 10,
  category: 'muebles',
  condition: 'usado',
  career: null,
  image: null,
  images: [],
  tags: [],
  seller_name: 'Ana',
  seller_email: 'a@b.c',
  whatsapp_number: null,
  university_id: 'ucab',
  status: 'active',
  owner_id: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...over,
});
