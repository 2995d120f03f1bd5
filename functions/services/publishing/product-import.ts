import { legacyExpiry } from '#shared/listing-expiry';
import * as z from 'zod';
import {
  CAREER_LABELS,
  CAREERS,
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITION_LABELS,
  CONDITIONS,
  DEFAULT_CONDITION,
} from '#shared/enums';
import { isOnOffer, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '#shared/statuses';
import { LIMITS } from '#shared/limits';
import type { Product, University } from '#shared/schemas';
import { fold, slugify } from '#shared/text';
import type { ProductRepository, UniversityRepository } from '../../ports/repositories';

/**
 * Import of an export of the earlier app (universities.json + products.json, rows with the original
 * column names). Each row is validated on its own: a bad row is reported with its position and
 * reason and skipped, the rest still load. Ids are preserved and rows are written with
 * putIfAbsent, so a re-run changes nothing; the product id counter is raised to the largest
 * imported id. Products reach the search index only through the table's stream.
 *
 * Operator-facing (CLI), so reasons are in English.
 */

export const IMPORT_FILES = { universities: 'universities.json', products: 'products.json' } as const;
export type ImportFile = (typeof IMPORT_FILES)[keyof typeof IMPORT_FILES];

export interface ImportCounts {
  created: number;
  unchanged: number;
  rejected: number;
}

export interface ImportRowError {
  file: ImportFile;
  /** Zero-based position of the row in its file's array. */
  index: number;
  reason: string;
}

export interface ImportReport {
  universities: ImportCounts;
  products: ImportCounts;
  errors: ImportRowError[];
}

export interface ImportInput {
  /** The parsed content of universities.json (an array of rows). */
  universities: readonly unknown[];
  /** The parsed content of products.json (an array of rows). */
  products: readonly unknown[];
}

export interface ImportDeps {
  products: Pick<ProductRepository, 'putIfAbsent' | 'raiseIdFloor'>;
  universities: Pick<UniversityRepository, 'putIfAbsent' | 'get'>;
  /** Rows written in parallel (DynamoDB round trips dominate). @default 8 */
  concurrency?: number;
  /** The import's clock, for the listings' expiry (decision 030). @default the system clock */
  now?: () => Date;
  /** Days a listing stays on offer (LISTING_EXPIRY_DAYS). @default 60 */
  listingExpiryDays?: number;
}

// --- coercions of what the old system plausibly stored --------------------------------------

const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/** Integer ids, also as numeric strings ('42'). */
const idField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ message: 'id must be a positive integer' })
    .int('id must be a positive integer')
    .positive('id must be a positive integer')
    .max(Number.MAX_SAFE_INTEGER, 'id is too large'),
);

/** Prices as numbers or numeric strings ('25', '25.50', ' 1,000.00 ' is NOT accepted: ambiguous). */
const priceField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ message: 'price must be a number' })
    .nonnegative('price must not be negative')
    .max(LIMITS.priceMax, `price must not exceed ${LIMITS.priceMax}`),
);

/** Timestamps as ISO strings or Postgres text ('2025-07-29 14:03:11.123+00'); stored as ISO UTC. */
const timestampField = z.preprocess(
  (v) => {
    if (typeof v !== 'string' && typeof v !== 'number') return v;
    let s = typeof v === 'string' ? v.trim() : v;
    // Postgres prints '+00' offsets and a space separator; Date wants 'T' and '+00:00'.
    if (typeof s === 'string') s = s.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  },
  z.iso.datetime({ message: 'created_at must be a valid timestamp' }),
);

/**
 * Enumerations matched accent- and case-insensitively, by value ('Electrónica', 'instrumentos
 * musicales') or by Spanish label ('Hogar y Dormitorio', 'Vendido').
 */
function enumField<T extends readonly [string, ...string[]]>(
  values: T,
  labels: Record<T[number], string>,
  name: string,
) {
  const byLabel = new Map<string, string>(
    Object.entries<string>(labels).map(([value, label]) => [slugify(label), value]),
  );
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const slug = slugify(v);
      return (values as readonly string[]).includes(slug) ? slug : (byLabel.get(slug) ?? v);
    },
    z.enum(values, { message: `unknown ${name}` }),
  );
}

