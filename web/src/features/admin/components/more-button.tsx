import { Button } from '@/components/ui/button';

/**
 * 'Cargar más' under a paginated admin list. The app's own LoadMore is not reused on purpose: a
 * module shared with the admin chunks becomes a chunk of its own on the marketplace's first route.
 */
export function MoreButton({
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
        {isFetchingNextPage ? 'Cargando...' : 'Cargar más'}
      </Button>
    </div>
  );
}
