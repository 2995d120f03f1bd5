import { describe, expect, it } from 'vitest';
import { PROHIBITED_CONTENT } from '#shared/prohibited-content';
import { corpusInput, loadCorpus, score } from './corpus';
import { moderateByRules, prohibitedMatches } from './rules';

const corpus = loadCorpus();

describe('rule moderator over the Spanish corpus', () => {
  it('covers every prohibited category with at least 6 listings to flag and 6 look-alikes to pass', () => {
    for (const { id } of PROHIBITED_CONTENT) {
      expect(
        corpus.filter((c) => c.expect === 'flag' && c.terms_category === id).length,
        id,
      ).toBeGreaterThanOrEqual(6);
      expect(
        corpus.filter((c) => c.expect === 'pass' && c.lookalike_of === id).length,
        id,
      ).toBeGreaterThanOrEqual(6);
    }
  });

  for (const c of corpus) {
    it(`${c.expect === 'flag' ? 'flags' : 'passes'}: ${c.title}`, () => {
      const result = moderateByRules(corpusInput(c));
      expect(result.approved).toBe(c.expect === 'pass');
      if (c.expect === 'flag') {
        expect(result.severity).toBe('high');
        expect(prohibitedMatches(`${c.title}\n${c.description}`, c.category).map((m) => m.id)).toContain(
          c.terms_category,
        );
      }
    });
  }

  it('scores perfect precision and recall on the corpus', () => {
    const { precision, recall, misses } = score(corpus, moderateByRules);
    expect(misses).toEqual([]);
    expect(precision).toBe(1);
    expect(recall).toBe(1);
  });
});

describe('rule moderator details', () => {
  const base = {
    title: 'Calculadora Casio',
    description: 'Funciona perfecto, con tapa',
    category: 'electronica' as const,
    price: 20,
    condition: 'usado' as const,
    career: null,
    image: null,
  };

  it('ignores accents and case', () => {
    expect(moderateByRules({ ...base, title: 'CLONAZEPÁM barato' }).approved).toBe(false);
    expect(moderateByRules({ ...base, title: 'Réplica de tenis' }).approved).toBe(false);
  });

  it('warns, without refusing, about contact details in the text and implausible prices', () => {
    const spam = moderateByRules({ ...base, description: 'Escríbeme al WhatsApp 04141234567' });
    expect(spam).toMatchObject({
      approved: true,
      severity: 'medium',
      warnings: ['Patrón de spam detectado'],
    });
    const dear = moderateByRules({ ...base, price: 9000 });
    expect(dear.approved).toBe(true);
    expect(dear.warnings).toEqual(['El precio es inusualmente alto para el marketplace']);
    expect(moderateByRules(base)).toMatchObject({ approved: true, severity: 'low', warnings: [] });
  });
});
