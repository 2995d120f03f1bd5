import type { ListProductsQuery } from '#shared/schemas';

/**
 * Everyday searches over the demo catalogue (scripts/demo/catalogue.ts): what students type into the
 * marketplace's search box — singular and plural, with and without accents, with a typo, in English,
 * the start of a word, two or three words, the spec's qualifier words, and a few with filters.
 * The search agreement check (scripts/demo/search-agreement.ts) runs each one on the whole catalogue
 * and within one university, once through the search index and once through the DynamoDB fallback.
 */
export type CorpusQuery = Partial<Omit<ListProductsQuery, 'limit' | 'cursor'>> & { q: string };

export const EVERYDAY_QUERIES: readonly CorpusQuery[] = [
  // books and study material
  { q: 'libro' },
  { q: 'libros' },
  { q: 'libro de calculo' },
  { q: 'cálculo' },
  { q: 'calculo' },
  { q: 'stewart' },
  { q: 'física' },
  { q: 'fisica universitaria' },
  { q: 'guia de ejercicios' },
  { q: 'diccionario ingles' },
  { q: 'netter' },
  { q: 'cuadernos' },
  { q: 'novela' },
  // electronics
  { q: 'calculadora' },
  { q: 'calculadoras' },
  { q: 'calculdora' },
  { q: 'calculadora cientifica' },
  { q: 'laptop' },
  { q: 'laptops' },
  { q: 'computadora' },
  { q: 'portatil' },
  { q: 'macbook' },
  { q: 'lenovo' },
  { q: 'celular' },
  { q: 'telefono' },
  { q: 'audifonos' },
  { q: 'audífonos inalámbricos' },
  { q: 'cargador' },
  { q: 'tablet' },
  { q: 'impresora' },
  { q: 'mouse' },
  { q: 'electronica' },
  // transport
  { q: 'bicicleta' },
  { q: 'bici' },
  { q: 'moto' },
  { q: 'casco' },
  { q: 'patineta' },
  { q: 'cola' },
  // music
  { q: 'guitarra' },
  { q: 'guitara' },
  { q: 'cuatro' },
  { q: 'teclado' },
  { q: 'violin' },
  { q: 'musica' },
  // furniture and home
  { q: 'silla' },
  { q: 'sillas' },
  { q: 'escritorio' },
  { q: 'mesa' },
  { q: 'colchon' },
  { q: 'lampara' },
  { q: 'nevera' },
  { q: 'ventilador' },
  // clothes
  { q: 'ropa' },
  { q: 'franela' },
  { q: 'zapatos' },
  { q: 'zapatos de futbol' },
  { q: 'vestido' },
  { q: 'chaqueta' },
  { q: 'bata' },
  { q: 'uniforme' },
  // food
  { q: 'tequeños' },
  { q: 'comida' },
  { q: 'cafe' },
  // tickets
  { q: 'entradas' },
  { q: 'concierto' },
  { q: 'ticket' },
  { q: 'boletos' },
  // services
  { q: 'clases' },
  { q: 'tutoria' },
  { q: 'preparaduria' },
  { q: 'asesoria de tesis' },
  { q: 'diseño' },
  { q: 'reparacion' },
  // sport
  { q: 'balon' },
  { q: 'deporte' },
  { q: 'yoga' },
  // the spec's qualifier words
  { q: 'barato' },
  { q: 'laptop barata' },
  { q: 'libro economico' },
  { q: 'oferta' },
  { q: 'nuevo' },
  { q: 'libro usado' },
  { q: 'guitarra nueva' },
  { q: 'pequeño' },
  // with filters
  { q: 'calculadora', category: 'electronica' },
  { q: 'libro', condition: 'usado', sort: 'price-low' },
  { q: 'clases', maxPrice: 15 },
];
