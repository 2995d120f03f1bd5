import { CAREER_LABELS, CATEGORY_LABELS, type Condition, type SortOrder } from './enums';
import { conditionFormsOf, pluralForms, readQualifiers, singularsOf, synonymsOf } from './synonyms';
import { boundedEditDistance, tokenize, typoBudget } from './text';

/**
 * THE rule of what a search word matches, which the embedded engine, the OpenSearch query and the
 * DynamoDB fallback each implement (docs/decisions/016-search-fallback-and-relevance.md). Words are
 * folded (accents and case). A query word matches a word of a product (`searchableWords`) when:
 * 1. the product's word is one of the query word's WHOLE WORDS: the word itself, its singular or
 *    plural forms ('sillas' ~ 'silla', 'colchones' ~ 'colchon'), its synonyms with their plurals
 *    (shared/synonyms.ts: 'laptop' → 'computadora'), and for a condition word its gender and number
 *    forms ('nuevos' ~ 'nueva'). No stemming: a stem joins words that only look
 *    alike ('calculadora' and 'cálculo' share 'calcul', 'mesa' and 'meses' share 'mes');
 * 2. the product's word starts with it (word prefix): 'calcu' → 'calculadora';
 * 3. the query word has no synonyms and the product's word is within its typo budget (`typoBudget`:
 *    one edit from 4 letters, two from 8; Levenshtein, so a swap of two letters is two edits):
 *    'calculdora' → 'calculadora', 'cientifico' → 'científica'.
 * Every word of a query must match (AND).
 *
 * A condition word of the query ('nuevo', 'usada', 'segunda mano': shared/synonyms.ts
 * readQualifiers) is a soft filter (docs/decisions/046): a listing of that condition satisfies it, and
 * so does one whose words match it by the rule above ('casi nueva', 'como nuevo'); listings of the
 * first condition word's condition rank first. Order words ('barato') are not searched at all.
 */

/** What a product is found by. */
export interface Searchable {
  title: string;
  tags: readonly string[];
  category: string;
  career: string | null;
  description: string | null;
  seller_name: string;
}

/**
 * The words a product is found by, folded, without repeats: title, tags, category (id and Spanish
 * label), career (id and label), description and seller — the fields OpenSearch searches.
 */
export function searchableWords(p: Searchable): string[] {
  const parts = [
    p.title,
    p.tags.join(' '),
    p.category,
    CATEGORY_LABELS[p.category as keyof typeof CATEGORY_LABELS] ?? '',
    p.career ?? '',
    p.career ? (CAREER_LABELS[p.career as keyof typeof CAREER_LABELS] ?? '') : '',
    p.description ?? '',
    p.seller_name,
  ];
  return [...new Set(tokenize(parts.join(' ')))];
}

/** One word of a query, with what it may match. */
export interface QueryWord {
  /** The folded word. */
  word: string;
  /** Rule 1: the whole words it matches (itself, its singulars and plurals, its synonyms). */
  wholeWords: ReadonlySet<string>;
  /** Rule 3: edits tolerated; 0 for a word with synonyms (a known word) or under 4 letters. */
  typos: number;
}

export function queryWord(word: string): QueryWord {
  const synonyms = synonymsOf(word);
  const wholeWords = new Set([
    ...pluralForms(word),
    ...singularsOf(word),
    ...synonyms,
    ...conditionFormsOf(word),
  ]);
  return { word, wholeWords, typos: synonyms.length > 0 ? 0 : typoBudget(word) };
}

/** The distinct words of a query text, each with what it may match. */
export function queryWords(text: string): QueryWord[] {
  return [...new Set(tokenize(text))].map(queryWord);
}

/** Rules 1–3 for one word of a product. */
export function wordMatches(q: QueryWord, productWord: string): boolean {
  return (
    q.wholeWords.has(productWord) ||
    productWord.startsWith(q.word) ||
    (q.typos > 0 && boundedEditDistance(q.word, productWord, q.typos) <= q.typos)
  );
}

/** A condition word of a query, with what satisfies it: the listing's condition, or all its words. */
export interface ConditionTerm {
  condition: Condition;
  words: QueryWord[];
}

/**
 * What a search text asks for: the text read ONCE (by the catalog service, for a search; by the
 * saved-search index, for a stored one) and handed as it is to the engines and the DynamoDB
 * fallback, which never read the text again.
 */
export interface SearchTerms {
  /** Words every match must hold (rules 1–3). */
  words: QueryWord[];
  /** Condition words: each holds when the listing has that condition, or holds all its words. */
  conditions: ConditionTerm[];
  /** The condition ranked first: the first condition word's. */
  preferred: Condition | undefined;
  /**
   * The order its first order word asks for ('barato': cheaper first). Order words are not searched:
   * the catalog service makes this the search's order unless another than the default was chosen.
   */
  sort?: SortOrder;
}

/** A text that asks for nothing. */
export const NO_TERMS: SearchTerms = { words: [], conditions: [], preferred: undefined };

/**
 * Reads a search text (its qualifier words: shared/synonyms.ts readQualifiers): its words to find,
 * its condition words, the condition ranked first and the order its order words ask for.
 */
export function searchTerms(text: string | undefined): SearchTerms {
  const read = readQualifiers(text ?? '');
  const conditions = read.conditions.map((c) => ({
    condition: c.condition,
    words: [...new Set(c.words)].map(queryWord),
  }));
  return {
    words: queryWords(read.text),
    conditions,
    preferred: conditions[0]?.condition,
    ...(read.sort ? { sort: read.sort } : {}),
  };
}

/** Whether a search text asks for nothing: every listing in scope matches it. */
export function isEmptyText(terms: SearchTerms): boolean {
  return terms.words.length === 0 && terms.conditions.length === 0;
}

/**
 * A matcher for many products: every query word must match one of the product's words, and every
 * condition word must be its condition or match its words. Each distinct product word is judged
 * once per query word (a fallback search reads up to 2,000 products).
 */
export function searchMatcher(
  terms: SearchTerms | undefined,
): (p: Searchable & { condition: string }) => boolean {
  if (!terms || isEmptyText(terms)) return () => true;
  const judged = new Map<QueryWord, Map<string, boolean>>();
  const holds = (q: QueryWord, own: readonly string[]) => {
    let seen = judged.get(q);
    if (!seen) {
      seen = new Map();
      judged.set(q, seen);
    }
    const cache = seen;
    return own.some((w) => {
      let hit = cache.get(w);
      if (hit === undefined) {
        hit = wordMatches(q, w);
        cache.set(w, hit);
      }
      return hit;
    });
  };
  return (p) => {
    const own = searchableWords(p);
    return (
      terms.words.every((q) => holds(q, own)) &&
      terms.conditions.every((c) => p.condition === c.condition || c.words.every((q) => holds(q, own)))
    );
  };
}
