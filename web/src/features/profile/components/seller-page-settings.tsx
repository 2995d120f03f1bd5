import { Link } from '@/components/ui/link';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSignedInUserId } from '@/lib/session';
import { useSellerPageSettings } from '../api/get-seller-page-settings';
import { useUpdateSellerPageSettings } from '../api/update-seller-page-settings';
import { SettingsSwitch } from './settings-switch';

/**
 * /settings → 'Mi página de vendedor' (decision 032): a switch that hides the listing of the
 * user's sold items on their public page (the count stays), and a link to the page.
 */
export function SellerPageSettings() {
  const userId = useSignedInUserId();
  const settings = useSellerPageSettings();
  const update = useUpdateSellerPageSettings();

  if (settings.isError)
    return <p className="muted">No se pudo cargar esta configuración. Recarga la página.</p>;
  if (!settings.data) return <Skeleton className="profile-card__skeleton" />;

  const on = settings.data.hide_sold;
  return (
    <>
      <SettingsSwitch
        id="hide-sold"
        label="Ocultar mis vendidos"
        help="Tu página pública no mostrará la lista de lo que vendiste; solo cuántos productos vendiste."
        on={on}
        next={{ hide_sold: !on }}
        save={update}
      />
      {userId && (
        <p>
          <Link to={paths.seller.getHref(userId)}>Ver mi página de vendedor</Link>
        </p>
      )}
    </>
  );
}
