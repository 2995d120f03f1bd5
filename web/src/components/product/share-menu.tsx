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
 * The phone's own share sheet (Web Share API) when the browser has one: it reaches every app the
 * person uses, not only WhatsApp. Phones only, as the spec's share menu is about phones; desktops
 * keep the menu.
 */
export function canShareNatively(nav: Partial<Navigator> | undefined = globalThis.navigator): boolean {
  return typeof nav?.share === 'function' && isMobileDevice(nav.userAgent ?? '');
}

export function ShareMenu({ title, price, url, className }: ShareMenuProps) {
  const { toast } = useToast();

  /** Opens the native sheet; true when it took over (shared or cancelled by the person). */
  const shareNatively = async (): Promise<boolean> => {
    const data = { title, text: shareText(title, price, '').trim(), url };
    if (navigator.canShare && !navigator.canShare(data)) return false;
    try {
      await navigator.share(data);
      return true;
    } catch (err) {
      // Closing the sheet is a choice, not a failure; anything else falls back to the menu.
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
            // WhatsApp and the copied link stay: the menu opens where the sheet is missing or fails.
            if (!canShareNatively()) return props.onClick();
            void shareNatively().then((tookOver) => {
              if (!tookOver) props.onClick();
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
