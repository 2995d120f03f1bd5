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

export const showsPublishShortcut = (pathname: string): boolean => !WITHOUT_SHORTCUT.includes(pathname);

/**
 * 'Publicar Producto' one tap away on phones (below 768 px the bar's button is hidden). It links to
 * /new-product like the bar's button, so a signed-out person gets the same way to sign in. The CSS
 * shows it on phones only and reserves room for it at the page's end (`.app-shell--fab`).
 */
export function PublishFab() {
  return (
    <Link to={paths.newProduct.getHref()} className="publish-fab">
      <Glyph name="plus" size={20} /> Publicar Producto
    </Link>
  );
}
