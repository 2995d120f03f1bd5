import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { PrefetchResult } from '@/lib/render-context';

/**
 * A page that shows the chosen university, opened with none chosen, goes to the chooser with itself
 * as the chooser's `next` (it comes back once the visitor chooses): the server renders the chooser
 * in the page's place (`url`: the page's path and query as rendered; server/entry-server.tsx), the
 * browser's app makes this navigation.
 */
export const chooseUniversityFirst = (url: string): PrefetchResult => ({
  redirect: paths.selectUniversity.getHref(url),
});

export function ChooseUniversityFirst() {
  const { pathname, search } = useLocation();
  return <Navigate to={paths.selectUniversity.getHref(`${pathname}${search}`)} replace />;
}
