import type { SortOrder } from '#shared/enums';
import type { ProductSummary } from '#shared/schemas';
import { isEmptyText, NO_TERMS, queryWord, searchableWords } from '#shared/search-terms';
import type { SearchDocument, SearchIndex, SearchQuery, SearchResult } from '../../ports/search-index';
import { writeInOrder } from './in-order-writes';
import { compareForSearch, compareForSort } from './sort-order';

/**
 * The local search engine behind the SearchIndex port (docs/decisions/003-embedded-search-engine.md).
 *
 * An in-memory inverted index over folded words. A query word matches a document word by the rule
 * of shared/search-terms.ts, looked up rather than tried word by word: its whole words (itself, its
 * singulars and plurals, its synonyms) in the postings, a word prefix in the sorted vocabulary, and,
 * for a word without synonyms, a typo within its budget (length → words, banded edit distance).
 * Every query word must match (AND); its alternatives are ORed. A condition word ('nueva') holds for
 * a document of that condition or one holding its words, and the first one's condition ranks first
 * (docs/decisions/046).
 */

interface Entry {
  doc: SearchDocument;
  summary: ProductSummary;
  words: string[];
  /** Dense integer handle of the document, used by the per-query match marks. */
  slot: number;
}

/** Sort orders kept materialised; 'oldest' is 'newest' walked backwards. */
type StoredOrder = Exclude<SortOrder, 'oldest'>;
const STORED_ORDERS: StoredOrder[] = ['newest', 'price-low', 'price-high'];

/** Batches up to this size are spliced into the sorted arrays; larger ones trigger a lazy re-sort. */
const SPLICE_LIMIT = 64;

/**
 * Levenshtein distance of `a` and `b` if at most `max`, else `max + 1`. Only the diagonal band of
 * width 2·max+1 is computed (cells outside it exceed `max` anyway), in reused buffers: the typo scan
 * runs it over every vocabulary word of a similar length.
 */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
export function withinEdits(a: string, b: string, max: number): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return false;
  if (lb + 1 > rowA.length) {
    rowA = new Int32Array(lb + 1);
    rowB = new Int32Array(lb + 1);
  }
  const big = max + 1;
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= lb; j++) prev[j] = j <= max ? j : big;
  for (let i = 1; i <= la; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(lb, i + max);
    cur[from - 1] = from - 1 === 0 ? i : big;
    if (i <= max) cur[0] = i;
    let rowMin = big;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      let v = prev[j - 1] + cost;
      const del = prev[j] + 1;
      if (del < v) v = del;
      const ins = cur[j - 1] + 1;
      if (ins < v) v = ins;
      if (v > big) v = big;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (to < lb) cur[to + 1] = big;
    if (rowMin > max) return false;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb] <= max;
}

function toSummary(doc: SearchDocument): ProductSummary {
  return {
    id: doc.id,
    title: doc.title,
    price: doc.price,
    category: doc.category,
    career: doc.career,
    condition: doc.condition,
    image: doc.image,
    ...(doc.image_variants ? { image_variants: doc.image_variants } : {}),
    university_id: doc.university_id,
    created_at: doc.created_at,
    ...(doc.status ? { status: doc.status } : {}),
    ...(doc.seller_rating ? { seller_rating: doc.seller_rating } : {}),
  };
}

function addTo<K>(map: Map<K, Set<string>>, key: K, word: string): void {
  const set = map.get(key);
  if (set) set.add(word);
  else map.set(key, new Set([word]));
}

