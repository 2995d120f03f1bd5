import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** The 'Cargar más' button under a cursor-paginated listing (TanStack infinite query state). */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="load-more">
      <Button variant="outline" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? <Spinner size="sm" label="Cargando más productos" /> : 'Cargar más'}
      </Button>
    </div>
  );
}
