import type { ConditionWords } from '#shared/synonyms';
import { queryWord, searchableWords, searchTerms } from '#shared/search-terms';
import type { MatchableSearch, SavedSearchIndex, SavedSearchMatch } from '../../ports/alerts';
import type { SearchDocument } from '../../ports/search-index';
import { withinEdits } from './embedded';

/**
 * The local SavedSearchIndex (docs/decisions/031): the reverse of the embedded search engine. A
 * search asks "which listings hold these words"; an alert asks "which saved searches does this
 * listing satisfy", so the index is built over the saved searches' words and a new listing is
 * matched by looking its words up, never by trying each saved search:
 * - rule 1 (whole words: the word, its singulars/plurals, its synonyms): whole word → query words;
 * - rule 2 (prefix): every prefix of a listing word is looked up among the query words;
 * - rule 3 (typos): a deletion index (SymSpell) — each query word with a typo budget k is filed
 *   under every string made by deleting up to k of its letters; a listing word's own deletions (up
 *   to 2) find every query word within k edits (and a few more, so each is confirmed by the banded
 *   Levenshtein the search engine uses).
 * Then each query word found counts once for every saved search holding it (postings per
 * university: a listing only ever alerts searches of its own university); a search whose every word
 * was found, and searches without words to find, are checked against their condition words (the
 * listing's condition, or all the words found: docs/decisions/046), the filters and the price range.
 * The rule is shared/search-terms.ts's, so an alert matches exactly what the search would find.
 */

interface Entry {
  search: MatchableSearch;
  /** The words to find (the postings' keys). */
  words: string[];
  /** Condition words ('nueva'): the listing's condition, or all their words found. */
  conditions: ConditionWords[];
  /** Every word looked up for it: its words and its condition words. */
  lookups: string[];
}

interface University {
  /** query word → saved searches of this university holding it */
  postings: Map<string, Set<string>>;
  /**
   * saved searches without words to find (filters only, or condition words only), by their
   * category ('' for none): a listing reads only its category's and the uncategorised ones, never
   * every such search
   */
  noText: Map<string, Set<string>>;
}