/** Binary search: the first index whose entry sorts at or after `entry`. */
function lowerBound(list: Entry[], entry: Entry, order: StoredOrder): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareForSort(list[mid].doc, entry.doc, order) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createEmbeddedSearchIndex(): SearchIndex & { ids(): Promise<number[]> } {
  const entries = new Map<number, Entry>();
  const bySlot: (Entry | undefined)[] = [];
  const freeSlots: number[] = [];
  /** word → slots of the documents containing it */
  const postings = new Map<string, Set<number>>();
  /** word length → words, for the typo scan */
  const wordsByLength = new Map<number, Set<string>>();
  /**
   * Documents per university, per category and per both: the total of a plain listing (the count
   * the catalog asks for beside every DynamoDB page) is then a lookup, not a walk over the index.
   */
  const scopeCounts = new Map<string, number>();
  const scopeKeys = (d: { university_id: string; category: string }) => [
    `u:${d.university_id}`,
    `c:${d.category}`,
    `uc:${d.university_id}|${d.category}`,
  ];
  const countScopes = (d: SearchDocument, delta: 1 | -1) => {
    for (const k of scopeKeys(d)) scopeCounts.set(k, (scopeCounts.get(k) ?? 0) + delta);
  };
  /** All words, sorted, for prefix lookups; small writes splice, big ones leave a lazy rebuild. */
  let sortedWords: string[] | null = [];
  /** query word → the vocabulary words it matches; valid while the vocabulary is unchanged. */
  const matchCache = new Map<string, string[]>();
  const sorted: Record<StoredOrder, Entry[] | null> = { newest: [], 'price-low': [], 'price-high': [] };

  function firstAtOrAfter(list: string[], word: string): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function addWord(word: string, slot: number, splice: boolean): void {
    let slots = postings.get(word);
    if (!slots) {
      slots = new Set();
      postings.set(word, slots);
      addTo(wordsByLength, word.length, word);
      matchCache.clear();
      if (sortedWords && splice) sortedWords.splice(firstAtOrAfter(sortedWords, word), 0, word);
      else sortedWords = null;
    }
    slots.add(slot);
  }

  function removeWord(word: string, slot: number, splice: boolean): void {
    const slots = postings.get(word);
    if (!slots) return;
    slots.delete(slot);
    if (slots.size > 0) return;
    postings.delete(word);
    wordsByLength.get(word.length)?.delete(word);
    matchCache.clear();
    if (sortedWords && splice) sortedWords.splice(firstAtOrAfter(sortedWords, word), 1);
    else sortedWords = null;
  }

  function removeFromOrders(entry: Entry, splice: boolean): void {
    for (const order of STORED_ORDERS) {
      const list = sorted[order];
      if (!list) continue;
      if (!splice) {
        sorted[order] = null;
        continue;
      }
      const i = lowerBound(list, entry, order);
      if (list[i] === entry) list.splice(i, 1);
      else sorted[order] = null; // cannot happen with a total order; re-sort rather than keep a wrong one
    }
  }

  function insertIntoOrders(entry: Entry, splice: boolean): void {
    for (const order of STORED_ORDERS) {
      const list = sorted[order];
      if (!list) continue;
      if (splice) list.splice(lowerBound(list, entry, order), 0, entry);
      else sorted[order] = null;
    }
  }

  /** Removes a document; returns its slot so a replacement can reuse it. */
  function deleteEntry(id: number, splice: boolean): number | undefined {
    const old = entries.get(id);
    if (!old) return undefined;
    entries.delete(id);
    countScopes(old.doc, -1);
    bySlot[old.slot] = undefined;
    for (const w of old.words) removeWord(w, old.slot, splice);
    removeFromOrders(old, splice);
    return old.slot;
  }

  function order(which: StoredOrder): Entry[] {
    let list = sorted[which];
    if (!list) {
      list = [...entries.values()].sort((a, b) => compareForSort(a.doc, b.doc, which));
      sorted[which] = list;
    }
    return list;
  }

  function wordsWithPrefix(prefix: string): string[] {
    if (!sortedWords) sortedWords = [...postings.keys()].sort();
    const list = sortedWords;
    const out: string[] = [];
    for (let i = firstAtOrAfter(list, prefix); i < list.length && list[i].startsWith(prefix); i++)
      out.push(list[i]);
    return out;
  }

  /** The vocabulary words a query word matches (shared/search-terms.ts `wordMatches`, by lookups). */
  function matchingWords(word: string): string[] {
    const cached = matchCache.get(word);
    if (cached) return cached;
    const q = queryWord(word);
    const out = new Set<string>();
    for (const w of q.wholeWords) if (postings.has(w)) out.add(w);
    for (const w of wordsWithPrefix(q.word)) out.add(w);
    if (q.typos > 0) {
      for (let len = word.length - q.typos; len <= word.length + q.typos; len++) {
        for (const w of wordsByLength.get(len) ?? []) {
          if (!out.has(w) && withinEdits(word, w, q.typos)) out.add(w);
        }
      }
    }
    const result = [...out];
    if (matchCache.size > 1000) matchCache.clear();
    matchCache.set(word, result);
    return result;
  }

  /**
   * Marks the documents matching every query word: after word k (1-based, rarest first) a slot's
   * mark is k only if it matched words 1..k. Returns the marks, the final mark and the matched slots.
   */
  function matchAll(words: string[]): { marks: Uint8Array; full: number; hits: number[] } {
    const perWord = [...new Set(words)].slice(0, 250).map((word) => {
      const lists = matchingWords(word).map((w) => postings.get(w)!);
      return { lists, size: lists.reduce((n, l) => n + l.size, 0) };
    });
    perWord.sort((a, b) => a.size - b.size);
    const marks = new Uint8Array(bySlot.length);
    let hits: number[] = [];
    for (let k = 0; k < perWord.length; k++) {
      const next: number[] = [];
      for (const list of perWord[k].lists) {
        for (const slot of list) {
          if (marks[slot] === k) {
            marks[slot] = k + 1;
            next.push(slot);
          }
        }
      }
      hits = next;
      if (hits.length === 0) break;
    }
    return { marks, full: perWord.length, hits };
  }

  function passesFilters(d: SearchDocument, q: SearchQuery): boolean {
    return (
      (q.university === undefined || d.university_id === q.university) &&
      (q.category === undefined || d.category === q.category) &&
      (q.career === undefined || d.career === q.career) &&
      (q.condition === undefined || d.condition === q.condition) &&
      (q.minPrice === undefined || d.price >= q.minPrice) &&
      (q.maxPrice === undefined || d.price <= q.maxPrice) &&
      (!q.hideReserved || d.status !== 'reserved')
    );
  }

  const onlyScopeFilters = (q: SearchQuery) =>
    q.career === undefined &&
    q.condition === undefined &&
    q.minPrice === undefined &&
    q.maxPrice === undefined &&
    !q.hideReserved;

  const hasFilters = (q: SearchQuery) =>
    q.university !== undefined ||
    q.category !== undefined ||
    q.career !== undefined ||
    q.condition !== undefined ||
    q.minPrice !== undefined ||
    q.maxPrice !== undefined ||
    !!q.hideReserved;

  const index: ReturnType<typeof createEmbeddedSearchIndex> = {
    write: (writes) => writeInOrder(index, writes),

    async upsert(docs) {
      const splice = docs.length <= SPLICE_LIMIT;
      for (const doc of docs) {
        const slot = deleteEntry(doc.id, splice) ?? freeSlots.pop() ?? bySlot.length;
        const entry: Entry = { doc, summary: toSummary(doc), words: searchableWords(doc), slot };
        entries.set(doc.id, entry);
        countScopes(doc, 1);
        bySlot[slot] = entry;
        for (const w of entry.words) addWord(w, slot, splice);
        insertIntoOrders(entry, splice);
      }
    },

    async ids() {
      return [...entries.keys()];
    },

    async remove(ids) {
      const splice = ids.length <= SPLICE_LIMIT;
      for (const id of ids) {
        const slot = deleteEntry(id, splice);
        if (slot !== undefined) freeSlots.push(slot);
      }
    },

    async search(q): Promise<SearchResult> {
      const start = q.offset;
      const end = q.offset + q.limit;
      // The text's terms as the catalog service read them (never the text again).
      const terms = q.terms ?? NO_TERMS;
      const noText = isEmptyText(terms);
      const reverse = q.sort === 'oldest';
      const list = order(q.sort === 'oldest' ? 'newest' : q.sort);
      const page = (slice: Entry[]) => slice.map((e) => e.summary);

      if (noText && !hasFilters(q)) {
        // Everything matches: the page is a slice of the stored order.
        const from = reverse ? Math.max(0, list.length - end) : start;
        const to = reverse ? Math.max(0, list.length - start) : end;
        const slice = list.slice(from, to);
        return { items: page(reverse ? slice.reverse() : slice), total: list.length };
      }

      const selected: Entry[] = [];
      let total = 0;
      const take = (e: Entry) => {
        if (total >= start && total < end) selected.push(e);
        total++;
      };

      if (noText && onlyScopeFilters(q)) {
        // University and/or category only: the total is counted already, so stop at the page's end.
        const scopeTotal =
          scopeCounts.get(
            q.university !== undefined && q.category !== undefined
              ? `uc:${q.university}|${q.category}`
              : q.university !== undefined
                ? `u:${q.university}`
                : `c:${q.category}`,
          ) ?? 0;
        const walk = (e: Entry) => {
          if (!passesFilters(e.doc, q)) return true;
          take(e);
          return total < end;
        };
        if (reverse) {
          for (let i = list.length - 1; i >= 0; i--) if (!walk(list[i])) break;
        } else {
          for (const e of list) if (!walk(e)) break;
        }
        return { items: page(selected), total: scopeTotal };
      }

      // The words every match holds, and for each condition word the documents holding its words.
      const plain = terms.words.length > 0 ? matchAll(terms.words.map((w) => w.word)) : null;
      const byWords = terms.conditions.map((c) => new Set(matchAll(c.words.map((w) => w.word)).hits));
      const matches = (e: Entry) =>
        (plain === null || plain.marks[e.slot] === plain.full) &&
        terms.conditions.every((c, i) => e.doc.condition === c.condition || byWords[i].has(e.slot)) &&
        passesFilters(e.doc, q);
      const { preferred } = terms;

      if (plain && plain.hits.length * 16 < entries.size) {
        // Few hits: sorting them is cheaper than walking a whole stored order.
        const matched: Entry[] = [];
        for (const slot of plain.hits) {
          const e = bySlot[slot]!;
          if (matches(e)) matched.push(e);
        }
        matched.sort((a, b) => compareForSearch(a.doc, b.doc, q.sort, preferred));
        for (const e of matched) take(e);
        return { items: page(selected), total };
      }
      // The stored order, walked once per rank: the preferred condition's documents, then the others.
      const ranks: ((e: Entry) => boolean)[] =
        preferred === undefined
          ? [() => true]
          : [(e) => e.doc.condition === preferred, (e) => e.doc.condition !== preferred];
      for (const inRank of ranks) {
        if (reverse) {
          for (let i = list.length - 1; i >= 0; i--) if (inRank(list[i]) && matches(list[i])) take(list[i]);
        } else {
          for (const e of list) if (inRank(e) && matches(e)) take(e);
        }
      }
      return { items: page(selected), total };
    },

    async ready() {
      return true;
    },
  };
  return index;
}

