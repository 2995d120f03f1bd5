import { Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { clientHeadContext, useDocumentHead } from '@/lib/document-meta';
import { searchHead } from '@/lib/page-head/listings';
import { getSelectedUniversity } from '@/lib/storage';
import { CreateAlertButton } from '../components/create-alert-button';
import { ProductResults } from '../components/product-results';
import { toApiTerm } from '../hooks/api-term';

export function Component() {
  const [params] = useSearchParams();
  const universityId = getSelectedUniversity();
  const shown = (params.get('q') ?? '').trim();
  useDocumentHead(searchHead({ q: shown, total: null, university: null }, clientHeadContext()));
  if (!universityId) return <Navigate to={paths.selectUniversity.getHref()} replace />;
  const term = toApiTerm(shown);

  return (
    <div className="container page">
      <h1 className="page-title">Resultados de Búsqueda</h1>
      {shown && <p className="page-subtitle">“{shown}”</p>}
      {term && <CreateAlertButton search={{ university: universityId, q: term }} />}
      <ProductResults
        query={{ university: universityId, q: term || undefined, sort: 'newest' }}
        heading={shown || 'Productos Destacados'}
        loadingStyle="spinner"
        loadingText="Buscando productos..."
      />
    </div>
  );
}
