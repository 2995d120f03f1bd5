import type { Category } from './enums';
import { fold, tokenize } from './text';

/**
 * Search synonym groups: Spanish and English keywords per category, and the qualifier words of the
 * spec (nuevo, usado, barato, caro, grande, pequeño, bueno, rápido). Words are stored folded.
 * A query word that belongs to a group matches any word of that group.
 */
export const CATEGORY_SYNONYMS: Record<Category, string[]> = {
  libros: [
    'libro',
    'libros',
    'book',
    'books',
    'texto',
    'manual',
    'guia',
    'cuaderno',
    'novela',
    'enciclopedia',
  ],
  electronica: [
    'electronica',
    'electronico',
    'electronics',
    'laptop',
    'computadora',
    'computer',
    'celular',
    'telefono',
    'phone',
    'tablet',
    'audifonos',
    'headphones',
    'cargador',
    'charger',
    'calculadora',
    'calculator',
  ],
  muebles: [
    'mueble',
    'muebles',
    'furniture',
    'silla',
    'chair',
    'mesa',
    'table',
    'escritorio',
    'desk',
    'estante',
    'shelf',
  ],
  ropa: [
    'ropa',
    'clothes',
    'clothing',
    'camisa',
    'shirt',
    'franela',
    'pantalon',
    'pants',
    'zapatos',
    'shoes',
    'vestido',
    'dress',
    'chaqueta',
    'jacket',
    'bata',
  ],
  musica: [
    'musica',
    'music',
    'guitarra',
    'guitar',
    'teclado',
    'keyboard',
    'piano',
    'instrumento',
    'instrument',
    'violin',
    'cuatro',
  ],
  transporte: [
    'transporte',
    'transport',
    'bicicleta',
    'bici',
    'bike',
    'bicycle',
    'moto',
    'motorcycle',
    'carro',
    'car',
    'patineta',
    'skateboard',
    'cola',
    'ride',
  ],
  servicios: [
    'servicio',
    'servicios',
    'service',
    'services',
    'clases',
    'tutoria',
    'tutoring',
    'asesoria',
    'reparacion',
    'repair',
    'diseno',
    'design',
  ],
  otros: ['otros', 'otro', 'other', 'others', 'varios', 'misc'],
  tickets: [
    'ticket',
    'tickets',
    'entrada',
    'entradas',
    'boleto',
    'boletos',
    'concierto',
    'concert',
    'evento',
    'event',
  ],
  comida: [
    'comida',
    'food',
    'postre',
    'dessert',
    'tequenos',
    'empanada',
    'snack',
    'merienda',
    'almuerzo',
    'lunch',
  ],
  'instrumentos-musicales': [
    'instrumento',
    'instrumentos',
    'instrument',
    'instruments',
    'guitarra',
    'guitar',
    'violin',
    'cuatro',
    'flauta',
    'flute',
  ],
  deportes: [
    'deporte',
    'deportes',
    'sport',
    'sports',
    'balon',
    'ball',
    'pelota',
    'raqueta',
    'racket',
    'gym',
    'pesas',
    'weights',
  ],
  hogar: [
    'hogar',
    'home',
    'dormitorio',
    'bedroom',
    'cama',
    'bed',
    'colchon',
    'mattress',
    'lampara',
    'lamp',
    'cocina',
    'kitchen',
  ],
};

export const QUALIFIER_SYNONYMS: Record<string, string[]> = {
  nuevo: ['nuevo', 'nueva', 'new', 'sellado', 'sealed', 'estrenar'],
  usado: ['usado', 'usada', 'used', 'segunda', 'second-hand', 'secondhand'],
  barato: ['barato', 'barata', 'economico', 'economica', 'cheap', 'oferta', 'ganga', 'bargain'],
  caro: ['caro', 'cara', 'expensive', 'premium', 'lujo', 'luxury'],
  grande: ['grande', 'big', 'large', 'amplio', 'amplia'],
  pequeno: ['pequeno', 'pequena', 'small', 'mini', 'compacto', 'compacta'],
  bueno: ['bueno', 'buena', 'good', 'excelente', 'excellent', 'perfecto', 'perfecta'],
  rapido: ['rapido', 'rapida', 'fast', 'quick', 'veloz'],
};

/** All groups, folded, as arrays of words. */
export const SYNONYM_GROUPS: string[][] = [
  ...Object.values(CATEGORY_SYNONYMS),
  ...Object.values(QUALIFIER_SYNONYMS),
].map((group) => [...new Set(group.map(fold))]);

const groupsByWord = new Map<string, Set<string>>();
for (const group of SYNONYM_GROUPS) {
  for (const word of group) {
    const set = groupsByWord.get(word) ?? new Set<string>();
    for (const w of group) set.add(w);
    groupsByWord.set(word, set);
  }
}

/** The word itself plus every synonym of it (folded). */
export function synonymsOf(word: string): string[] {
  const folded = fold(word);
  const set = groupsByWord.get(folded);
  return set ? [folded, ...[...set].filter((w) => w !== folded)] : [folded];
}

/** For each query word, the list of alternatives that may match it. */
export function expandQuery(q: string): string[][] {
  return tokenize(q).map((word) => synonymsOf(word));
}
