import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { FOCUSED_PAGES, paths } from '@/config/paths';
import { Glyph } from '../catalog-icons';
import { buttonClass } from '../ui/button';
import { OptionalPart } from '../ui/optional-part';
import { UserMenu } from './user-menu';

// The drawer is fetched when first opened (or hovered), keeping it out of the first route's JavaScript.
const loadDrawer = () => import('./drawer');
const Drawer = lazy(() => loadDrawer().then((m) => ({ default: m.Drawer })));
// The phone's search form likewise, when first opened (or hovered).
const loadSearch = () => import('./navbar-search');
const NavbarSearch = lazy(() => loadSearch().then((m) => ({ default: m.NavbarSearch })));

export function Navbar() {
  const { pathname } = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // On /login, /register and /new-product the marketplace link, user menu and publish button are hidden.
  const focused = FOCUSED_PAGES.includes(pathname);
  const onGlobal = pathname === paths.globalMarketplace.path;
  // The drawer's chunk is fetched once the page is idle (not only on hover, which a phone never
  // does), so a tap on the menu soon after load opens it with its entries rather than after a wait.
  useEffect(() => whenIdle(() => void loadDrawer().catch(() => {})), []);

  return (
    <header className="navbar">
      <div className="container navbar__inner">
        <Link to={paths.home.getHref()} className="navbar__logo" aria-label="Mercado Universitario, inicio">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="navbar__logo-text">Mercado Universitario</span>
        </Link>
        {!focused && !onGlobal && (
          <Link to={paths.globalMarketplace.getHref()} className="navbar__link">
            <Glyph name="globe" size={18} /> Global Marketplace
          </Link>
        )}
        <button
          type="button"
          className="icon-button navbar__mobile-only"
          aria-label={searchOpen ? 'Cerrar búsqueda' : 'Abrir búsqueda'}
          aria-expanded={searchOpen}
          onPointerEnter={loadSearch}
          onClick={() => setSearchOpen((o) => !o)}
        >
          <Glyph name={searchOpen ? 'close' : 'search'} size={18} />
        </button>
        {!focused && (
          <>
            <UserMenu />
            <Link to={paths.newProduct.getHref()} className={buttonClass('primary', 'sm', 'navbar__desktop')}>
              <Glyph name="plus" size={16} /> Publicar Producto
            </Link>
          </>
        )}
        <button
          type="button"
          className="icon-button"
          aria-label="Abrir menú"
          aria-expanded={drawerOpen}
          onPointerEnter={loadDrawer}
          onClick={() => setDrawerOpen(true)}
        >
          <Glyph name="menu" size={18} />
        </button>
      </div>
      {searchOpen && (
        <div className="container navbar__search">
          <OptionalPart>
            <NavbarSearch onSubmitted={() => setSearchOpen(false)} />
          </OptionalPart>
        </div>
      )}
      {drawerOpen && (
        <Suspense fallback={null}>
          <Drawer open onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
