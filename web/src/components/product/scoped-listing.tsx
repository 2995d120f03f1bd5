import { Link } from '@/components/ui/link';
import { LoadMore } from './load-more';
import { FIRST_ROW, ProductGrid } from './product-grid';
import { Button, buttonClass } from '../ui/button';
import { paths } from '@/config/paths';
import { useInfiniteProducts } from '@/lib/api/get-infinite-products';
import type { ProductsQuery } from '@/lib/api/get-products';

export const availableText = (n: number) =>
  `${n} ${n === 1 ? 'producto disponible' : 'productos disponibles'}`;

export interface ScopedListingProps {
  query: ProductsQuery;
  /** Label used in the empty state ('Economía', 'Ropa'). */
  label: string;
  skeletonCount: number;
}

/**
 * The listing of the career and category pages: count ('N productos disponibles'), grid
 * (1/2/3/4 columns), the empty state with the publish button, and 'Cargar más'.
 */
export function ScopedListing({ query, label, skeletonCount }: ScopedListingProps) {
  const result = useInfiniteProducts(query);
  const items = result.data?.pages.flatMap((p) => p.items) ?? [];
  // The total is null when the search index could not count: then the loaded items are counted.
  const total = result.data?.pages[0]?.total ?? items.length;

  if (result.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>No se pudieron cargar los productos.</p>
        <Button variant="outline" onClick={() => result.refetch()}>
          Reintentar
        </Button>
      </div>
    );
  }

  return (
    <section aria-busy={result.isPending} aria-label="Productos">
      <p className="results-count">{result.isPending ? 'Cargando productos...' : availableText(total)}</p>
      {!result.isPending && items.length === 0 ? (
        <div className="empty-state">
          <p className="muted">Todavía no hay productos de {label} en tu universidad.</p>
          <Link to={paths.newProduct.getHref()} className={buttonClass('primary')}>
            ¡Sé el primero en publicar!
          </Link>
        </div>
      ) : (
        <ProductGrid
          products={items}
          eagerCount={FIRST_ROW}
          loading={result.isPending}
          skeletonCount={skeletonCount}
        />
      )}
      <LoadMore
        hasNextPage={result.hasNextPage}
        isFetchingNextPage={result.isFetchingNextPage}
        fetchNextPage={result.fetchNextPage}
      />
    </section>
  );
}
