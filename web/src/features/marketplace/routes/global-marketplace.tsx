import { useDeferredValue } from 'react';
import { LIMITS } from '#shared/limits';
import { clientHeadContext, useDocumentHead } from '@/lib/document-meta';
import { globalHead } from '@/lib/page-head/listings';
import { useProducts } from '@/lib/api/get-products';
import { FilterChips } from '../components/filter-chips';
import { FilterPopover } from '../components/filter-popover';
import { ProductResults } from '../components/product-results';
import { ProductStrip } from '../components/product-strip';
import { SearchBar } from '../components/search-bar';
import { filtersToQuery, useFilters } from '../hooks/use-filters';
import { useSearchTerm } from '../hooks/use-search-term';

/** All universities: the strip of the newest 8, search, filters (price 0 to 1000, newest) and the listing. */
export function Component() {
  useDocumentHead(globalHead(clientHeadContext()));
  const { text, setText, shown, term } = useSearchTerm();
  const filterState = useFilters(LIMITS.globalPriceMax);
  const { filters, setFilters, activeCount, priceMax } = filterState;
  const strip = useProducts({ limit: LIMITS.globalStrip, sort: 'newest' });
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
        query={{ q: term || undefined, ...filtersToQuery(filters, priceMax) }}
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