/** Arrays stored as arrays, JSON strings ('["a","b"]'), Postgres array text ('{a,b}') or null. */
function parseLooseArray(v: unknown): unknown {
  if (v === null || v === undefined) return [];
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return [];
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      return v;
    }
  }
  if (s.startsWith('{') && s.endsWith('}')) {
    const inner = s.slice(1, -1).trim();
    return inner === '' ? [] : inner.split(',').map((x) => x.trim().replace(/^"(.*)"$/, '$1'));
  }
  // A single value where an array was expected (e.g. one image URL).
  return [s];
}

const stringArray = (name: string) =>
  z.preprocess(
    parseLooseArray,
    z
      .array(z.string({ message: `${name} must hold strings` }), { message: `${name} must be an array` })
      .transform((a) => a.map((x) => x.trim()).filter((x) => x !== '')),
  );

const optionalText = z.preprocess(blankToNull, z.string({ message: 'must be text' }).nullable());

/** Tags as the spec stores them: lower-cased, trimmed, at most 20 characters, unique, at most 10. */
function normaliseTags(tags: string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const t = tag.toLowerCase().slice(0, LIMITS.tagMaxLength).trim();
    if (t && !out.includes(t)) out.push(t);
    if (out.length === LIMITS.tagsPerProduct) break;
  }
  return out;
}

/** WhatsApp numbers kept as digits only (numbers and formatted strings alike); blank → null. */
const whatsappField = z.preprocess((v) => {
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v !== 'string') return v;
  const digits = v.replace(/\D/g, '');
  return digits === '' ? null : digits;
}, z
  .string({ message: 'whatsapp_number must be text or a number' })
  .max(20, 'whatsapp_number is too long')
  .nullable());

const emailField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.email({ message: 'seller_email must be an e-mail address' }),
);

// --- row schemas -----------------------------------------------------------------------------

