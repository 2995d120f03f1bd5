import { useSearchParams } from 'react-router-dom';
import { ChooseUniversityFirst, chooseUniversityFirst } from '@/components/choose-university-first';
import { useDocumentHead } from '@/lib/document-meta';
import { searchHead } from '@/lib/page-head/listings';
import { getInfiniteProductsQueryOptions } from '@/lib/api/get-infinite-products';
import type { ProductsQuery } from '@/lib/api/get-products';
import type { Prefetch } from '@/lib/render-context';
import { useShownUniversity } from '@/lib/selected-university';
import { CreateAlertButton } from '../components/create-alert-button';
import { ProductResults } from '../components/product-results';
import { toApiTerm } from '../hooks/api-term';
import { searchTermOf } from '../hooks/use-search-term';

const resultsQuery = (university: string, term: string): ProductsQuery => ({
  university,
  q: term || undefined,
  sort: 'newest',
});

/** The server's render: the results' first page for ?q= in the chosen university. */
export const prefetch: Prefetch = async ({ url, search, university, queryClient }) => {
  if (!university) return chooseUniversityFirst(url);
  await queryClient.prefetchInfiniteQuery(
    getInfiniteProductsQueryOptions(resultsQuery(university, searchTermOf(search))),
  );
  return undefined;
};

export function Component() {
  const [params] = useSearchParams();
  const universityId = useShownUniversity();
  const shown = (params.get('q') ?? '').trim();
  useDocumentHead((ctx) => searchHead({ q: shown, total: null, university: null }, ctx));
  if (!universityId) return <ChooseUniversityFirst />;
  const term = toApiTerm(shown);

  return (
    <div className="container page">
      <h1 className="page-title">Resultados de Búsqueda</h1>
      {shown && <p className="page-subtitle">“{shown}”</p>}
      {term && <CreateAlertButton search={{ university: universityId, q: term }} />}
      <ProductResults
        query={resultsQuery(universityId, term)}
        heading={shown || 'Productos Destacados'}
        loadingStyle="spinner"
        loadingText="Buscando productos..."
      />
    </div>
  );
}
