import { describe, expect, it } from 'vitest';
import type { MatchableSearch, SavedSearchIndex } from '../../functions/ports/alerts';
import type { SearchDocument } from '../../functions/ports/search-index';
import { CONTRACT_DOCS } from './search-index.contract';

/**
 * The SavedSearchIndex contract (docs/decisions/031): every adapter (the embedded reverse index, the
 * OpenSearch percolator) must pass it. A listing matches a saved search exactly when the search
 * would find it: each rule of shared/search-terms.ts has a positive and a negative case, and so
 * have the university, the filters, the price range, the switch and the seller. `factory` must
 * return an EMPTY index.
 */

let n = 0;
export function savedSearch(
  s: Partial<MatchableSearch> & Pick<MatchableSearch, 'university'>,
): MatchableSearch {
  n += 1;
  return { id: `s${String(n).padStart(6, '0')}`, user_id: `user-${n}`, enabled: true, ...s };
}

/** CONTRACT_DOCS[0]: 'Calculadora científica Casio fx-570', electronica, ingenieria, $25, usado, ucv. */
const calculator: SearchDocument = CONTRACT_DOCS[0];

export function runSavedSearchIndexContract(
  name: string,
  factory: () => Promise<SavedSearchIndex> | SavedSearchIndex,
) {
  describe(`SavedSearchIndex contract: ${name}`, () => {
    /** Which of `searches` the calculator matches (by id), excluding `seller`. */
    async function matched(searches: MatchableSearch[], doc = calculator, seller: string | null = null) {
      const index = await factory();
      await index.put(searches);
      return (await index.match(doc, seller)).map((m) => m.id).sort();
    }

    it('matches text by the search rule: accents, case, plurals, synonyms, prefixes, typos', async () => {
      const yes = [
        savedSearch({ university: 'ucv', q: 'calculadora' }),
        savedSearch({ university: 'ucv', q: 'CIENTIFICA' }), // accents and case
        savedSearch({ university: 'ucv', q: 'calculadoras' }), // plural
        savedSearch({ university: 'ucv', q: 'calcu' }), // prefix
        savedSearch({ university: 'ucv', q: 'calculdora' }), // a typo within the budget
        savedSearch({ university: 'ucv', q: 'casio calculadora' }), // every word
        savedSearch({ university: 'ucv', q: 'electronica' }), // the category's label
        savedSearch({ university: 'ucv', q: 'maria' }), // the seller's name
      ];
      const no = [
        savedSearch({ university: 'ucv', q: 'computadora' }),
        savedSearch({ university: 'ucv', q: 'casio bicicleta' }), // one word missing
        savedSearch({ university: 'ucv', q: 'calxxlxdora' }), // three edits: beyond the budget of two
        savedSearch({ university: 'ucv', q: 'ladora' }), // the end of a word is no prefix
      ];
      expect(await matched([...yes, ...no])).toEqual(yes.map((s) => s.id).sort());
    });

    it('matches synonyms both ways and never a stem', async () => {
      const laptop = CONTRACT_DOCS[1]; // 'Computadora portátil HP 14', ucab
      const yes = [
        savedSearch({ university: 'ucab', q: 'laptop' }),
        savedSearch({ university: 'ucab', q: 'portatil' }),
      ];
      const no = [savedSearch({ university: 'ucab', q: 'calculo' })];
      expect(await matched([...yes, ...no], laptop)).toEqual(yes.map((s) => s.id).sort());
    });

    it('only ever inside the search university', async () => {
      const yes = savedSearch({ university: 'ucv', q: 'calculadora' });
      const no = savedSearch({ university: 'ucab', q: 'calculadora' });
      expect(await matched([yes, no])).toEqual([yes.id]);
    });

    it('applies the filters and the price range (bounds included)', async () => {
      const yes = [
        savedSearch({ university: 'ucv', category: 'electronica' }), // filters only, no text
        savedSearch({ university: 'ucv', q: 'calculadora', career: 'ingenieria', condition: 'usado' }),
        savedSearch({ university: 'ucv', q: 'calculadora', maxPrice: 25 }),
        savedSearch({ university: 'ucv', q: 'calculadora', minPrice: 25, maxPrice: 30 }),
      ];
      const no = [
        savedSearch({ university: 'ucv', category: 'libros' }),
        savedSearch({ university: 'ucv', q: 'calculadora', condition: 'nuevo' }),
        savedSearch({ university: 'ucv', q: 'calculadora', career: 'medicina' }),
        savedSearch({ university: 'ucv', q: 'calculadora', maxPrice: 24.99 }),
        savedSearch({ university: 'ucv', q: 'calculadora', minPrice: 26 }),
      ];
      expect(await matched([...yes, ...no])).toEqual(yes.map((s) => s.id).sort());
    });

    it('never matches a turned-off search, nor one of the seller', async () => {
      const on = savedSearch({ university: 'ucv', q: 'calculadora' });
      const off = savedSearch({ university: 'ucv', q: 'calculadora', enabled: false });
      const sellers = savedSearch({ university: 'ucv', q: 'calculadora', user_id: 'the-seller' });
      expect(await matched([on, off, sellers], calculator, 'the-seller')).toEqual([on.id]);
    });

    it('replaces by id and forgets removed searches', async () => {
      const index = await factory();
      const s = savedSearch({ university: 'ucv', q: 'bicicleta' });
      await index.put([s]);
      expect(await index.match(calculator, null)).toEqual([]);
      await index.put([{ ...s, q: 'calculadora' }]);
      expect(await index.match(calculator, null)).toEqual([{ id: s.id, user_id: s.user_id }]);
      await index.put([{ ...s, q: 'calculadora', enabled: false }]);
      expect(await index.match(calculator, null)).toEqual([]);
      await index.put([{ ...s, q: 'calculadora' }]);
      await index.remove([s.id, 'unknown-id']);
      expect(await index.match(calculator, null)).toEqual([]);
    });
  });
}
