import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { ProductGrid } from '../../../components/product/product-grid';
import { paths } from '../../../config/paths';
import { useFavorites } from '../../../lib/api/favorites';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useSession } from '../../../lib/session';

/** 'Mis Guardados': the signed-in user's hearted products (spec). */
export function Component() {
  useDocumentMeta('Mis Guardados');
  const session = useSession();
  const { data, error, isLoading } = useFavorites();

  // Spec: load errors are only logged; the list stays empty.
  useEffect(() => {
    if (error) console.error('No se pudieron cargar los favoritos', error);
  }, [error]);

  // Wait for a stored session to be restored before deciding there is none.
  if (session.status === 'signed-out') return <Navigate to={paths.login.getHref()} replace />;

  return (
    <div className="container page">
      <h1 className="page-title">Mis Guardados</h1>
      <ProductGrid
        products={data?.items ?? []}
        loading={session.status === 'loading' || isLoading}
        emptyText="Aún no has guardado productos. Toca el corazón de un producto para guardarlo aquí."
      />
    </div>
  );
}
