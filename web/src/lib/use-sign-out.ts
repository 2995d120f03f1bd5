import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/ui/toast';
import { paths } from '../config/paths';
import { useSignOutEverywhere } from './api/sign-out-everywhere';
import { leavePushBeforeSignOut } from './push/lazy';
import { useSession } from './session';

/**
 * Signs out with the spec's toasts, then goes home. `global` first has the server revoke every
 * session of the account (every device); if that fails, this device stays signed in and the
 * person is told, rather than believing the other devices were signed out. This device's push
 * subscription is dropped first, while the session's token is still valid (issue 41).
 */
export function useSignOut(): (options?: { global?: boolean }) => Promise<void> {
  const session = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const everywhere = useSignOutEverywhere();
  return useCallback(
    async (options?: { global?: boolean }) => {
      if (session.status !== 'signed-in') return;
      try {
        await leavePushBeforeSignOut();
        if (options?.global) await everywhere.mutateAsync();
        await session.signOut();
        toast({ title: 'Sesión cerrada correctamente' });
        navigate(paths.home.getHref());
      } catch {
        toast({ title: 'Error al cerrar sesión', variant: 'destructive' });
      }
    },
    [session, toast, navigate, everywhere],
  );
}
