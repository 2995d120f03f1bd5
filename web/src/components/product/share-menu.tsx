import { lazy } from 'react';
import { Glyph } from '../catalog-icons';
import { OptionalPart } from '../ui/optional-part';
import { Popover } from '../ui/popover';

// The entries (the WhatsApp link, copying) are a chunk of their own, off the first routes' JavaScript
// (decision 037), as the user menu's: requested when the trigger is hovered or focused, or at the
// latest when the menu opens. Phones with a share sheet never open the menu.
const loadItems = () => import('./share-menu-items');
const ShareMenuItems = lazy(() => loadItems().then((m) => ({ default: m.ShareMenuItems })));
const prefetchItems = () => void loadItems().catch(() => {});

export interface ShareMenuProps {
  title: string;
  price: number;
  /** Absolute URL of the product page. */
  url: string;
  className?: string;
}

export function isMobileDevice(userAgent = globalThis.navigator?.userAgent ?? ''): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/**
 * The phone's own share sheet (Web Share API), when this device has one: every app the person uses
 * (WhatsApp among them), in one tap. Computers keep the menu: their share sheets are poor or absent.
 */
export function nativeShare(
  nav: Partial<Pick<Navigator, 'share' | 'canShare' | 'userAgent'>> | undefined = globalThis.navigator,
): ((data: ShareData) => Promise<void>) | null {
  if (!nav?.share || !isMobileDevice(nav.userAgent ?? '')) return null;
  return (data) => (nav.share as (d: ShareData) => Promise<void>).call(nav, data);
}

export function ShareMenu({ title, price, url, className }: ShareMenuProps) {
  /** Opens the share sheet; false when the menu should open instead (no sheet, or it failed). */
  const shareNatively = async (): Promise<boolean> => {
    const share = nativeShare();
    if (!share) return false;
    try {
      await share({ title, text: `¡Mira este producto! ${title} por $${price}`, url });
      return true;
    } catch (err) {
      // Closing the sheet is the person's choice; anything else falls back to the menu.
      return err instanceof DOMException && err.name === 'AbortError';
    }
  };

  return (
    <Popover
      label="Compartir"
      className={['share-menu', className].filter(Boolean).join(' ')}
      trigger={(props) => (
        <button
          type="button"
          className="icon-button"
          aria-label="Compartir"
          onPointerEnter={prefetchItems}
          onFocus={prefetchItems}
          {...props}
          onClick={() => {
            // Without a sheet the menu opens at once (no await between the tap and the menu).
            if (!nativeShare()) props.onClick();
            else
              void shareNatively().then((shared) => {
                if (!shared) props.onClick();
              });
          }}
        >
          <Glyph name="share" size={18} />
        </button>
      )}
    >
      {(close) => (
        <OptionalPart>
          <ShareMenuItems title={title} price={price} url={url} mobile={isMobileDevice()} close={close} />
        </OptionalPart>
      )}
    </Popover>
  );
}
