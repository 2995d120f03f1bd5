import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * A page that shows the chosen university, opened with none chosen: to the chooser, which comes
 * back here once the visitor chooses (its `next`), as the server's 302 for the same page does.
 */
export function ChooseUniversityFirst() {
  const { pathname, search } = useLocation();
  return <Navigate to={paths.selectUniversity.getHref(`${pathname}${search}`)} replace />;
}
