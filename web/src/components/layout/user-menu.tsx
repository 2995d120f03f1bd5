import { lazy, useEffect } from 'react';
import { useSession } from '@/lib/session';
import { Glyph } from '../catalog-icons';
import { OptionalPart } from '../ui/optional-part';
import { Popover } from '../ui/popover';
import { SignedOutMenuItems } from './signed-out-menu-items';

// The entries are a chunk of their own (not on the first route's JavaScript, decision 024): requested
// when the trigger is hovered or focused, or at the latest when the menu opens.
const loadItems = () => import('./user-menu-items');
const UserMenuItems = lazy(() => loadItems().then((m) => ({ default: m.UserMenuItems })));

/** Signed out: Iniciar Sesión and Registrarse. Signed in: profile links (the admin link only for admins) and sign out. */
export function UserMenu() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  // Signed in, the entries are a lazy chunk: fetched as soon as the session is known, so the menu
  // opened right after load is not an empty box while it arrives.
  useEffect(() => {
    if (signedIn) void loadItems().catch(() => {});
  }, [signedIn]);
  return (
    <Popover
      label="Menú de usuario"
      trigger={(props) => (
        <button
          type="button"
          className="icon-button user-menu__trigger"
          aria-label="Menú de usuario"
          onPointerEnter={loadItems}
          onFocus={loadItems}
          {...props}
        >
          {signedIn ? (
            <span className="user-menu__avatar">{session.user.email.charAt(0).toUpperCase()}</span>
          ) : (
            <Glyph name="user" size={18} />
          )}
        </button>
      )}
    >
      {(close) =>
        signedIn ? (
          <OptionalPart>
            <UserMenuItems close={close} />
          </OptionalPart>
        ) : (
          <SignedOutMenuItems close={close} />
        )
      }
    </Popover>
  );
}
