import type { Category } from '#shared/enums';
import { LIMITS } from '#shared/limits';

/** One line per category for the page header (the dedicated pages first). */
export const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  tickets: 'Entradas para conciertos, fiestas, eventos deportivos y actividades universitarias.',
  ropa: 'Ropa, calzado y accesorios de tus compañeros a buen precio.',
  electronica: 'Teléfonos, laptops, audífonos, calculadoras y accesorios.',
  libros: 'Libros de texto, guías y novelas de segunda mano.',
  comida: 'Postres, almuerzos y comida hecha por estudiantes.',
  musica: 'Instrumentos, equipos de sonido y accesorios musicales.',
  transporte: 'Bicicletas, patinetas, cupos de carro y repuestos.',
  muebles: 'Escritorios, sillas, estantes y todo para tu cuarto.',
  servicios: 'Clases particulares, diseño, reparaciones y más servicios.',
  otros: 'Todo lo demás que ofrece tu comunidad universitaria.',
  'instrumentos-musicales': 'Guitarras, teclados, cuatros y otros instrumentos.',
  deportes: 'Equipos, ropa deportiva y accesorios para entrenar.',
  hogar: 'Artículos para el hogar y el dormitorio.',
};

/** The clothing and electronics pages show 8 skeleton cards; every other category 12 (spec). */
export const skeletonCountFor = (category: Category): number =>
  category === 'ropa' || category === 'electronica' ? LIMITS.skeletonCardsSmall : LIMITS.skeletonCards;
