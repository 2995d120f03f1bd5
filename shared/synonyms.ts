import type { Category, Condition, SortOrder } from './enums';
import { fold, tokenize } from './text';

/**
 * The words of the spec's search keyword groups (docs/decisions/016-search-fallback-and-relevance.md),
 * used alike by both search engines and the DynamoDB fallback (shared/search-terms.ts):
 * - synonym groups: words that name the same thing (Spanish, English, Venezuelan usage). A query
 *   word of a group also matches the other words of its group, as WHOLE words (and their plurals),
 *   never through their stems: 'calculadora' must not bring in 'cálculo' through the stem 'calcul'.
 *   A category's group holds only the names of the category (every product is found by its
 *   category's name and label); its items have groups of their own, so 'laptop' finds computers,
 *   not every product of the electronics category.
 * - qualifier words: words that say what a buyer wants rather than what the product is called —
 *   'nuevo'/'usado' the condition (matched by the listing's condition or by its own words, the
 *   condition first), 'barato'/'económico'/'oferta' cheaper first, 'caro' dearer first
 *   (readQualifiers below). The spec's other qualifier words (grande, pequeño, bueno, rápido)
 *   describe the product, so they stay words to find, with their synonyms.
 * Every word is a single folded token (a test checks it).
 */
export const CATEGORY_NAMES: Record<Category, readonly string[]> = {
  libros: ['libro', 'libros', 'book', 'books', 'textbook'],
  electronica: ['electronica', 'electronico', 'electronicos', 'electronics', 'electronic'],
  muebles: ['mueble', 'muebles', 'furniture'],
  ropa: ['ropa', 'clothes', 'clothing'],
  musica: ['musica', 'music', 'musical'],
  transporte: ['transporte', 'transport', 'transportation'],
  servicios: ['servicio', 'servicios', 'service', 'services'],
  otros: ['otros', 'otro', 'other', 'others', 'varios', 'misc'],
  tickets: ['ticket', 'tickets', 'entrada', 'entradas', 'boleto', 'boletos'],
  comida: ['comida', 'comidas', 'food'],
  'instrumentos-musicales': ['instrumento', 'instrumentos', 'instrument', 'instruments'],
  deportes: ['deporte', 'deportes', 'sport', 'sports'],
  hogar: ['hogar', 'home'],
};

/** Groups of words for the same kind of item (singular forms; plurals match too). */
export const ITEM_SYNONYMS: readonly (readonly string[])[] = [
  // electronics
  ['laptop', 'portatil', 'notebook', 'computadora', 'computador', 'computer'],
  ['celular', 'telefono', 'phone', 'smartphone', 'movil'],
  ['tablet', 'tableta', 'ipad'],
  ['audifonos', 'audifono', 'headphones', 'auriculares', 'earbuds'],
  ['cargador', 'charger'],
  ['calculadora', 'calculator'],
  ['parlante', 'cornetas', 'speaker', 'altavoz'],
  // furniture and home
  ['silla', 'chair'],
  ['mesa', 'table'],
  ['escritorio', 'desk'],
  ['estante', 'shelf', 'repisa'],
  ['cama', 'bed'],
  ['colchon', 'mattress'],
  ['lampara', 'lamp'],
  ['nevera', 'refrigerador', 'fridge'],
  ['cocina', 'kitchen'],
  // clothes
  ['camisa', 'shirt', 'franela', 'camiseta', 'tshirt'],
  ['pantalon', 'pants', 'jean', 'jeans'],
  ['zapato', 'zapatos', 'shoe', 'shoes', 'calzado'],
  ['vestido', 'dress'],
  ['chaqueta', 'jacket'],
  // music
  ['guitarra', 'guitar'],
  ['teclado', 'keyboard'],
  ['violin'],
  ['flauta', 'flute'],
  // transport
  ['bicicleta', 'bici', 'bike', 'bicycle'],
  ['moto', 'motocicleta', 'motorcycle', 'motorbike'],
  ['carro', 'car', 'automovil'],
  ['patineta', 'skateboard', 'scooter', 'monopatin'],
  ['cola', 'aventon', 'ride', 'carpool'],
  ['casco', 'helmet'],
  // services
  ['clase', 'clases', 'tutoria', 'tutor', 'preparaduria', 'asesoria', 'tutoring', 'lessons'],
  ['reparacion', 'repair', 'arreglo'],
  ['diseno', 'design'],
  // tickets
  ['concierto', 'concert'],
  ['evento', 'event'],
  // food
  ['postre', 'dessert', 'dulce'],
  ['merienda', 'snack'],
  ['almuerzo', 'lunch'],
  // sport
  ['balon', 'pelota', 'ball'],
  ['raqueta', 'racket'],
  ['pesas', 'mancuernas', 'weights', 'dumbbells'],
  ['gym', 'gimnasio'],
];

