import type { Career, Category } from '#shared/enums';

/**
 * The catalog's icon paths (24×24 view box) and colour themes, as data: catalog-icons.tsx renders
 * them as components. Unknown ids fall back to 'otros'.
 */

export interface Theme {
  /** Background tint. */
  bg: string;
  /** Foreground / icon colour. */
  fg: string;
}

export type CategoryKey = Category | 'carreras';

export const BOX = 'M21 8l-9-5-9 5v8l9 5 9-5zM3 8l9 5 9-5M12 13v8';
const NOTES = 'M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z';

export const CATEGORY_PATHS: Record<CategoryKey, string> = {
  tickets:
    'M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4zM13 6v2M13 11v2M13 16v2',
  carreras: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v6',
  ropa: 'M8 3L3 6l2 4 2-1v12h10V9l2 1 2-4-5-3a4 4 0 0 1-8 0z',
  libros: 'M4 4h6a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4zM20 4h-6a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h7z',
  electronica: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
  comida: 'M4 3v8a3 3 0 0 0 6 0V3M7 3v18M17 3c-2 0-3 3-3 6s1 4 3 4v8',
  musica: NOTES,
  transporte:
    'M5 20a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 20a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM5 17l4-8h6l4 8M9 9l3 8 3-8M13 5h3',
  muebles:
    'M4 11V8a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3M2 13a2 2 0 0 1 4 0v2h12v-2a2 2 0 0 1 4 0v5H2zM5 18v2M19 18v2',
  servicios: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z',
  otros: BOX,
  'instrumentos-musicales': NOTES,
  deportes: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20',
  hogar: 'M3 11l9-8 9 8M5 10v10h14V10M10 20v-6h4v6',
};

export const CATEGORY_THEMES: Record<CategoryKey, Theme> = {
  tickets: { bg: '#fde8ef', fg: '#9d174d' },
  carreras: { bg: '#ede9fe', fg: '#6d28d9' },
  ropa: { bg: '#fce7f3', fg: '#a21caf' },
  libros: { bg: '#dbeafe', fg: '#1d4ed8' },
  electronica: { bg: '#e0f2fe', fg: '#075985' },
  comida: { bg: '#ffedd5', fg: '#9a3412' },
  musica: { bg: '#f3e8ff', fg: '#7e22ce' },
  transporte: { bg: '#dcfce7', fg: '#166534' },
  muebles: { bg: '#fef3c7', fg: '#92400e' },
  servicios: { bg: '#ccfbf1', fg: '#115e59' },
  otros: { bg: '#f1f5f9', fg: '#475569' },
  'instrumentos-musicales': { bg: '#f3e8ff', fg: '#7e22ce' },
  deportes: { bg: '#ecfccb', fg: '#4d7c0f' },
  hogar: { bg: '#fef9c3', fg: '#854d0e' },
};

export const CAREER_THEMES: Record<Career, Theme> = {
  economia: { bg: '#dcfce7', fg: '#15803d' },
  arquitectura: { bg: '#ffedd5', fg: '#c2410c' },
  ingenieria: { bg: '#dbeafe', fg: '#1d4ed8' },
  derecho: { bg: '#fee2e2', fg: '#b91c1c' },
  comunicacion: { bg: '#f3e8ff', fg: '#7e22ce' },
  psicologia: { bg: '#fce7f3', fg: '#be185d' },
  administracion: { bg: '#e0e7ff', fg: '#4338ca' },
  medicina: { bg: '#ccfbf1', fg: '#0f766e' },
  otros: { bg: '#f1f5f9', fg: '#475569' },
};

export function pick<K extends string, V>(table: Record<K, V>, id: string | null | undefined): V {
  return id && Object.hasOwn(table, id) ? table[id as K] : table['otros' as K];
}

export const categoryTheme = (id: string | null | undefined): Theme => pick(CATEGORY_THEMES, id);
export const careerTheme = (id: string | null | undefined): Theme => pick(CAREER_THEMES, id);

/** Small UI glyphs used across the app, kept here so no icon library is needed. */
export const GLYPHS = {
  heart:
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z',
  share:
    'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M18 6L6 18M6 6l12 12',
  filter: 'M22 3H2l8 9.5V19l4 2v-8.5z',
  plus: 'M12 5v14M5 12h14',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
  globe: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20',
  user: 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  whatsapp: 'M3 21l1.7-5A9 9 0 1 1 8 19.3zM9 9c0 3 3 6 6 6l1.5-1.5-2-1-1 1c-1 0-3-2-3-3l1-1-1-2z',
  map: 'M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  home: 'M3 11l9-8 9 8M5 10v10h14V10',
  x: 'M18 6L6 18M6 6l12 12',
  bell: 'M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0',
} as const;
