import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/session';
import { useSellerPageSettings } from '../api/get-seller-page-settings';
import { useUpdateSellerPageSettings } from '../api/update-seller-page-settings';

/**
 * /settings → 'Mi página de vendedor' (decision 032): a switch that hides the listing of the
 * user's sold items on their public page (the count stays), and a link to the page.
 */
export function SellerPageSettings() {
  const userId = useSignedInUserId();
  const settings = useSellerPageSettings();
  const update = useUpdateSellerPageSettings();
  const { toast } = useToast();

  if (settings.isError)
    return <p className="muted">No se pudo cargar esta configuración. Recarga la página.</p>;
  if (!settings.data) return <Skeleton className="profile-card__skeleton" />;

  const on = settings.data.hide_sold;
  const toggle = () => {
    if (update.isPending) return;
    update.mutate(
      { hide_sold: !on },
      {
        onSuccess: () => toast({ title: ACCOUNT_MESSAGES.settingsSaved }),
        onError: (err) =>
          toast({
            title: ACCOUNT_MESSAGES.settingsSaveFailed,
            description: err instanceof ApiError ? err.message : undefined,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      <div className="switch-row">
        <div className="switch-row__text">
          <span id="hide-sold-label" className="switch-row__label">
            Ocultar mis vendidos
          </span>
          <span id="hide-sold-help" className="muted">
            Tu página pública no mostrará la lista de lo que vendiste; solo cuántos productos vendiste.
          </span>
        </div>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={on}
          aria-labelledby="hide-sold-label"
          aria-describedby="hide-sold-help"
          aria-busy={update.isPending}
          onClick={toggle}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__state" aria-hidden="true">
            {on ? 'Activado' : 'Desactivado'}
          </span>
        </button>
      </div>
      {userId && (
        <p>
          <Link to={paths.seller.getHref(userId)}>Ver mi página de vendedor</Link>
        </p>
      )}
    </>
  );
}
