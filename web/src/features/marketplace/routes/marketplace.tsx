import { Suspense } from 'react';
import { LIMITS } from '#shared/limits';
import { Glyph } from '@/components/catalog-icons';
import { buttonClass } from '@/components/ui/button';
import { ChooseUniversityFirst, chooseUniversityFirst } from '@/components/choose-university-first';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { lazyComponent } from '@/lib/lazy-component';
import { getUniversityQueryOptions } from '@/lib/api/get-university';
import { getInfiniteProductsQueryOptions } from '@/lib/api/get-infinite-products';
import type { ProductsQuery } from '@/lib/api/get-products';
import type { Prefetch } from '@/lib/render-context';
import { useShownUniversity } from '@/lib/selected-university';
import { getCategorySectionsQueryOptions } from '../api/get-category-sections';
import { CategoryCarousel } from '../components/category-carousel';
import { CategorySections } from '../components/category-sections';
import { ResultsLoading } from '../components/results-loading';
import { FilterPopover } from '../components/filter-popover';
import { SearchBar } from '../components/search-bar';
import { UniversityHeader } from '../components/university-header';
import {
  activeFilterCount,
  type Filters,
  filtersToQuery,
  parseFilters,
  useFilters,
} from '../hooks/use-filters';
import { searchTermOf, useSearchTerm } from '../hooks/use-search-term';

// Searching or filtering only: the results (their paginated query), 'Crear alerta' (its mutation)
// and the active filters' chips are chunks of their own, off the browsing marketplace's first load
// (decisions 024 and 037), loaded when a search or a filter starts or the page gets focus.
const { Component: ProductResults, preload: loadResults } = lazyComponent(() =>
  import('../components/product-results').then((m) => m.ProductResults),
);
const { Component: CreateAlertButton, preload: loadAlertButton } = lazyComponent(() =>
  import('../components/create-alert-button').then((m) => m.FilteredAlertButton),
);
const { Component: FilterChips, preload: loadChips } = lazyComponent(() =>
  import('../components/filter-chips').then((m) => m.FilterChips),
);
const loadSearchParts = () => Promise.all([loadResults(), loadAlertButton(), loadChips()]).catch(() => {});

/**
 * A link that opens with a search or a filter: those parts load with this chunk, and the screen's
 * first render waits for them (`ready`, app/lazy-screen.ts) and shows them at once, so they do not
 * pop in after it.
 */
export const ready = (search: string) =>
  [...new URLSearchParams(search).keys()].some((k) => k !== 'university') ? loadSearchParts() : undefined;

/** The results' query of a search or a filter (none while browsing: the sections show then). */
const resultsQuery = (university: string, term: string, filters: Filters): ProductsQuery => ({
  university,
  q: term || undefined,
  ...filtersToQuery(filters),
});

/**
 * The server's render: the university's header and either its category sections (browsing) or the
 * first page of the search's or filters' results. No university (neither in the URL nor chosen):
 * the chooser, as the screen itself does.
 */
export const prefetch: Prefetch = async ({ url, search, university, queryClient }) => {
  // A link's ?university= or the visitor's stored choice (server/document.ts).
  const universityId = university;
  if (!universityId) return chooseUniversityFirst(url);
  const term = searchTermOf(search);
  const filters = parseFilters(search, LIMITS.marketplacePriceMax);
  const browsing = !term && activeFilterCount(filters) === 0;
  await Promise.all([
    queryClient.prefetchQuery(getUniversityQueryOptions(universityId)),
    browsing
      ? queryClient.prefetchQuery(getCategorySectionsQueryOptions(universityId))
      : queryClient.prefetchInfiniteQuery(
          getInfiniteProductsQueryOptions(resultsQuery(universityId, term, filters)),
        ),
  ]);
  return undefined;
};

export function Component() {
  const universityId = useShownUniversity();
  if (!universityId) return <ChooseUniversityFirst />;
  return <Marketplace universityId={universityId} />;
}

function Marketplace({ universityId }: { universityId: string }) {
  // The canonical URL names the university, so a shared or indexed link opens the same marketplace.
  useDocumentMeta(
    'Marketplace',
    'Productos de tu comunidad universitaria: libros, electrónica, ropa y más.',
    paths.marketplace.getHref(universityId),
  );
  const { text, setText, shown, term } = useSearchTerm();
  const filterState = useFilters(LIMITS.marketplacePriceMax);
  const { filters, setFilters, activeCount } = filterState;
  const browsing = !term && activeCount === 0;
  const heading = shown ? `Resultados para "${shown}"` : 'Productos filtrados';

  return (
    // Any focus in the page (the search box, 'Filtros') may start a search: its parts load then.
    // biome-ignore lint/a11y/noStaticElementInteractions: a prefetch on focus within, no interaction of its own
    <div className="container page" onFocus={loadSearchParts}>
      <UniversityHeader universityId={universityId} />
      <SearchBar value={text} onChange={setText}>
        <FilterPopover {...filterState} onChange={setFilters} onReset={filterState.reset} />
      </SearchBar>
      {activeCount > 0 && (
        <Suspense fallback={null}>
          <FilterChips {...filterState} onChange={setFilters} onReset={filterState.reset} />
        </Suspense>
      )}
      {!browsing && (
        <Suspense
          fallback={
            // The button's place and look while its chunk loads, so nothing moves when it arrives;
            // hidden from assistive technology (it cannot be pressed yet).
            <div className="create-alert" aria-hidden="true">
              <span className={buttonClass('outline', 'sm')}>
                <Glyph name="bell" size={16} /> Crear alerta
              </span>
            </div>
          }
        >
          <CreateAlertButton university={universityId} term={term} filters={filters} />
        </Suspense>
      )}
      <CategoryCarousel />
      {browsing ? (
        <CategorySections universityId={universityId} />
      ) : (
        // ProductResults' own first look while its chunk loads.
        <Suspense fallback={<ResultsLoading heading={heading} />}>
          <ProductResults query={resultsQuery(universityId, term, filters)} heading={heading} />
        </Suspense>
      )}
    </div>
  );
}
