import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/**
 * The user menu's signed-out entries: in the first route's JavaScript (a few bytes), so the menu
 * opened on a just-loaded page shows them at once (and the server's HTML of an open menu would
 * too), never an empty box while a lazy chunk loads.
 */
export function SignedOutMenuItems({ close }: { close: () => void }) {
  return (
    <ul className="menu">
      <li>
        <Link className="menu__item" to={paths.login.getHref()} onClick={close}>
          Iniciar Sesión
        </Link>
      </li>
      <li>
        <Link className="menu__item" to={paths.register.getHref()} onClick={close}>
          Registrarse
        </Link>
      </li>
    </ul>
  );
}
