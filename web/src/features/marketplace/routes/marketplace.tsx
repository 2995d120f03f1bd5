import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LIMITS } from '#shared/limits';
import { parseUniversityId } from '#shared/ids';
import { Glyph } from '@/components/catalog-icons';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { getSelectedUniversity, setSelectedUniversity } from '@/lib/storage';
import { CategoryCarousel } from '../components/category-carousel';
import { CategorySections } from '../components/category-sections';
import { ResultsLoading } from '../components/results-loading';
import { FilterChips } from '../components/filter-chips';
import { FilterPopover } from '../components/filter-popover';
import { SearchBar } from '../components/search-bar';
import { UniversityHeader } from '../components/university-header';
import { filtersToQuery, useFilters } from '../hooks/use-filters';
import { useSearchTerm } from '../hooks/use-search-term';

// Searching or filtering only: the results (their paginated query) and 'Crear alerta' (its
// mutation) are chunks of their own, off the browsing marketplace's first load (decision 024). A
// link that opens with a search or a filter requests them with this chunk, not after it.
const loadResults = () => import('../components/product-results');
const loadAlertButton = () => import('../components/create-alert-button');
const ProductResults = lazy(() => loadResults().then((m) => ({ default: m.ProductResults })));
const CreateAlertButton = lazy(() => loadAlertButton().then((m) => ({ default: m.FilteredAlertButton })));
if (
  typeof location !== 'undefined' &&
  [...new URLSearchParams(location.search).keys()].some((k) => k !== 'university')
) {
  void loadResults().catch(() => {});
  void loadAlertButton().catch(() => {});
}

/** ?university={id} (a shared link) chooses that university; otherwise the stored one. */
function useMarketplaceUniversity(): string | null {
  const [params, setParams] = useSearchParams();
  const fromUrl = parseUniversityId(params.get('university'));
  const [universityId] = useState(() => {
    if (fromUrl !== null) {
      setSelectedUniversity(fromUrl);
      return fromUrl;
    }
    return getSelectedUniversity();
  });
  useEffect(() => {
    // Not while sending the visitor to the chooser: this replace would bring them back here.
    if (!params.has('university') || universityId === null) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('university');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, universityId]);
  return universityId;
}

export function Component() {
  const universityId = useMarketplaceUniversity();
  if (!universityId) return <Navigate to={paths.selectUniversity.getHref()} replace />;
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
    <div className="container page">
      <UniversityHeader universityId={universityId} />
      <SearchBar value={text} onChange={setText}>
        <FilterPopover {...filterState} onChange={setFilters} onReset={filterState.reset} />
      </SearchBar>
      <FilterChips {...filterState} onChange={setFilters} onReset={filterState.reset} />
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
        <CategorySections universityId={universityId} onSeeAll={(category) => setFilters({ category })} />
      ) : (
        // ProductResults' own first look while its chunk loads.
        <Suspense fallback={<ResultsLoading heading={heading} />}>
          <ProductResults
            query={{ university: universityId, q: term || undefined, ...filtersToQuery(filters) }}
            heading={heading}
          />
        </Suspense>
      )}
    </div>
  );
}