/** The spec's qualifier words that describe the product: found in its text, with their synonyms. */
export const DESCRIPTIVE_SYNONYMS: readonly (readonly string[])[] = [
  ['grande', 'big', 'large', 'amplio', 'amplia'],
  ['pequeno', 'pequena', 'small', 'mini', 'compacto', 'compacta'],
  ['bueno', 'buena', 'buen', 'good', 'excelente', 'excellent', 'perfecto', 'perfecta', 'impecable'],
  ['rapido', 'rapida', 'fast', 'quick', 'veloz'],
];

/** Every synonym group, folded and without repeats. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ...Object.values(CATEGORY_NAMES),
  ...ITEM_SYNONYMS,
  ...DESCRIPTIVE_SYNONYMS,
].map((group) => [...new Set(group.map(fold))]);

const groupsByWord = new Map<string, Set<string>>();
for (const group of SYNONYM_GROUPS) {
  for (const word of group) {
    const set = groupsByWord.get(word) ?? new Set<string>();
    for (const w of group) set.add(w);
    groupsByWord.set(word, set);
  }
}

/**
 * A word and its plural forms: a vowel takes 's' ('silla' → sillas, 'phone' → phones), a final 'z'
 * becomes 'ces' ('lapiz' → lapices), another consonant takes 'es' in Spanish or 's' in English
 * ('colchon' → colchones, 'laptop' → laptops).
 */
export function pluralForms(word: string): string[] {
  if (word.endsWith('s')) return [word];
  if (word.endsWith('z')) return [word, `${word.slice(0, -1)}ces`];
  if (/[aeiou]$/.test(word)) return [word, `${word}s`];
  return [word, `${word}s`, `${word}es`];
}

