import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CAREER_LABELS, CAREER_PAGES } from '#shared/enums';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { CareerIcon, Glyph } from '../catalog-icons';
import { buttonClass } from '../ui/button';
import { useModalDialog } from '../ui/use-modal-dialog';

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
                    Mis Compras
                  </Link>
                </li>
                <li>
                  <Link to={paths.favorites.getHref()} onClick={onClose}>
                    Favoritos
                  </Link>
                </li>
                <li>
                  <Link to={paths.myProducts.getHref()} onClick={onClose}>
                    Mis Productos
                  </Link>
                </li>
                <li>
                  <Link to={paths.settings.getHref()} onClick={onClose}>
                    Configuración
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
