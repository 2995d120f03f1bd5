import * as z from 'zod/mini';
import { type RouteName, routeList, routes } from '#shared/routes';
import type { ProductDetail, ProductSummary } from '#shared/schemas';
import type { PublicRate } from '#shared/exchange-rate';
import type { Seller } from '#shared/trust';
import { setApiTransport } from '@/lib/api-client';
import { product, universities } from './fixtures';

/** A catalog's public answers for server-render tests; each one checked against its route's response schema. */
export interface Catalog {
  products: ProductSummary[];
  details: ProductDetail[];
  sellers: Seller[];
  /** The BCV rate the API answers (none by default). */
  rate?: PublicRate | null;
}

export const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  ...product({ id: 42, title: 'Calculadora Casio fx-991', price: 25, category: 'electronica' }),
  description: 'Como nueva, con estuche.',
  images: ['/images/p42-1.jpg'],
  image: '/images/p42-1.jpg',
  tags: ['calculadora'],
  seller_name: 'María Pérez',
  seller_id: 'seller-1',
  status: 'active',
  ...overrides,
});

export const seller = (overrides: Partial<Seller> = {}): Seller => ({
  id: 'seller-1',
  display_name: 'María Pérez',
  university_id: 'ucab',
  university_name: 'UCAB',
  verified: true,
  verified_month: '2025-03',
  member_since: '2025-01',
  active_count: 1,
  sold_count: 0,
  sold_hidden: false,
  listings: [product({ id: 42, title: 'Calculadora Casio fx-991', category: 'electronica' })],
  sold_listings: [],
  reputation: { seller_average: null, seller_reviews: 0, deals_completed: 0, buyer_average: null, buyer_reviews: 0 },
  reviews: { items: [], next_cursor: null },
  ...overrides,
});

export const defaultCatalog = (): Catalog => ({
  products: [
    product({ id: 1, title: 'Libro de Cálculo I', category: 'libros' }),
    product({ id: 2, title: 'Audífonos Sony', category: 'electronica', price: 80 }),
    product({ id: 3, title: 'Bata de laboratorio', category: 'ropa', career: 'medicina', price: 15 }),
  ],
  details: [detail()],
  sellers: [seller()],
});

const NOT_FOUND = { status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } };

/** The route a path names, and its path params. */
function routeOf(
  method: string,
  pathname: string,
): { name: RouteName; params: Record<string, string> } | null {
  for (const route of routeList) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const source = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${source}$`).exec(pathname);
    if (match)
      return { name: route.name, params: Object.fromEntries(names.map((n, i) => [n, match[i + 1]])) };
  }
  return null;
}

function answer(catalog: Catalog, url: URL, method: string): { status: number; body: unknown } {
  const route = routeOf(method, url.pathname);
  if (!route) return NOT_FOUND;
  const { name, params } = route;
  const q = url.searchParams;
  let body: unknown;
  if (name === 'listUniversities') body = { items: universities };
  else if (name === 'getUniversity') body = universities.find((u) => u.id === params.id);
  else if (name === 'getExchangeRate') body = { rate: catalog.rate ?? null };
  else if (name === 'getProduct') body = catalog.details.find((p) => String(p.id) === params.id);
  else if (name === 'relatedProducts') body = { items: catalog.products.slice(0, 2) };
  else if (name === 'getSeller') body = catalog.sellers.find((s) => s.id === params.id);
  else if (name === 'listProducts') {
    const term = q.get('q')?.toLowerCase();
    const items = catalog.products.filter(
      (p) =>
        (!q.get('university') || p.university_id === q.get('university')) &&
        (!q.get('category') || p.category === q.get('category')) &&
        (!q.get('career') || p.career === q.get('career')) &&
        (!term || p.title.toLowerCase().includes(term)),
    );
    body = { items, total: items.length, nextCursor: null };
  }
  if (body === undefined) return NOT_FOUND;
  // The server validates every answer with the route's schema: so does this fake.
  return { status: 200, body: z.parse(routes[name].response, body) };
}

/**
 * Sets the API transport (the server render's seam) to a fake catalog; `delay` holds each answer
 * (Infinity: never, until the request is aborted). Returns the URLs asked.
 */
export function serveCatalog(catalog: Catalog = defaultCatalog(), delay = 0): string[] {
  const asked: string[] = [];
  setApiTransport((url, init) => {
    const parsed = new URL(url, 'http://render.test');
    asked.push(`${parsed.pathname}${parsed.search}`);
    const { status, body } = answer(catalog, parsed, init.method ?? 'GET');
    const response = () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (delay === 0) return Promise.resolve(response());
    return new Promise((resolve, reject) => {
      const timer = Number.isFinite(delay) ? setTimeout(() => resolve(response()), delay) : undefined;
      init.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The request was aborted', 'AbortError'));
      });
    });
  });
  return asked;
}
