import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type Career,
  type Category,
  CONDITIONS,
  type Condition,
  DEFAULT_SORT,
  FILTER_CAREERS,
  FILTER_CATEGORIES,
  SORT_ORDERS,
  type SortOrder,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import type { ProductsQuery } from '@/lib/api/get-products';

/** The spec's filter set: category, career, condition, price range and sort; 'Ocultar reservados' (issue 13). */
export interface Filters {
  category: Category | 'all';
  career: Career | 'all';
  condition: Condition | 'all';
  minPrice: number;
  maxPrice: number;
  sortBy: SortOrder;
  hideReserved: boolean;
}

export const defaultFilters = (priceMax: number = LIMITS.marketplacePriceMax): Filters => ({
  category: 'all',
  career: 'all',
  condition: 'all',
  minPrice: 0,
  maxPrice: priceMax,
  sortBy: DEFAULT_SORT,
  hideReserved: false,
});

/** The badge count: each filter away from its default counts once (the price range counts once). */
export function activeFilterCount(f: Filters, priceMax: number = LIMITS.marketplacePriceMax): number {
  const d = defaultFilters(priceMax);
  return (
    Number(f.category !== d.category) +
    Number(f.career !== d.career) +
    Number(f.condition !== d.condition) +
    Number(f.minPrice !== d.minPrice || f.maxPrice !== d.maxPrice) +
    Number(f.sortBy !== d.sortBy) +
    Number(f.hideReserved !== d.hideReserved)
  );
}

/**
 * API query of a filter set. The slider's top value means "and above", so the default range sends
 * no price bound at all and products dearer than the slider's maximum still show.
 */
export function filtersToQuery(f: Filters, priceMax: number = LIMITS.marketplacePriceMax): ProductsQuery {
  return {
    category: f.category === 'all' ? undefined : f.category,
    career: f.career === 'all' ? undefined : f.career,
    condition: f.condition === 'all' ? undefined : f.condition,
    minPrice: f.minPrice > 0 ? f.minPrice : undefined,
    maxPrice: f.maxPrice < priceMax ? f.maxPrice : undefined,
    sort: f.sortBy,
    hideReserved: f.hideReserved ? true : undefined,
  };
}

const PARAM = {
  category: 'category',
  career: 'career',
  condition: 'condition',
  min: 'min',
  max: 'max',
  sort: 'sort',
  hideReserved: 'hide_reserved',
};

/** The filter set a URL's query names (the hook's `filters`, and a server's prefetch). */
export function parseFilters(params: URLSearchParams, priceMax: number): Filters {
  const d = defaultFilters(priceMax);
  const pick = <T extends string>(
    values: readonly T[],
    raw: string | null,
    fallback: T | 'all',
  ): T | 'all' => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback);
  // Number() as zod's coerce reads it; a whole number within the slider's range, else the default.
  const price = (raw: string | null, fallback: number) => {
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(value) && value >= 0 && value <= priceMax ? value : fallback;
  };
  let minPrice = price(params.get(PARAM.min), d.minPrice);
  let maxPrice = price(params.get(PARAM.max), d.maxPrice);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [d.minPrice, d.maxPrice];
  return {
    category: pick<Category>(FILTER_CATEGORIES, params.get(PARAM.category), 'all'),
    career: pick<Career>(FILTER_CAREERS, params.get(PARAM.career), 'all'),
    condition: pick<Condition>(CONDITIONS, params.get(PARAM.condition), 'all'),
    minPrice,
    maxPrice,
    sortBy: pick<SortOrder>(SORT_ORDERS, params.get(PARAM.sort), d.sortBy) as SortOrder,
    hideReserved: params.get(PARAM.hideReserved) === '1',
  };
}

/** `params` with the filters of `patch` changed (a default value leaves the URL), the rest kept. */
export function withFilters(
  params: URLSearchParams,
  patch: Partial<Filters>,
  priceMax: number = LIMITS.marketplacePriceMax,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const f = { ...parseFilters(params, priceMax), ...patch };
  const d = defaultFilters(priceMax);
  const put = (key: string, value: string | number, fallback: string | number) =>
    value === fallback ? next.delete(key) : next.set(key, String(value));
  put(PARAM.category, f.category, d.category);
  put(PARAM.career, f.career, d.career);
  put(PARAM.condition, f.condition, d.condition);
  put(PARAM.min, f.minPrice, d.minPrice);
  put(PARAM.max, f.maxPrice, d.maxPrice);
  put(PARAM.sort, f.sortBy, d.sortBy);
  put(PARAM.hideReserved, f.hideReserved ? '1' : '0', '0');
  return next;
}

/**
 * Filters kept in the URL (so the back button and shared links keep them); default values are
 * left out of the URL. History entries are replaced, not pushed, while filtering.
 */
export function useFilters(priceMax: number = LIMITS.marketplacePriceMax) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params, priceMax), [params, priceMax]);
  // setSearchParams' updater gets the params of the last render, not those of a navigation still
  // under way: two quick changes (condition, then sort) would lose the first. Changes accumulate
  // here until the URL shows them.
  const pending = useRef<Partial<Filters>>({});
  useEffect(() => {
    const shown = parseFilters(params, priceMax);
    const wanted = pending.current;
    if ((Object.keys(wanted) as (keyof Filters)[]).every((k) => shown[k] === wanted[k])) pending.current = {};
  }, [params, priceMax]);

  const setFilters = useCallback(
    (patch: Partial<Filters>) => {
      pending.current = { ...pending.current, ...patch };
      const wanted = pending.current;
      setParams((prev) => withFilters(prev, wanted, priceMax), { replace: true });
    },
    [setParams, priceMax],
  );

  const reset = useCallback(() => setFilters(defaultFilters(priceMax)), [setFilters, priceMax]);

  return { filters, setFilters, reset, activeCount: activeFilterCount(filters, priceMax), priceMax };
}
