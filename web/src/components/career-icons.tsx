import type { Career } from '#shared/enums';
import { BOX, type IconProps, PathIcon, pick } from './catalog-icons';

/**
 * The careers' icons (their colours are in ./catalog-icons.tsx, which the cards use): a module of
 * their own, since only the careers' pages, the drawer and the product page draw them, not the
 * first routes' cards (docs/decisions/024-phone-speed.md).
 */
const CAREER_PATHS: Record<Career, string> = {
  economia: 'M3 3v18h18M7 15l4-4 3 3 6-6',
  arquitectura: 'M3 21h18M5 21V7l7-4 7 4v14M9 21v-6h6v6M9 10h.01M15 10h.01',
  ingenieria:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M4.9 4.9L7 7M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1',
  derecho: 'M12 3v18M6 21h12M5 7h14M5 7l-3 7a3 3 0 0 0 6 0zM19 7l-3 7a3 3 0 0 0 6 0z',
  comunicacion: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  psicologia: 'M12 21s-7-4.5-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.5-9 9-9 9z',
  administracion: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18',
  medicina: 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z',
  otros: BOX,
};

export function CareerIcon({ id, ...rest }: IconProps) {
  return <PathIcon d={pick(CAREER_PATHS, id)} {...rest} />;
}