const SHARED = Symbol.for('mercado-universitario.embedded-search-index');
type WithShared = typeof globalThis & { [SHARED]?: SearchIndex };

/**
 * The process-wide index: the local server runs the stream indexer and the search handlers in one
 * process, so both must see the same instance. It hangs off globalThis, so a module re-evaluated by
 * hot reload (`npm run dev`) still finds the documents already indexed.
 */
export function getEmbeddedSearchIndex(): SearchIndex {
  const g = globalThis as WithShared;
  g[SHARED] ??= createRebuildableEmbeddedIndex();
  return g[SHARED];
}

/**
 * The embedded engine with the reindex job's rebuild (docs/decisions/026): a fresh engine is filled
 * beside the searched one and swapped in at once. While a rebuild runs, the stream's writes go to
 * both engines, so a change made during the rebuild is never lost by the swap.
 */
export function createRebuildableEmbeddedIndex(): SearchIndex {
  let current = createEmbeddedSearchIndex();
  let building: ReturnType<typeof createEmbeddedSearchIndex> | null = null;
  const index: SearchIndex = {
    write: (writes) => writeInOrder(index, writes),
    async upsert(docs) {
      await current.upsert(docs);
      await building?.upsert(docs);
    },
    async remove(ids) {
      await current.remove(ids);
      await building?.remove(ids);
    },
    search: (query) => current.search(query),
    ready: () => current.ready(),
    ids: () => current.ids(),
    async beginRebuild() {
      const fresh = createEmbeddedSearchIndex();
      building = fresh;
      return {
        write: (docs) => fresh.upsert(docs),
        async swap() {
          if (building !== fresh) throw new Error('another rebuild replaced this one');
          current = fresh;
          building = null;
        },
        async abort() {
          if (building === fresh) building = null;
        },
      };
    },
  };
  return index;
}
