import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { SignedOutMenuItems } from './signed-out-menu-items';

/**
 * The signed-in user menu's entries (see ./user-menu.tsx): a chunk of its own, loaded when first
 * wanted or as soon as a session is known. Signed out, the entries are ./user-menu.tsx's own.
 */
export function UserMenuItems({ close }: { close: () => void }) {
  const session = useSession();
  const signOut = useSignOut();
  const signedIn = session.status === 'signed-in';
  return signedIn ? (
    <ul className="menu">
      <li className="menu__item muted">{session.user.email}</li>
      <li>
        <Link className="menu__item" to={paths.profile.getHref()} onClick={close}>
          Mi Perfil
        </Link>
      </li>
      <li>
        <Link className="menu__item" to={paths.favorites.getHref()} onClick={close}>
          Favoritos
        </Link>
      </li>
      <li>
        <Link className="menu__item" to={paths.alerts.getHref()} onClick={close}>
          Mis Alertas
        </Link>
      </li>
      {session.user.isAdmin && (
        <li>
          <Link className="menu__item" to={paths.admin.dashboard.getHref()} onClick={close}>
            Panel de Administrador
          </Link>
        </li>
      )}
      <li>
        <Link className="menu__item" to={paths.settings.getHref()} onClick={close}>
          Configuración
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="menu__item"
          onClick={() => {
            close();
            void signOut();
          }}
        >
          Cerrar Sesión
        </button>
      </li>
    </ul>
  ) : (
    <SignedOutMenuItems close={close} />
  );
}
