import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';

/**
 * Spec: a password-recovery fragment (#type=recovery…) landing on any other path is sent, history
 * replaced, to /reset-password keeping the fragment. Cheap and Amplify-free: it runs in the shell.
 */
export function useRecoveryRedirect(): void {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (pathname === paths.resetPassword.path) return;
    if (!new URLSearchParams(hash.replace(/^#/, '')).getAll('type').includes('recovery')) return;
    navigate(`${paths.resetPassword.getHref()}${hash}`, { replace: true });
  }, [pathname, hash, navigate]);
}
