import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { ADMIN_TEXTS } from '../texts';

export interface AdminNavItem {
  to: string;
  label: string;
}

/**
 * The admin area's frame: a sidebar with the area's pages, 'Volver a la app' and 'Cerrar sesión'.
 * On a phone the sidebar folds into a 'Menú' button (the list opens below the bar and closes on
 * navigation or Escape). Without a user (the session still being read) it has no account part.
 */
export function AdminLayout({
  user,
  pages,
  children,
}: {
  user: SessionUser | null;
  pages: readonly AdminNavItem[];
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const navId = useId();
  // The area's paths are fixed: the current page is the one whose path is the URL's.
  const current = pathname.replace(/\/+$/, '') || '/';
  const signOut = useSignOut();

  // A new page closes the phone menu and starts at the top (not the first: the app's mount finds it
  // where the browser or the person put it, as app-layout.tsx).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
    window.scrollTo?.(0, 0);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="admin-shell">
      <a className="visually-hidden" href="#admin-main">
        Saltar al contenido
      </a>
      <aside className="admin-sidebar">
        <div className="admin-sidebar__bar">
          <Link to={paths.admin.dashboard.getHref()} className="admin-sidebar__brand">
            {ADMIN_TEXTS.signInTitle}
          </Link>
          <button
            type="button"
            className="btn btn--outline btn--sm admin-sidebar__toggle"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((v) => !v)}
          >
            {ADMIN_TEXTS.nav.menu}
          </button>
        </div>
        <nav
          id={navId}
          className={['admin-sidebar__nav', open ? 'admin-sidebar__nav--open' : ''].filter(Boolean).join(' ')}
          aria-label={ADMIN_TEXTS.nav.label}
        >
          <ul className="admin-sidebar__list">
            {pages.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current === item.to ? 'page' : undefined}
                  className={['admin-sidebar__link', current === item.to ? 'admin-sidebar__link--active' : '']
                    .filter(Boolean)
                    .join(' ')}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="admin-sidebar__footer">
            {user && <p className="admin-sidebar__user muted">{user.email}</p>}
            <Link className="admin-sidebar__link" to={paths.home.getHref()}>
              {ADMIN_TEXTS.nav.backToApp}
            </Link>
            {user && (
              <button type="button" className="admin-sidebar__link" onClick={() => void signOut()}>
                {ADMIN_TEXTS.nav.signOut}
              </button>
            )}
          </div>
        </nav>
      </aside>
      <main id="admin-main" className="admin-main">
        {children}
      </main>
    </div>
  );
}
