import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Category, FILTER_CATEGORIES } from '#shared/enums';
import { LIMITS } from '#shared/limits';
import type { ProductSummary } from '#shared/schemas';
import { getProducts } from '@/lib/api/get-products';
import { productsQueryKeyRoot } from '@/lib/api/products-query-key';

/**
 * The browsing marketplace's sections: the newest products of each filter category, one listProducts
 * call per category, asked in parallel and kept as one query. One query rather than TanStack Query's
 * `useQueries`, whose code (1 KB gzip) only this screen used, on the first route
 * (docs/decisions/024-phone-speed.md). A category whose call
 * fails shows no section, as an empty one does; when every call fails the query fails (and is
 * retried as any other).
 */
const sectionQuery = (university: string, category: Category) =>
  ({ university, category, limit: LIMITS.categoryPreview, sort: 'newest' }) as const;

export const getCategorySections = async (university: string, signal?: AbortSignal) => {
  const settled = await Promise.allSettled(
    FILTER_CATEGORIES.map((category) => getProducts(sectionQuery(university, category), signal)),
  );
  if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  return FILTER_CATEGORIES.map((category, i) => {
    const s = settled[i];
    return { category, items: s.status === 'fulfilled' ? s.value.items : ([] as ProductSummary[]) };
  });
};

export const getCategorySectionsQueryOptions = (university: string) =>
  queryOptions({
    queryKey: [productsQueryKeyRoot, 'sections', university],
    queryFn: ({ signal }) => getCategorySections(university, signal),
  });

export const useCategorySections = (university: string) =>
  useQuery(getCategorySectionsQueryOptions(university));
