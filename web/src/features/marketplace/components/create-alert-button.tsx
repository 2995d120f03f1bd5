import { Link } from '@/components/ui/link';
import { Glyph } from '@/components/catalog-icons';
import { Button, buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { type CreateAlertBody, useCreateAlert } from '@/lib/api/create-alert';
import { usePushOffer } from '@/lib/push/use-push';
import { useSession } from '@/lib/session';
import type { Filters } from '../hooks/use-filters';
import { alertSearchOf } from './alert-search';

/**
 * 'Crear alerta': saves the search on screen (its text and filters, inside the chosen university)
 * so new listings that match it are mailed (docs/decisions/031). Signed out, it says to sign in.
 * Its success toast offers push notifications where they are available and not on yet (issue 41).
 */
export function CreateAlertButton({ search }: { search: CreateAlertBody }) {
  const session = useSession();
  const { toast } = useToast();
  const offerPush = usePushOffer();
  const create = useCreateAlert({
    onSuccess: () =>
      offerPush(
        { title: 'Alerta creada', description: 'Te avisaremos por correo cuando publiquen algo así.' },
        '¿Te avisamos también con una notificación en este dispositivo?',
      ),
    onError: (err) =>
      toast({
        title: 'No se pudo crear la alerta',
        description: err instanceof ApiError ? err.message : 'Inténtalo de nuevo.',
        variant: 'destructive',
      }),
  });
  const signedIn = session.status === 'signed-in';

  const onClick = () => {
    if (!signedIn) {
      toast({
        title: 'Inicia sesión para crear alertas',
        description: 'Te avisaremos cuando publiquen algo así.',
      });
      return;
    }
    if (create.isPending) return;
    create.mutate(search);
  };

  return (
    <div className="create-alert">
      <Button variant="outline" size="sm" onClick={onClick} aria-busy={create.isPending}>
        <Glyph name="bell" size={16} /> Crear alerta
      </Button>
      {create.isSuccess && (
        <Link className={buttonClass('ghost', 'sm')} to={paths.alerts.getHref()}>
          Ver mis alertas
        </Link>
      )}
    </div>
  );
}

/** 'Crear alerta' for the marketplace's search and filters (a chunk the marketplace loads with it). */
export function FilteredAlertButton({
  university,
  term,
  filters,
}: {
  university: string;
  term: string;
  filters: Filters;
}) {
  return <CreateAlertButton search={alertSearchOf(university, term, filters)} />;
}
