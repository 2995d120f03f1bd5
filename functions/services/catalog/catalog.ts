import { LIMITS } from '#shared/limits';
import { API_MESSAGES } from '#shared/messages';
import type { ListProductsQuery, Product, ProductSummary } from '#shared/schemas';
import { isEmptyText, searchTerms } from '#shared/search-terms';
import { isListed } from '#shared/table';
import { cursorKind, decodeOffsetCursor, encodeOffsetCursor, MAX_OFFSET } from '../../commons/cursor';
import { BadRequestError, NotFoundError } from '../../commons/errors';
import { METRIC } from '../../commons/metric-names';
import { countMetric, logger } from '../../commons/observability';
import { withTimeout } from '../../commons/timeout';
import type { CountStore } from '../../ports/counts';
import type { ProductRepository } from '../../ports/repositories';
import type { SearchIndex, SearchQuery } from '../../ports/search-index';
import { listingTotal } from './listing-counts';
import { filterAndSort } from '../search/product-matching';

export interface CatalogDeps {
  products: ProductRepository;
  /** The listing counts (a plain listing's total), kept by the stream dispatcher. */
  counts: CountStore;
  search: SearchIndex;
  searchTimeoutMs: number;
}

export interface ProductPageResult {
  items: (ProductSummary | Product)[];
  total: number | null;
  nextCursor: string | null;
}

/**
 * Most products the DynamoDB fallback reads (newest first, by pages of a Query on the scope's
 * listing index) before matching in memory. It only runs while the search index is down, and the
 * bound keeps its cost and latency fixed whatever the table's size; older products beyond it are
 * not found until the index is back.
 */
export const FALLBACK_MAX_ITEMS = 2000;
const FALLBACK_PAGE = 250;

/** A plain listing (no text, no career/condition/price/reserved filter, date order) is a Query; the rest needs the index. */
export function isPlainListing(q: SearchQuery): boolean {
  return (
    !q.terms &&
    !q.career &&
    !q.condition &&
    q.minPrice === undefined &&
    q.maxPrice === undefined &&
    !q.hideReserved &&
    (q.sort === 'newest' || q.sort === 'oldest')
  );
}

/**
 * What a search means to a buyer (docs/decisions/046), read ONCE here: the text is parsed into its
 * terms (shared/search-terms.ts), which the search index and the DynamoDB fallback take as they
 * are. The spec's order words are not searched and become the order ('barato', 'económico',
 * 'oferta': cheaper first; 'caro': dearer first) unless an order other than the default (newest)
 * was chosen. Condition words ('nuevo', 'usada') are terms of their own: soft filters (the
 * listing's condition, or its own words: 'casi nueva'), the condition first; the condition filter
 * chosen in the UI stays a hard one. A text with nothing to find ('barato' alone) leaves no terms.
 * The page is the first one (`offset` 0): listProducts sets the cursor's.
 */
export function interpretQuery(query: ListProductsQuery): SearchQuery {
  const terms = query.q ? searchTerms(query.q) : undefined;
  return {
    ...(terms && !isEmptyText(terms) ? { terms } : {}),
    university: query.university,
    category: query.category,
    career: query.career,
    condition: query.condition,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    ...(query.hideReserved ? { hideReserved: true } : {}),
    sort: terms?.sort && query.sort === 'newest' ? terms.sort : query.sort,
    limit: query.limit,
    offset: 0,
  };
}

function nextOffsetCursor(offset: number, returned: number, total: number): string | null {
  const next = offset + returned;
  return returned > 0 && next < total && next <= MAX_OFFSET ? encodeOffsetCursor(next) : null;
}

export async function listProducts(deps: CatalogDeps, asked: ListProductsQuery): Promise<ProductPageResult> {
  const { cursor } = asked;
  const read = interpretQuery(asked);
  if (isPlainListing(read)) {
    if (cursor && cursorKind(cursor) !== 'd') throw new BadRequestError(API_MESSAGES.invalidCursor);
    const order = read.sort === 'oldest' ? 'oldest' : 'newest';
    // The total is the listing's count (a GetItem beside the Query): the index is not asked, so a
    // listing keeps its total, and its speed, whether the index answers or not.
    const scope = { university: read.university, category: read.category };
    const [page, count] = await Promise.all([
      deps.products.listActive(scope, order, read.limit, cursor),
      listingTotal(deps, scope),
    ]);
    return { items: page.items, total: count, nextCursor: page.nextCursor };
  }

  if (cursor && cursorKind(cursor) !== 'o') throw new BadRequestError(API_MESSAGES.invalidCursor);
  // The one query object, read above: the index gets it, and on failure the fallback gets the same.
  const query: SearchQuery = { ...read, offset: decodeOffsetCursor(cursor) };
  try {
    const result = await withTimeout(deps.search.search(query), deps.searchTimeoutMs);
    return {
      items: result.items,
      total: result.total,
      nextCursor: nextOffsetCursor(query.offset, result.items.length, result.total),
    };
  } catch (error) {
    logger.warn('search index failed; answering from DynamoDB', { error: errorText(error) });
    countMetric(METRIC.searchFallbacks);
    return fallbackSearch(deps.products, query);
  }
}

/**
 * The spec's database fallback: bounded Query pages of the scope, matched in memory by the search's
 * own query object (its terms as the catalog read them; its page: `offset`, `limit`).
 */
export async function fallbackSearch(
  products: ProductRepository,
  query: SearchQuery,
): Promise<ProductPageResult> {
  const { offset } = query;
  const candidates: Product[] = [];
  let cursor: string | undefined;
  do {
    const page = await products.listActive(
      { university: query.university, category: query.category },
      'newest',
      Math.min(FALLBACK_PAGE, FALLBACK_MAX_ITEMS - candidates.length),
      cursor,
    );
    candidates.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && candidates.length < FALLBACK_MAX_ITEMS);
  const matched = filterAndSort(candidates, query);
  const items = matched.slice(offset, offset + query.limit);
  return { items, total: matched.length, nextCursor: nextOffsetCursor(offset, items.length, matched.length) };
}

/** A listed product (active and not held for review by reports); anything else is not found. */
export async function getProduct(deps: Pick<CatalogDeps, 'products'>, id: number): Promise<Product> {
  const product = await deps.products.get(id);
  if (!product || !isListed(product)) throw new NotFoundError(API_MESSAGES.productNotFound);
  return product;
}

/** Up to 4 other active products of the same university and category, newest first. */
export async function relatedProducts(deps: Pick<CatalogDeps, 'products'>, id: number): Promise<Product[]> {
  const product = await getProduct(deps, id);
  const page = await deps.products.listActive(
    { university: product.university_id, category: product.category },
    'newest',
    LIMITS.relatedProducts + 1,
  );
  return page.items.filter((p) => p.id !== id).slice(0, LIMITS.relatedProducts);
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
