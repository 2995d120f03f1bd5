import type { Category } from '#shared/enums';
import { slugify } from '#shared/text';
import { FIRST_NAMES, LAST_NAMES, PHONE_PREFIXES, TEMPLATES } from './catalogue';
import { DEMO_EXPIRED_ID } from './expiry';
import { DEMO_SELLER_PRODUCTS } from './questions';
import { catalogueSellerOf } from './sellers';

/**
 * Deterministic demo data (seeded PRNG, no network) in the ORIGINAL export format of the earlier
 * app, so seeding goes through the same import service as a real migration.
 */

/** Row of universities.json, original column names. */
export interface UniversityExportRow {
  id: string;
  name: string;
  full_name: string;
  email_domain: string;
  city: string | null;
  logo: string | null;
  created_at: string;
}

/** Row of products.json, original column names. */
export interface ProductExportRow {
  id: number;
  title: string;
  price: number;
  category: Category;
  image: string | null;
  images: string[];
  seller_name: string;
  seller_email: string;
  condition: 'nuevo' | 'usado';
  status: 'active' | 'reserved' | 'sold' | 'inactive';
  career: string | null;
  description: string | null;
  tags: string[];
  university_id: string;
  whatsapp_number: string | null;
  created_at: string;
}

export interface DemoExport {
  universities: UniversityExportRow[];
  products: ProductExportRow[];
}

/** Served path of a demo product image (local server: /images/* from the bucket; AWS: CloudFront). */
export const demoImagePath = (id: number, variant = 1) =>
  `/images/products/demo/${id}${variant > 1 ? `-${variant}` : ''}.webp`;
/** Bucket key behind a served /images/ path: the path itself, as CloudFront maps /images/* to the bucket. */
export const imageKeyOf = (servedPath: string) => servedPath.replace(/^\//, '');
/**
 * Served path of a demo university logo: a WebP drawn from an SVG, since the local origin serves
 * only JPEG, PNG and WebP under /images/ (decision 015).
 */
export const universityLogoPath = (id: string) => `/images/universities/${id}.webp`;
/** Where logos were before (SVG); a seed moves rows of an older local database to the new path. */
export const formerUniversityLogoPath = (id: string) => `/images/universities/${id}.svg`;

export interface DemoUniversity extends UniversityExportRow {
  /** Logo colours (also used by the logo generator). */
  colors: { primary: string; secondary: string };
}

export const DEMO_UNIVERSITIES: DemoUniversity[] = [
  {
    id: 'ucab',
    name: 'UCAB',
    full_name: 'Universidad Católica Andrés Bello',
    email_domain: 'est.ucab.edu.ve',
    colors: { primary: '#0b3c7d', secondary: '#f2b705' },
  },
  {
    id: 'usm',
    name: 'USM',
    full_name: 'Universidad Santa María',
    email_domain: 'est.usm.edu.ve',
    colors: { primary: '#8c1d18', secondary: '#ffffff' },
  },
  {
    id: 'unimet',
    name: 'La Metropolitana',
    full_name: 'Universidad Metropolitana',
    email_domain: 'est.unimet.edu.ve',
    colors: { primary: '#f47920', secondary: '#1d3557' },
  },
  {
    id: 'ucv',
    name: 'UCV',
    full_name: 'Universidad Central de Venezuela',
    email_domain: 'est.ucv.edu.ve',
    colors: { primary: '#00478f', secondary: '#d4af37' },
  },
].map((u) => ({
  ...u,
  city: 'Caracas',
  logo: universityLogoPath(u.id),
  created_at: '2025-01-15T12:00:00.000Z',
}));

/** mulberry32: small, fast, good enough for demo data, and identical on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DEMO_PRODUCT_COUNT = 168;
const DAY_MS = 86_400_000;

/** Listings the demo seller's own seeds (questions, expiry) link to that account. */
const DEMO_SELLER_LISTINGS: ReadonlySet<number> = new Set([
  ...DEMO_SELLER_PRODUCTS.map((p) => p.id),
  DEMO_EXPIRED_ID,
]);

/**
 * The demo export. Its sellers are the demo sellers (scripts/demo/sellers.ts), whose accounts the
 * local stack makes and links their listings to; a few listings keep a seller of the earlier app. `now` anchors created_at (spread over the 60 days before it); it is rounded down
 * to the minute, so the same `now` always gives the same rows.
 */
export function generateDemoExport(opts: { now?: Date; seed?: number; count?: number } = {}): DemoExport {
  const random = prng(opts.seed ?? 2026);
  const count = opts.count ?? DEMO_PRODUCT_COUNT;
  const now = Math.floor((opts.now ?? new Date()).getTime() / 60_000) * 60_000;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const between = (min: number, max: number) => min + random() * (max - min);

  // Dates first, sorted, so ids grow with created_at as they did in the earlier app.
  const dates = Array.from({ length: count }, () => now - Math.floor(between(0.02, 60) * DAY_MS)).sort(
    (a, b) => a - b,
  );

  const products: ProductExportRow[] = dates.map((date, i) => {
    const id = i + 1;
    // Templates are walked in a shuffled-but-deterministic order: each appears once or twice.
    const [title, category, minPrice, maxPrice, career, tags, description] =
      TEMPLATES[(i * 37) % TEMPLATES.length];
    // Round-robin universities: every university gets every kind of listing over the run.
    const university = DEMO_UNIVERSITIES[i % DEMO_UNIVERSITIES.length];
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const raw = between(minPrice, maxPrice);
    const price = raw < 20 ? Math.round(raw * 2) / 2 : raw < 100 ? Math.round(raw) : Math.round(raw / 5) * 5;
    const condition =
      category === 'servicios' || category === 'tickets' || random() < 0.3 ? 'nuevo' : 'usado';
    // A few sold and inactive listings: they must never appear in a listing; a few reserved ones
    // stay listed with their badge (issue 13).
    const status = i % 23 === 11 ? 'sold' : i % 37 === 20 ? 'inactive' : i % 31 === 5 ? 'reserved' : 'active';
    const images = [demoImagePath(id)];
    if (i % 4 === 0) images.push(demoImagePath(id, 2));
    // Drawn whoever sells it, so the fields drawn after it are the same either way.
    const importedEmail = `${slugify(first)}.${slugify(last)}${Math.floor(random() * 90) + 10}@${university.email_domain}`;
    const seller = catalogueSellerOf(id, university.id, DEMO_SELLER_LISTINGS);
    return {
      id,
      title,
      price: Math.max(1, Math.min(900, price)),
      category,
      image: images[0],
      images,
      seller_name: seller?.name ?? `${first} ${last}`,
      seller_email: seller?.email ?? importedEmail,
      condition,
      status,
      // Careers of generic items are left empty now and then, as students did.
      career: career ?? (random() < 0.75 ? null : 'otros'),
      description,
      tags: [...tags],
      university_id: university.id,
      whatsapp_number: `58${pick(PHONE_PREFIXES)}${String(Math.floor(random() * 9_000_000) + 1_000_000)}`,
      created_at: new Date(date).toISOString(),
    };
  });

  return {
    universities: DEMO_UNIVERSITIES.map(({ colors: _colors, ...row }) => row),
    products,
  };
}
