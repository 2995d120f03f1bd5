import { type ReactNode, useDeferredValue } from 'react';
import { LoadMore } from '@/components/product/load-more';
import { FIRST_ROW, ProductGrid } from '@/components/product/product-grid';
import { Spinner } from '@/components/ui/spinner';
import { useInfiniteProducts } from '@/lib/api/get-infinite-products';
import type { ProductsQuery } from '@/lib/api/get-products';
import { countText } from './count-text';
import { RESULTS_LOADING_TEXT, ResultsLoading } from './results-loading';

export interface ProductResultsProps {
  query: ProductsQuery;
  heading: ReactNode;
  enabled?: boolean;
  /** Text while the first page loads, under the skeletons. */
  loadingText?: string;
  emptyText?: string;
  /** How the first load shows: skeleton cards (marketplace) or a spinner (search page). */
  loadingStyle?: 'skeleton' | 'spinner';
}

/** A heading, the count, the grid and 'Cargar más' (cursor pagination). */
export function ProductResults({
  query,
  heading,
  enabled = true,
  loadingText = RESULTS_LOADING_TEXT,
  emptyText = 'No se encontraron productos',
  loadingStyle = 'skeleton',
}: ProductResultsProps) {
  const result = useInfiniteProducts(query, { enabled });
  // The cards render in a background render (as the marketplace's sections do, decision 024): a
  // page of 24 cards rendered at once held a slow phone's main thread for ~200 ms. A server-rendered
  // page's first render (its hydration) has the data at once and shows it whole.
  const data = useDeferredValue(result.data);
  // 'Cargar más' once the deferred render has caught up, so it never shows above cards still to
  // come (while the next page loads, the first page keeps its identity: it stays).
  const allShown = data?.pages[0] === result.data?.pages[0];
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  // The total may be unknown (search index down): then the loaded count is shown.
  const total = data?.pages[0]?.total ?? items.length;
  const loading = result.isPending || (result.data !== undefined && data === undefined);
  if (loading && loadingStyle === 'skeleton') return <ResultsLoading heading={heading} text={loadingText} />;

  return (
    <section className="section" aria-busy={loading}>
      <div className="section__header">
        <h2 className="section__title">{heading}</h2>
      </div>
      {loading ? (
        <div className="loading-block">
          <Spinner size="lg" label={loadingText} />
        </div>
      ) : (
        <>
          {!result.isError && <p className="results-count">{countText(total)}</p>}
          <ProductGrid
            products={items}
            eagerCount={FIRST_ROW}
            emptyText={result.isError ? undefined : emptyText}
          />
        </>
      )}
      {result.isError && <p className="empty-text">No se encontraron productos</p>}
      <LoadMore
        hasNextPage={result.hasNextPage && allShown}
        isFetchingNextPage={result.isFetchingNextPage}
        fetchNextPage={result.fetchNextPage}
      />
    </section>
  );
}