/** A universities.json row of the earlier app. */
export const universityRowSchema = z.object({
  id: z
    .string({ message: 'id is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{2,20}$/, 'id must be a short slug (a-z, 0-9, -; 2 to 20 characters)'),
  name: z
    .string({ message: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(80, 'name is too long'),
  full_name: z
    .string({ message: 'full_name is required' })
    .trim()
    .min(1, 'full_name is required')
    .max(200, 'full_name is too long'),
  email_domain: z
    .string({ message: 'email_domain is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'email_domain is not a domain'),
  city: z.preprocess(blankToNull, z.string({ message: 'city must be text' }).trim().max(80).nullable()),
  logo: z.preprocess(blankToNull, z.string({ message: 'logo must be text' }).trim().max(500).nullable()),
  created_at: timestampField,
});

/** A products.json row of the earlier app, turned into the product as stored. */
export const productRowSchema = z
  .object({
    id: idField,
    // Stored exactly as given (rendered as text everywhere); only emptiness is refused.
    title: z
      .string({ message: 'title is required' })
      .refine((t) => t.trim() !== '', 'title is required')
      .refine((t) => t.length <= 1000, 'title is too long'),
    description: optionalText.refine((d) => d === null || d.length <= 50_000, 'description is too long'),
    price: priceField,
    category: enumField(CATEGORIES, CATEGORY_LABELS, 'category'),
    condition: z.preprocess(blankToNull, enumField(CONDITIONS, CONDITION_LABELS, 'condition').nullable()),
    status: z.preprocess(
      blankToNull,
      enumField(PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, 'status').nullable(),
    ),
    // 'all' was the old filter's "any career" and leaked into some rows: it means no career.
    career: z.preprocess((v) => {
      const b = blankToNull(v);
      return typeof b === 'string' && fold(b.trim()) === 'all' ? null : b;
    }, enumField(CAREERS, CAREER_LABELS, 'career').nullable()),
    image: optionalText,
    images: stringArray('images'),
    tags: stringArray('tags'),
    seller_name: optionalText,
    seller_email: emailField,
    whatsapp_number: whatsappField,
    university_id: z.preprocess(
      (v) => (typeof v === 'string' ? v : v == null ? '' : v),
      z
        .string({ message: 'university_id is required' })
        .trim()
        .toLowerCase()
        .min(1, 'university_id is required'),
    ),
    created_at: timestampField,
  })
  .transform((r): Product => {
    const images = (r.images.length > 0 ? r.images : r.image ? [r.image.trim()] : []).slice(
      0,
      LIMITS.imagesPerProduct,
    );
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      price: r.price,
      category: r.category,
      condition: r.condition ?? DEFAULT_CONDITION,
      career: r.career,
      image: r.image?.trim() || images[0] || null,
      images,
      tags: normaliseTags(r.tags),
      // The spec's fallback: full name, else the e-mail's local part, else 'Usuario'.
      seller_name: r.seller_name?.trim() || r.seller_email.split('@')[0] || 'Usuario',
      seller_email: r.seller_email,
      whatsapp_number: r.whatsapp_number,
      university_id: r.university_id,
      status: r.status ?? 'active',
      // Imported rows have no account yet; later issues link them by seller_email.
      owner_id: null,
      created_at: r.created_at,
    };
  });

/** The first issue of a failed parse, as one line: 'price: price must not be negative'. */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue.path.join('.');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}

export type RowResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export function parseUniversityRow(row: unknown): RowResult<University> {
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    return { ok: false, reason: 'row is not an object' };
  const parsed = universityRowSchema.safeParse(row);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describe(parsed.error) };
}

export function parseProductRow(row: unknown): RowResult<Product> {
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    return { ok: false, reason: 'row is not an object' };
  const parsed = productRowSchema.safeParse(row);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describe(parsed.error) };
}

// --- the import ------------------------------------------------------------------------------

/** Runs `work` over `items` with at most `limit` in flight, keeping the items' order in results. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Imports universities first (products refer to them), then products. Write errors of the table
 * (throttling exhausted, network) are fatal and propagate: the run can simply be repeated.
 */
export async function importExport(deps: ImportDeps, input: ImportInput): Promise<ImportReport> {
  const concurrency = deps.concurrency ?? 8;
  const report: ImportReport = {
    universities: { created: 0, unchanged: 0, rejected: 0 },
    products: { created: 0, unchanged: 0, rejected: 0 },
    errors: [],
  };
  const reject = (file: ImportFile, index: number, reason: string) => {
    report.errors.push({ file, index, reason });
    report[file === IMPORT_FILES.universities ? 'universities' : 'products'].rejected++;
  };

  const universities: University[] = [];
  const seenUniversities = new Set<string>();
  for (const [index, row] of input.universities.entries()) {
    const r = parseUniversityRow(row);
    if (!r.ok) {
      reject(IMPORT_FILES.universities, index, r.reason);
    } else if (seenUniversities.has(r.value.id)) {
      reject(IMPORT_FILES.universities, index, `duplicate id '${r.value.id}' in this file`);
    } else {
      seenUniversities.add(r.value.id);
      universities.push(r.value);
    }
  }
  const created = await mapLimited(universities, concurrency, (u) => deps.universities.putIfAbsent(u));
  for (const c of created) report.universities[c ? 'created' : 'unchanged']++;

  // Universities known to the table but absent from this export are looked up once each.
  const known = new Map<string, boolean>([...seenUniversities].map((id) => [id, true]));
  const isKnown = async (id: string) => {
    if (!known.has(id)) known.set(id, (await deps.universities.get(id)) !== null);
    return known.get(id) === true;
  };

  const products: { index: number; product: Product }[] = [];
  const seenProducts = new Set<number>();
  for (const [index, row] of input.products.entries()) {
    const r = parseProductRow(row);
    if (!r.ok) {
      reject(IMPORT_FILES.products, index, r.reason);
      continue;
    }
    if (seenProducts.has(r.value.id)) {
      reject(IMPORT_FILES.products, index, `duplicate id ${r.value.id} in this file`);
      continue;
    }
    if (!(await isKnown(r.value.university_id))) {
      reject(IMPORT_FILES.products, index, `university_id: unknown university '${r.value.university_id}'`);
      continue;
    }
    seenProducts.add(r.value.id);
    products.push({ index, product: r.value });
  }
  // Listings on offer get their expiry (decision 030): the full period from publishing, at least a week.
  const now = deps.now?.() ?? new Date();
  const written = await mapLimited(products, concurrency, ({ product }) =>
    deps.products.putIfAbsent(
      isOnOffer(product.status)
        ? { ...product, expires_at: legacyExpiry(product.created_at, now, deps.listingExpiryDays) }
        : product,
    ),
  );
  for (const c of written) report.products[c ? 'created' : 'unchanged']++;

  // Raised even when every row existed, so a re-run also repairs a counter left behind.
  const maxId = products.reduce((m, { product }) => Math.max(m, product.id), 0);
  if (maxId > 0) await deps.products.raiseIdFloor(maxId);

  report.errors.sort((a, b) => (a.file === b.file ? a.index - b.index : a.file < b.file ? -1 : 1));
  return report;
}