/** Every string made by deleting up to `max` letters of `word` (with `word` itself). */
export function deletions(word: string, max: number): Set<string> {
  const out = new Set([word]);
  let frontier = [word];
  for (let d = 0; d < max; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      for (let i = 0; i < w.length; i++) {
        const v = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(v)) {
          out.add(v);
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/** The largest typo budget of any word (shared/text.ts typoBudget): two edits. */
const MAX_TYPOS = 2;

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function drop<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

/** The words of a saved search's text: to find, and its condition words (searchTerms' reading). */
function readSearch(q: string | undefined): Pick<Entry, 'words' | 'conditions' | 'lookups'> {
  const terms = searchTerms(q);
  const words = terms.words.map((w) => w.word);
  const conditions = terms.conditions.map((c) => ({
    condition: c.condition,
    words: c.words.map((w) => w.word),
  }));
  return { words, conditions, lookups: [...new Set([...words, ...conditions.flatMap((c) => c.words)])] };
}

export function passesSearchFilters(s: MatchableSearch, d: SearchDocument): boolean {
  return (
    d.university_id === s.university &&
    (s.category === undefined || d.category === s.category) &&
    (s.career === undefined || d.career === s.career) &&
    (s.condition === undefined || d.condition === s.condition) &&
    (s.minPrice === undefined || d.price >= s.minPrice) &&
    (s.maxPrice === undefined || d.price <= s.maxPrice)
  );
}

export function createEmbeddedSavedSearchIndex(): SavedSearchIndex & { size(): number } {
  const entries = new Map<string, Entry>();
  const universities = new Map<string, University>();
  /** query word → how many saved searches hold it (its lookups live while it is held) */
  const wordUse = new Map<string, number>();
  /** rule 1: whole word → query words */
  const byWholeWord = new Map<string, Set<string>>();
  /** rule 3: deletion variant → query words with a typo budget */
  const byDeletion = new Map<string, Set<string>>();

  function addWord(word: string): void {
    const used = wordUse.get(word) ?? 0;
    wordUse.set(word, used + 1);
    if (used > 0) return;
    const q = queryWord(word);
    for (const w of q.wholeWords) add(byWholeWord, w, word);
    if (q.typos > 0) for (const v of deletions(word, q.typos)) add(byDeletion, v, word);
  }

  function dropWord(word: string): void {
    const used = wordUse.get(word) ?? 0;
    if (used > 1) {
      wordUse.set(word, used - 1);
      return;
    }
    wordUse.delete(word);
    const q = queryWord(word);
    for (const w of q.wholeWords) drop(byWholeWord, w, word);
    if (q.typos > 0) for (const v of deletions(word, q.typos)) drop(byDeletion, v, word);
  }

  function university(id: string): University {
    let u = universities.get(id);
    if (!u) {
      u = { postings: new Map(), noText: new Map() };
      universities.set(id, u);
    }
    return u;
  }

  function removeOne(id: string): void {
    const old = entries.get(id);
    if (!old) return;
    entries.delete(id);
    const u = universities.get(old.search.university);
    if (u) {
      if (old.words.length === 0) drop(u.noText, old.search.category ?? '', id);
      for (const w of old.words) drop(u.postings, w, id);
      if (u.noText.size === 0 && u.postings.size === 0) universities.delete(old.search.university);
    }
    for (const w of old.lookups) dropWord(w);
  }

  /** The query words the listing's words satisfy (rules 1–3), each found by lookups. */
  function wordsFound(docWords: readonly string[]): Set<string> {
    const found = new Set<string>();
    for (const d of docWords) {
      for (const w of byWholeWord.get(d) ?? []) found.add(w);
      for (let i = 1; i <= d.length; i++) {
        const prefix = d.slice(0, i);
        if (wordUse.has(prefix)) found.add(prefix);
      }
      if (byDeletion.size === 0 || d.length < 2) continue;
      for (const v of deletions(d, MAX_TYPOS)) {
        for (const w of byDeletion.get(v) ?? []) {
          if (!found.has(w) && withinEdits(w, d, queryWord(w).typos)) found.add(w);
        }
      }
    }
    return found;
  }

  return {
    async put(searches) {
      for (const search of searches) {
        removeOne(search.id);
        const read = readSearch(search.q);
        entries.set(search.id, { search, ...read });
        const u = university(search.university);
        if (read.words.length === 0) add(u.noText, search.category ?? '', search.id);
        for (const w of read.words) add(u.postings, w, search.id);
        for (const w of read.lookups) addWord(w);
      }
    },

    async remove(ids) {
      for (const id of ids) removeOne(id);
    },

    async match(doc, excludeUser): Promise<SavedSearchMatch[]> {
      const u = universities.get(doc.university_id);
      if (!u) return [];
      const candidates: string[] = [...(u.noText.get(doc.category) ?? []), ...(u.noText.get('') ?? [])];
      const found = wordUse.size > 0 ? wordsFound(searchableWords(doc)) : new Set<string>();
      if (u.postings.size > 0) {
        const counts = new Map<string, number>();
        for (const w of found) {
          for (const id of u.postings.get(w) ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        for (const [id, n] of counts) if (n === entries.get(id)?.words.length) candidates.push(id);
      }
      const out: SavedSearchMatch[] = [];
      for (const id of candidates) {
        const entry = entries.get(id);
        const s = entry?.search;
        if (!entry || !s?.enabled || s.user_id === excludeUser || !passesSearchFilters(s, doc)) continue;
        const conditionsHold = entry.conditions.every(
          (c) => doc.condition === c.condition || c.words.every((w) => found.has(w)),
        );
        if (conditionsHold) out.push({ id: s.id, user_id: s.user_id });
      }
      return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    async matchEach(listings) {
      return Promise.all(listings.map(({ doc, excludeUser }) => this.match(doc, excludeUser)));
    },

    size: () => entries.size,
  };
}

const SHARED = Symbol.for('mercado-universitario.embedded-saved-search-index');
type WithShared = typeof globalThis & { [SHARED]?: SavedSearchIndex };

/** The process-wide matcher of the local stack (the stream and the rebuild share it; see embedded.ts). */
export function getEmbeddedSavedSearchIndex(): SavedSearchIndex {
  const g = globalThis as WithShared;
  g[SHARED] ??= createEmbeddedSavedSearchIndex();
  return g[SHARED];
}