/** The singulars a plural word may stand for: 'sillas' → silla, 'colchones' → colchon, 'lapices' → lapiz. */
export function singularsOf(word: string): string[] {
  const out: string[] = [];
  if (word.length < 4) return out;
  if (word.endsWith('ces')) out.push(`${word.slice(0, -3)}z`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  return out;
}

/**
 * The other whole words a query word stands for: the words of its synonym group (the group of the
 * word itself, or of its singular) and their plural forms, without the word. Empty when the word
 * belongs to no group.
 */
export function synonymsOf(word: string): string[] {
  const folded = fold(word);
  const group =
    groupsByWord.get(folded) ??
    singularsOf(folded)
      .map((s) => groupsByWord.get(s))
      .find((g) => g !== undefined);
  if (!group) return [];
  const out = new Set<string>();
  for (const w of group) for (const form of pluralForms(w)) out.add(form);
  out.delete(folded);
  return [...out];
}

/** What a qualifier word means: a condition, or an order of the results. */
export interface QualifierMeaning {
  condition?: Condition;
  sort?: SortOrder;
}

/**
 * The spec's qualifier words that say what the buyer wants (phrases of two words allowed). 'cara'
 * is left out of 'caro' (it also means face: 'crema para la cara'), 'segunda' alone out of 'usado'
 * ('segunda edición').
 */
export const QUALIFIERS: readonly { words: readonly string[]; means: QualifierMeaning }[] = [
  {
    words: ['nuevo', 'nueva', 'nuevos', 'nuevas', 'new', 'sellado', 'sellada', 'estrenar'],
    means: { condition: 'nuevo' },
  },
  {
    words: ['usado', 'usada', 'usados', 'usadas', 'used', 'secondhand', 'segunda mano', 'second hand'],
    means: { condition: 'usado' },
  },
  {
    words: [
      'barato',
      'barata',
      'baratos',
      'baratas',
      'economico',
      'economica',
      'economicos',
      'economicas',
      'oferta',
      'ofertas',
      'ganga',
      'gangas',
      'cheap',
      'bargain',
    ],
    means: { sort: 'price-low' },
  },
  {
    words: ['caro', 'caros', 'costoso', 'costosa', 'costosos', 'costosas', 'lujo', 'expensive', 'luxury'],
    means: { sort: 'price-high' },
  },
];

/** Gender and number endings of a Spanish adjective: 'nuevo', 'nueva', 'nuevos', 'nuevas'. */
const INFLECTION = /(?:os|as|o|a)$/;
const conditionForms = new Map<string, string[]>();
for (const { words, means } of QUALIFIERS) {
  if (!means.condition) continue;
  const single = words.map(fold).filter((w) => !w.includes(' '));
  for (const w of single) {
    if (!INFLECTION.test(w)) continue;
    const stem = w.replace(INFLECTION, '');
    conditionForms.set(
      w,
      single.filter((o) => o !== w && INFLECTION.test(o) && o.replace(INFLECTION, '') === stem),
    );
  }
}

/**
 * The other forms of a condition word, as whole words its soft match accepts in a listing's text
 * (docs/decisions/046): 'nuevos' → nuevo, nueva, nuevas ('sillas nuevos' finds 'Silla casi nueva').
 * Empty for any other word.
 */
export function conditionFormsOf(word: string): string[] {
  return conditionForms.get(word) ?? [];
}

const qualifierPhrases = QUALIFIERS.flatMap(({ words, means }) =>
  words.map((w) => ({ tokens: tokenize(w), means })),
).sort((a, b) => b.tokens.length - a.tokens.length);

/** A condition word of a query ('nueva', 'segunda mano'): its condition and its folded words. */
export interface ConditionWords {
  condition: Condition;
  words: string[];
}

/** A query read for its qualifier words (docs/decisions/046). */
export interface ReadQuery {
  /** The words to find: the query without any qualifier word. */
  text: string;
  /**
   * Its condition words, in order. Each is a soft filter: a listing of that condition, or one whose
   * own text holds the words ('casi nueva', 'como nuevo'), satisfies it; the first one's condition
   * ranks first.
   */
  conditions: ConditionWords[];
  /** The order its first order word asks for ('barato': cheaper first). */
  sort?: SortOrder;
  /** The query without its order words: what the search engines are given. */
  searched: string;
}

/**
 * Reads a search's qualifier words: 'laptop barata' → text 'laptop', sort 'price-low';
 * 'silla nueva' → text 'silla', the condition words 'nueva' (nuevo). Order words only order (they
 * leave the searched text: an order never hides a listing); condition words stay searched, as soft
 * filters. The first order word wins.
 */
export function readQualifiers(q: string): ReadQuery {
  const tokens = tokenize(q);
  const text: string[] = [];
  const searched: string[] = [];
  const conditions: ConditionWords[] = [];
  let sort: SortOrder | undefined;
  for (let i = 0; i < tokens.length; ) {
    const found = qualifierPhrases.find(({ tokens: t }) => t.every((w, k) => tokens[i + k] === w));
    if (!found) {
      text.push(tokens[i]);
      searched.push(tokens[i]);
      i++;
      continue;
    }
    if (found.means.condition) {
      conditions.push({ condition: found.means.condition, words: found.tokens });
      searched.push(...found.tokens);
    }
    if (found.means.sort) sort ??= found.means.sort;
    i += found.tokens.length;
  }
  return { text: text.join(' '), conditions, ...(sort ? { sort } : {}), searched: searched.join(' ') };
}
