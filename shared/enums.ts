/**
 * Enumerations of the product with their Spanish labels. The spec's lists differ between screens
 * (filter list, shortcut carousel, full list); every reading is kept here, once.
 */

export const CATEGORY_LABELS = {
  tickets: 'Tickets',
  ropa: 'Ropa',
  libros: 'Libros',
  electronica: 'Electrónica',
  comida: 'Comida',
  musica: 'Música',
  transporte: 'Transporte',
  muebles: 'Muebles',
  servicios: 'Servicios',
  otros: 'Otros',
  'instrumentos-musicales': 'Instrumentos Musicales',
  deportes: 'Deportes',
  hogar: 'Hogar y Dormitorio',
} as const;

export type Category = keyof typeof CATEGORY_LABELS;
/** Every category a product may carry (the full list). */
export const CATEGORIES = Object.keys(CATEGORY_LABELS) as [Category, ...Category[]];

/** Categories of the filter popover and of the marketplace sections, in the spec's order. */
export const FILTER_CATEGORIES = [
  'libros',
  'electronica',
  'muebles',
  'ropa',
  'musica',
  'transporte',
  'servicios',
  'otros',
] as const satisfies readonly Category[];

/** The navigation filter knows these categories only. */
export const NAV_FILTER_CATEGORIES = [
  'libros',
  'electronica',
  'ropa',
  'muebles',
  'musica',
  'transporte',
  'servicios',
] as const satisfies readonly Category[];

/** The category shortcut carousel ('carreras' is not a category: it links to /carreras). */
export const SHORTCUTS = [
  'tickets',
  'carreras',
  'ropa',
  'libros',
  'electronica',
  'comida',
  'musica',
  'transporte',
  'muebles',
  'servicios',
  'otros',
] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

export const CAREER_LABELS = {
  economia: 'Economía',
  arquitectura: 'Arquitectura',
  ingenieria: 'Ingeniería',
  derecho: 'Derecho',
  comunicacion: 'Comunicación',
  psicologia: 'Psicología',
  administracion: 'Administración',
  medicina: 'Medicina',
  otros: 'Otros',
} as const;

export type Career = keyof typeof CAREER_LABELS;
export const CAREERS = Object.keys(CAREER_LABELS) as [Career, ...Career[]];

/** Careers of the filter popover (spec order). */
export const FILTER_CAREERS = [
  'ingenieria',
  'administracion',
  'comunicacion',
  'derecho',
  'medicina',
  'psicologia',
  'arquitectura',
  'otros',
] as const satisfies readonly Career[];

/** The navigation filter knows the first five filter careers only. */
export const NAV_FILTER_CAREERS = FILTER_CAREERS.slice(0, 5) as readonly Career[];

/** Careers of /carreras and /carrera/{career}. */
export const CAREER_PAGES = [
  'economia',
  'arquitectura',
  'ingenieria',
  'derecho',
  'comunicacion',
  'psicologia',
] as const satisfies readonly Career[];

/** Careers that get a badge on product cards. */
export const CAREER_BADGES = [
  'economia',
  'arquitectura',
  'ingenieria',
  'derecho',
  'comunicacion',
] as const satisfies readonly Career[];

export const CONDITION_LABELS = { nuevo: 'Nuevo', usado: 'Usado' } as const;
export type Condition = keyof typeof CONDITION_LABELS;
export const CONDITIONS = ['nuevo', 'usado'] as const satisfies readonly Condition[];
export const DEFAULT_CONDITION: Condition = 'usado';

export const SORT_LABELS = {
  newest: 'Más recientes',
  oldest: 'Más antiguos',
  'price-low': 'Precio: menor a mayor',
  'price-high': 'Precio: mayor a menor',
} as const;
export type SortOrder = keyof typeof SORT_LABELS;
export const SORT_ORDERS = [
  'newest',
  'oldest',
  'price-low',
  'price-high',
] as const satisfies readonly SortOrder[];
export const DEFAULT_SORT: SortOrder = 'newest';
