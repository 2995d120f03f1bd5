import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/ui/toast';
import { paths } from '../config/paths';
import { useSession } from './session';

/** Signs out with the spec's toasts, then goes home. */
export function useSignOut(): (options?: { global?: boolean }) => Promise<void> {
  const session = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  return useCallback(
    async (options?: { global?: boolean }) => {
    if (session.status !== 'signed-in') return;
    try {
      await session.signOut(options);
      toast({ title: 'Sesión cerrada correctamente' });
      navigate(paths.home.getHref());
    } catch {
      toast({ title: 'Error al cerrar sesión', variant: 'destructive' });
    }
  },
    [session, toast, navigate],
  );
}
