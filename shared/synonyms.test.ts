import { describe, expect, it } from 'vitest';
import { queryWord, wordMatches } from './search-terms';
import { pluralForms, QUALIFIERS, readQualifiers, SYNONYM_GROUPS, singularsOf, synonymsOf } from './synonyms';
import { tokenize } from './text';

describe('synonym groups', () => {
  it('hold single folded words (the engines look them up as whole words)', () => {
    for (const group of SYNONYM_GROUPS) for (const word of group) expect(tokenize(word)).toEqual([word]);
  });

  it('give a word the other words of its group with their plurals, never the word itself', () => {
    const laptop = synonymsOf('Laptop');
    expect(laptop).toEqual(expect.arrayContaining(['computadora', 'computadoras', 'portatiles', 'laptops']));
    expect(laptop).not.toContain('laptop');
    expect(laptop).not.toContain('calculadora');
    expect(synonymsOf('sillas')).toEqual(expect.arrayContaining(['silla', 'chair', 'chairs']));
    expect(synonymsOf('stewart')).toEqual([]);
  });

  it('no qualifier word is also a word to find', () => {
    const found = new Set(SYNONYM_GROUPS.flat());
    for (const { words } of QUALIFIERS) for (const w of words) expect(found.has(w), w).toBe(false);
  });
});

describe('singular and plural forms', () => {
  it('make Spanish and English plurals, and undo them', () => {
    expect(pluralForms('silla')).toEqual(['silla', 'sillas']);
    expect(pluralForms('colchon')).toEqual(['colchon', 'colchons', 'colchones']);
    expect(pluralForms('lapiz')).toEqual(['lapiz', 'lapices']);
    expect(singularsOf('colchones')).toContain('colchon');
    expect(singularsOf('clases')).toContain('clase');
    expect(singularsOf('lapices')).toContain('lapiz');
    expect(singularsOf('mes')).toEqual([]);
  });
});

describe('the word rule (shared/search-terms.ts)', () => {
  it('matches whole words, prefixes and typos, never a look-alike stem', () => {
    const mesa = queryWord('mesa');
    expect(wordMatches(mesa, 'mesas')).toBe(true);
    expect(wordMatches(mesa, 'table')).toBe(true);
    expect(wordMatches(mesa, 'meses')).toBe(false);
    expect(wordMatches(queryWord('calculadora'), 'calculo')).toBe(false);
    expect(wordMatches(queryWord('calcu'), 'calculadora')).toBe(true);
    expect(wordMatches(queryWord('calculdora'), 'calculadora')).toBe(true);
    // A word with synonyms is a known word: no typos ('casco' is not 'casio').
    expect(queryWord('casco').typos).toBe(0);
    expect(wordMatches(queryWord('casco'), 'casio')).toBe(false);
  });
});

describe('qualifier words', () => {
  it('order words leave the searched text; condition words stay in it, read as soft filters (decision 046)', () => {
    expect(readQualifiers('Laptop BARATA')).toMatchObject({
      text: 'laptop',
      searched: 'laptop',
      sort: 'price-low',
    });
    expect(readQualifiers('libro económico')).toMatchObject({ text: 'libro', sort: 'price-low' });
    expect(readQualifiers('oferta')).toMatchObject({ text: '', searched: '', sort: 'price-low' });
    expect(readQualifiers('guitarra nueva')).toEqual({
      text: 'guitarra',
      searched: 'guitarra nueva',
      conditions: [{ condition: 'nuevo', words: ['nueva'] }],
    });
    expect(readQualifiers('libro de segunda mano')).toMatchObject({
      text: 'libro de',
      conditions: [{ condition: 'usado', words: ['segunda', 'mano'] }],
    });
    expect(readQualifiers('moto cara')).toEqual({ text: 'moto cara', searched: 'moto cara', conditions: [] });
    expect(readQualifiers('segunda edicion')).toMatchObject({ text: 'segunda edicion', conditions: [] });
    // Every condition word is kept, in order (the first ranks first); the first order word wins.
    expect(readQualifiers('usado nuevo caro barato')).toEqual({
      text: '',
      searched: 'usado nuevo',
      conditions: [
        { condition: 'usado', words: ['usado'] },
        { condition: 'nuevo', words: ['nuevo'] },
      ],
      sort: 'price-high',
    });
  });
});
