import type { ProductSummary, University } from '#shared/schemas';

export const universities: University[] = [
  {
    id: 'ucab',
    name: 'UCAB',
    full_name: 'Universidad Católica Andrés Bello',
    email_domain: 'est.ucab.edu.ve',
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 'usm',
    name: 'USM',
    full_name: 'Universidad Santa María',
    email_domain: 'est.usm.edu.ve',
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 'unimet',
    name: 'La Metropolitana',
    full_name: 'Universidad Metropolitana',
    email_domain: 'est.unimet.edu.ve',
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 'ucv',
    name: 'UCV',
    full_name: 'Universidad Central de Venezuela',
    email_domain: 'est.ucv.edu.ve',
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  },
];

export function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 1,
    title: 'Libro de Cálculo I',
    price: 25,
    category: 'libros',
    career: 'ingenieria',
    condition: 'usado',
    image: null,
    university_id: 'ucab',
    created_at: '2025-07-01T00:00:00.000Z',
    ...overrides,
  };
}
