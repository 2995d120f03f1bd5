import { Glyph } from '../catalog-icons';
import { useToast } from '../ui/toast';

/** The spec's share text: '¡Mira este producto! {title} por ${price}' plus the product URL. */
export function shareText(title: string, price: number, url: string): string {
  return `¡Mira este producto! ${title} por $${price} ${url}`;
}

/** WhatsApp's app link on mobile, its web link elsewhere. */
export function whatsappShareUrl(text: string, mobile: boolean): string {
  const encoded = encodeURIComponent(text);
  return mobile ? `whatsapp://send?text=${encoded}` : `https://wa.me/?text=${encoded}`;
}

export interface ShareMenuItemsProps {
  title: string;
  price: number;
  url: string;
  mobile: boolean;
  close: () => void;
}

/** The share menu's entries (share-menu.tsx loads them when its trigger is hovered, focused or pressed). */
export function ShareMenuItems({ title, price, url, mobile, close }: ShareMenuItemsProps) {
  const { toast } = useToast();
  const copy = async () => {
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
    <ul className="menu">
      <li>
        <a
          className="menu__item"
          href={whatsappShareUrl(shareText(title, price, url), mobile)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          <Glyph name="whatsapp" size={18} /> Compartir por WhatsApp
        </a>
      </li>
      <li>
        <button type="button" className="menu__item" onClick={copy}>
          <Glyph name="link" size={18} /> Copiar link
        </button>
      </li>
    </ul>
  );
}
