import { useDeferredValue } from 'react';
import { LIMITS } from '#shared/limits';
import { useDocumentHead } from '@/lib/document-meta';
import { globalHead } from '@/lib/page-head/listings';
import { getInfiniteProductsQueryOptions } from '@/lib/api/get-infinite-products';
import { getProductsQueryOptions, type ProductsQuery, useProducts } from '@/lib/api/get-products';
import type { Prefetch } from '@/lib/render-context';
import { FilterChips } from '../components/filter-chips';
import { FilterPopover } from '../components/filter-popover';
import { ProductResults } from '../components/product-results';
import { ProductStrip } from '../components/product-strip';
import { SearchBar } from '../components/search-bar';
import { type Filters, filtersToQuery, parseFilters, useFilters } from '../hooks/use-filters';
import { searchTermOf, useSearchTerm } from '../hooks/use-search-term';

const STRIP_QUERY: ProductsQuery = { limit: LIMITS.globalStrip, sort: 'newest' };
const resultsQuery = (term: string, filters: Filters): ProductsQuery => ({
  q: term || undefined,
  ...filtersToQuery(filters, LIMITS.globalPriceMax),
});

/** The server's render: the strip and the listing's first page. */
export const prefetch: Prefetch = async ({ search, queryClient }) => {
  const filters = parseFilters(search, LIMITS.globalPriceMax);
  await Promise.all([
    queryClient.prefetchQuery(getProductsQueryOptions(STRIP_QUERY)),
    queryClient.prefetchInfiniteQuery(
      getInfiniteProductsQueryOptions(resultsQuery(searchTermOf(search), filters)),
    ),
  ]);
  return undefined;
};

/** All universities: the strip of the newest 8, search, filters (price 0 to 1000, newest) and the listing. */
export function Component() {
  useDocumentHead((ctx) => globalHead(ctx));
  const { text, setText, shown, term } = useSearchTerm();
  const filterState = useFilters(LIMITS.globalPriceMax);
  const { filters, setFilters, activeCount } = filterState;
  const strip = useProducts(STRIP_QUERY);
  // Its 24 items (the 8 tripled) render in the background, in short tasks (as ProductResults' cards).
  const stripItems = useDeferredValue(strip.data?.items);

  return (
    <div className="container page">
      <div className="banner">
        <h1 className="page-title">Marketplace Global</h1>
        <p>Productos de estudiantes de todas las universidades.</p>
      </div>
      <ProductStrip
        products={stripItems?.slice(0, LIMITS.globalStrip) ?? []}
        loading={!stripItems && !strip.isError}
      />
      <SearchBar value={text} onChange={setText}>
        <FilterPopover {...filterState} onChange={setFilters} onReset={filterState.reset} />
      </SearchBar>
      <FilterChips {...filterState} onChange={setFilters} onReset={filterState.reset} />
      <ProductResults
        query={resultsQuery(term, filters)}
        heading={
          shown
            ? `Resultados para "${shown}"`
            : activeCount > 0
              ? 'Productos filtrados'
              : 'Todos los productos'
        }
      />
    </div>
  );
}
