import { useEffect } from 'react';
import { RequireSession } from '@/components/layout/require-session';
import { ProductGrid } from '@/components/product/product-grid';
import { useFavorites } from '@/lib/api/get-favorites';
import { useDocumentMeta } from '@/lib/document-meta';

/** 'Mis Guardados': the signed-in user's hearted products (spec); /login first without a session. */
export function Component() {
  useDocumentMeta('Mis Guardados');
  return <RequireSession>{() => <FavoritesPage />}</RequireSession>;
}

function FavoritesPage() {
  const { data, error, isLoading } = useFavorites();

  // Spec: load errors are only logged; the list stays empty.
  useEffect(() => {
    if (error) console.error('No se pudieron cargar los favoritos', error);
  }, [error]);

  return (
    <div className="container page">
      <h1 className="page-title">Mis Guardados</h1>
      <ProductGrid
        products={data?.items ?? []}
        loading={isLoading}
        emptyText="Aún no has guardado productos. Toca el corazón de un producto para guardarlo aquí."
      />
    </div>
  );
}
