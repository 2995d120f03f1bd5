import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { CAREER_LABELS, CAREER_PAGES } from '#shared/enums';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { Glyph, PathIcon } from '../catalog-icons';
import { CareerIcon } from '../career-icons';
import { buttonClass } from '../ui/button';
import { useModalDialog } from '../ui/use-modal-dialog';

/**
 * Icons of the signed-in entries, so every entry has one and the labels line up (drawn like the
 * shared glyphs; here, in the drawer's own chunk, rather than in the first route's JavaScript).
 */
const ENTRY_ICONS = {
  purchases: 'M6 2L3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0',
  products: 'M21 16V8l-9-5-9 5v8l9 5zM3.3 7L12 12l8.7-5M12 22V12',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
} as const;

/** The menu opens with the focus on its close button (the first control, as the browser would pick). */
const closeButton = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('.drawer__header button');

export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const { pathname } = useLocation();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const listId = useId();
  const isHome = pathname === paths.home.path;

  const modal = useModalDialog(open, onClose, closeButton);

  if (!open) return null;
  const signedIn = session.status === 'signed-in';
  return (
    <dialog {...modal} className="modal-layer drawer-layer" aria-label="Menú">
      <div className="drawer">
        <div className="drawer__header">
          <strong>Menú</strong>
          <button type="button" className="icon-button" aria-label="Cerrar menú" onClick={onClose}>
            <Glyph name="close" size={18} />
          </button>
        </div>

        {signedIn ? (
          <div className="drawer__welcome">
            <p>Hola, {session.user.email}</p>
          </div>
        ) : (
          <div className="drawer__welcome">
            <p>
              <strong>¡Bienvenido!</strong>
            </p>
            <p className="muted">Inicia sesión para publicar y guardar productos.</p>
            <div className="row">
              <Link className={buttonClass('primary', 'sm')} to={paths.login.getHref()} onClick={onClose}>
                Ingresa
              </Link>
              <Link className={buttonClass('outline', 'sm')} to={paths.register.getHref()} onClick={onClose}>
                Crea tu cuenta
              </Link>
            </div>
          </div>
        )}

        <nav className="drawer__nav" aria-label="Navegación principal">
          <ul>
            {!isHome && (
              <li>
                <Link to={paths.home.getHref()} onClick={onClose}>
                  <Glyph name="home" /> Inicio
                </Link>
              </li>
            )}
            <li>
              <Link to={paths.globalMarketplace.getHref()} onClick={onClose}>
                <Glyph name="globe" /> Marketplace Global
              </Link>
            </li>
            {signedIn && (
              <>
                <li>
                  <Link to={paths.myPurchases.getHref()} onClick={onClose}>
                    <PathIcon d={ENTRY_ICONS.purchases} size={20} /> Mis Compras
                  </Link>
                </li>
                <li>
                  <Link to={paths.favorites.getHref()} onClick={onClose}>
                    <Glyph name="heart" /> Favoritos
                  </Link>
                </li>
                <li>
                  <Link to={paths.alerts.getHref()} onClick={onClose}>
                    <Glyph name="bell" /> Mis Alertas
                  </Link>
                </li>
                <li>
                  <Link to={paths.myProducts.getHref()} onClick={onClose}>
                    <PathIcon d={ENTRY_ICONS.products} size={20} /> Mis Productos
                  </Link>
                </li>
                <li>
                  <Link to={paths.settings.getHref()} onClick={onClose}>
                    <PathIcon d={ENTRY_ICONS.settings} size={20} /> Configuración
                  </Link>
                </li>
              </>
            )}
            <li>
              <button
                type="button"
                aria-expanded={categoriesOpen}
                aria-controls={listId}
                onClick={() => setCategoriesOpen((o) => !o)}
              >
                <Glyph name={categoriesOpen ? 'chevronDown' : 'chevronRight'} /> Categorías
              </button>
              {categoriesOpen && (
                <ul id={listId} className="drawer__sublist">
                  {CAREER_PAGES.map((career) => (
                    <li key={career}>
                      <Link to={paths.career.getHref(career)} onClick={onClose}>
                        <CareerIcon id={career} size={18} /> {CAREER_LABELS[career]}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          </ul>
        </nav>

        <div className="drawer__cta">
          <strong>¿Tienes algo que vender?</strong>
          <p>Publica tu producto gratis en tu universidad.</p>
          <Link className={buttonClass('secondary', 'md')} to={paths.newProduct.getHref()} onClick={onClose}>
            Publicar Producto
          </Link>
        </div>
      </div>
    </dialog>
  );
}
