import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LIMITS } from '#shared/limits';
import { parseUniversityId } from '#shared/ids';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { getSelectedUniversity, setSelectedUniversity } from '@/lib/storage';
import { CategoryCarousel } from '../components/category-carousel';
import { CategorySections } from '../components/category-sections';
import { alertSearchOf, CreateAlertButton } from '../components/create-alert-button';
import { FilterChips } from '../components/filter-chips';
import { FilterPopover } from '../components/filter-popover';
import { ProductResults } from '../components/product-results';
import { SearchBar } from '../components/search-bar';
import { UniversityHeader } from '../components/university-header';
import { filtersToQuery, useFilters } from '../hooks/use-filters';
import { useSearchTerm } from '../hooks/use-search-term';

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
    if (!params.has('university')) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('university');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
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

  return (
    <div className="container page">
      <UniversityHeader universityId={universityId} />
      <SearchBar value={text} onChange={setText}>
        <FilterPopover {...filterState} onChange={setFilters} onReset={filterState.reset} />
      </SearchBar>
      <FilterChips {...filterState} onChange={setFilters} onReset={filterState.reset} />
      {!browsing && <CreateAlertButton search={alertSearchOf(universityId, term, filters)} />}
      <CategoryCarousel />
      {browsing ? (
        <CategorySections universityId={universityId} onSeeAll={(category) => setFilters({ category })} />
      ) : (
        <ProductResults
          query={{ university: universityId, q: term || undefined, ...filtersToQuery(filters) }}
          heading={shown ? `Resultados para "${shown}"` : 'Productos filtrados'}
        />
      )}
    </div>
  );
}
