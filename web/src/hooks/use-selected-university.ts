import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { getSelectedUniversity } from '../lib/storage';

/**
 * The university chosen on the selection page. University-scoped pages call this: without a
 * stored university it redirects (history replaced) to /select-university and returns null.
 */
export function useRequiredUniversity(): string | null {
  const [universityId] = useState(getSelectedUniversity);
  const navigate = useNavigate();
  useEffect(() => {
    if (!universityId) navigate(paths.selectUniversity.getHref(), { replace: true });
  }, [universityId, navigate]);
  return universityId;
}
