import { matchPath } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { FOCUSED_PAGES, paths } from '@/config/paths';
import { Glyph } from '../catalog-icons';

/**
 * Pages without the phone's publish shortcut: the focused pages (the bar hides its publish button
 * there too, /new-product among them) and the account steps, where the person is mid-task.
 */
const WITHOUT_SHORTCUT: readonly string[] = [
  ...FOCUSED_PAGES,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.emailVerification.path,
  paths.verifyEmail.path,
  paths.authCallback.path,
];

/**
 * Also none on a product page: a buyer there needs 'Contactar por WhatsApp' and the questions, and a
 * floating 'Publicar Producto' would compete with them (the bar's menu still offers it).
 */
export const showsPublishShortcut = (pathname: string): boolean =>
  !WITHOUT_SHORTCUT.includes(pathname) && !matchPath(paths.product.path, pathname);

/**
 * 'Publicar Producto' one tap away on phones (below 768 px the bar's button is hidden). It links to
 * /new-product like the bar's button, so a signed-out person gets the same way to sign in. A
 * navigation landmark of its own (axe's `region`: no content outside landmarks). The CSS shows it
 * on phones only and reserves room for it at the page's end (`.app-shell--fab`), so the page's last
 * content scrolls out from under it.
 */
export function PublishFab() {
  return (
    <nav className="publish-fab-region" aria-label="Atajo para publicar">
      <Link to={paths.newProduct.getHref()} className="publish-fab">
        <Glyph name="plus" size={20} /> Publicar Producto
      </Link>
    </nav>
  );
}
