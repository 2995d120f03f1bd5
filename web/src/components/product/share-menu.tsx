import { Glyph } from '../catalog-icons';
import { Popover } from '../ui/popover';
import { useToast } from '../ui/toast';

export interface ShareMenuProps {
  title: string;
  price: number;
  /** Absolute URL of the product page. */
  url: string;
  className?: string;
}

/** The spec's share text: '¡Mira este producto! {title} por ${price}' plus the product URL. */
export function shareText(title: string, price: number, url: string): string {
  return `¡Mira este producto! ${title} por $${price} ${url}`;
}

export function isMobileDevice(userAgent = globalThis.navigator?.userAgent ?? ''): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** WhatsApp's app link on mobile, its web link elsewhere. */
export function whatsappShareUrl(text: string, mobile = isMobileDevice()): string {
  const encoded = encodeURIComponent(text);
  return mobile ? `whatsapp://send?text=${encoded}` : `https://wa.me/?text=${encoded}`;
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
  const { toast } = useToast();

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

  const copy = async (close: () => void) => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copiado al portapapeles' });
    } catch {
      toast({ title: 'Error al copiar el link', variant: 'destructive' });
    }
    close();
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
        <ul className="menu">
          <li>
            <a
              className="menu__item"
              href={whatsappShareUrl(shareText(title, price, url))}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              <Glyph name="whatsapp" size={18} /> Compartir por WhatsApp
            </a>
          </li>
          <li>
            <button type="button" className="menu__item" onClick={() => copy(close)}>
              <Glyph name="link" size={18} /> Copiar link
            </button>
          </li>
        </ul>
      )}
    </Popover>
  );
}
